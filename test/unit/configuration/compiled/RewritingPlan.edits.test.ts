import type { Row } from './rewritingSupport.js';
import { itAppliesEachRow } from './rewritingSupport.js';

const ROWS: readonly Row[] = [
  // prefix / suffix conditions
  {
    name: 'prefix matches: the rule applies',
    rules: [{ prefix: '0', deleteLeadingCharacters: 1, addPrefix: '+49' }],
    input: { destination: '0301234' },
    expected: { destination: '+49301234' },
    applied: ['0:destination'],
  },
  {
    name: 'prefix does not match: nothing changes',
    rules: [{ prefix: '0', deleteLeadingCharacters: 1, addPrefix: '+49' }],
    input: { destination: '+49301234' },
    expected: {},
    applied: [],
  },
  {
    name: 'suffix matches',
    rules: [{ suffix: '#', deleteTrailingCharacters: 1 }],
    input: { destination: '1234#' },
    expected: { destination: '1234' },
  },
  {
    name: 'suffix does not match',
    rules: [{ suffix: '#', deleteTrailingCharacters: 1 }],
    input: { destination: '1234' },
    expected: {},
    applied: [],
  },
  {
    name: 'prefix and suffix may not overlap',
    rules: [{ prefix: '12', suffix: '23', addSuffix: 'x' }],
    input: { destination: '123' },
    expected: {},
    applied: [],
  },
  {
    name: 'prefix and suffix side by side match',
    rules: [{ prefix: '12', suffix: '23', addSuffix: 'x' }],
    input: { destination: '1223' },
    expected: { destination: '1223x' },
  },
  {
    name: 'empty prefix and suffix match anything, also the empty dial string',
    rules: [{ addPrefix: 'p' }],
    input: { destination: '' },
    expected: { destination: 'p' },
  },
  // prefixAndSuffix edits
  {
    name: 'deleteLeadingCharacters then deleteTrailingCharacters',
    rules: [{ deleteLeadingCharacters: 1, deleteTrailingCharacters: 2 }],
    input: { destination: '0301234' },
    expected: { destination: '3012' },
  },
  {
    name: 'deleteLeadingCharacters beyond the length leaves it empty',
    rules: [{ deleteLeadingCharacters: 9, addPrefix: 'a' }],
    input: { destination: '123' },
    expected: { destination: 'a' },
  },
  {
    name: 'deleteTrailingCharacters beyond what is left leaves it empty',
    rules: [{ deleteLeadingCharacters: 2, deleteTrailingCharacters: 5, addSuffix: 'z' }],
    input: { destination: '123' },
    expected: { destination: 'z' },
  },
  {
    name: 'addPrefix and addSuffix wrap the rest',
    rules: [{ addPrefix: '9', addSuffix: '#' }],
    input: { destination: '555' },
    expected: { destination: '9555#' },
  },
  // addExt
  {
    name: 'addExt: the trailing digits become the extension',
    rules: [{ rewriteType: 'addExt', addExtTrailingDigits: 3 }],
    input: { destination: '+4930555123' },
    expected: { destination: '+4930555;ext=123' },
  },
  {
    name: 'addExt: the base number is rewritten by the deletes and adds',
    rules: [
      { rewriteType: 'addExt', addExtTrailingDigits: 4, deleteLeadingCharacters: 1, addPrefix: '+49', addSuffix: '0' },
    ],
    input: { destination: '0305551234' },
    expected: { destination: '+49305550;ext=1234' },
  },
  {
    name: 'addExt: fewer trailing digits than asked is no match',
    rules: [{ rewriteType: 'addExt', addExtTrailingDigits: 3 }],
    input: { destination: '12ab' },
    expected: {},
    applied: [],
  },
  {
    name: 'addExt: the whole dial string may become the extension',
    rules: [{ rewriteType: 'addExt', addExtTrailingDigits: 3, addPrefix: '+4930555' }],
    input: { destination: '123' },
    expected: { destination: '+4930555;ext=123' },
  },
  {
    name: 'addExt with 0 trailing digits is prefixAndSuffix',
    rules: [{ rewriteType: 'addExt', addExtTrailingDigits: 0, addSuffix: '9' }],
    input: { destination: '123' },
    expected: { destination: '1239' },
  },
  {
    name: 'addExtTrailingDigits is ignored by prefixAndSuffix',
    rules: [{ addExtTrailingDigits: 3 }],
    input: { destination: 'ab' },
    expected: {},
    applied: ['0:destination'],
  },
  // case
  {
    name: 'case lowercase',
    rules: [{ case: 'lowercase' }],
    input: { destination: 'Alice.Smith' },
    expected: { destination: 'alice.smith' },
  },
  {
    name: 'case uppercase, after the adds',
    rules: [{ case: 'uppercase', addPrefix: 'sip-' }],
    input: { destination: 'bob' },
    expected: { destination: 'SIP-BOB' },
  },
  {
    name: 'case unchanged',
    rules: [{ case: 'unchanged', addPrefix: 'x' }],
    input: { destination: 'MiXeD' },
    expected: { destination: 'xMiXeD' },
  },
  {
    name: 'case changes the base number of addExt, not the ext parameter',
    rules: [{ rewriteType: 'addExt', addExtTrailingDigits: 2, case: 'uppercase' }],
    input: { destination: 'office12' },
    expected: { destination: 'OFFICE;ext=12' },
  },
  // display name
  {
    name: 'clearDisplayName removes the display name',
    rules: [{ clearDisplayName: true }],
    input: { destination: '200 "Reception"' },
    expected: { destination: '200' },
  },
  {
    name: 'without clearDisplayName the display name stays',
    rules: [{ addPrefix: '0' }],
    input: { destination: '200 "Reception"' },
    expected: { destination: '0200 "Reception"' },
  },
  {
    name: 'clearDisplayName of a rule that does not match does nothing',
    rules: [{ prefix: '9', clearDisplayName: true }],
    input: { destination: '200 "Reception"' },
    expected: {},
  },
];

describe('RewritingPlan', () => {
  itAppliesEachRow(ROWS);
});
