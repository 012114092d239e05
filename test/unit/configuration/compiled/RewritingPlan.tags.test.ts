import type { Row } from './rewritingSupport.js';
import { itAppliesEachRow } from './rewritingSupport.js';

const ROWS: readonly Row[] = [
  // which dial strings
  {
    name: 'applyToSourceDialString only: the source',
    rules: [{ applyToSourceDialString: true, applyToDestinationDialString: false, addPrefix: '0' }],
    input: { source: '111', destination: '222' },
    expected: { source: '0111' },
    applied: ['0:source'],
  },
  {
    name: 'applyToDestinationDialString only: the destination',
    rules: [{ addPrefix: '0' }],
    input: { source: '111', destination: '222', elin: '333' },
    expected: { destination: '0222' },
  },
  {
    name: 'source and destination flags together',
    rules: [{ applyToSourceDialString: true, addPrefix: '0' }],
    input: { source: '111', destination: '222', elin: '333' },
    expected: { source: '0111', destination: '0222' },
  },
  {
    name: 'applyToAllDialStrings: every dial string present, diversions too',
    rules: [{ applyToAllDialStrings: true, applyToDestinationDialString: false, addPrefix: '0' }],
    input: {
      source: '1',
      destination: '2',
      elin: '3',
      asserted: '4',
      transferrer: '5',
      'diversions[0]': '6',
      'diversions[1]': '7',
    },
    expected: {
      source: '01',
      destination: '02',
      elin: '03',
      asserted: '04',
      transferrer: '05',
      'diversions[0]': '06',
      'diversions[1]': '07',
    },
    applied: [
      '0:source',
      '0:destination',
      '0:elin',
      '0:asserted',
      '0:transferrer',
      '0:diversions[0]',
      '0:diversions[1]',
    ],
  },
  {
    name: 'no apply flag: no dial string',
    rules: [{ applyToDestinationDialString: false, addPrefix: '0' }],
    input: {},
    expected: {},
    applied: [],
  },
  // matchTags
  {
    name: 'matchTags or: one of the set present',
    rules: [{ matchTags: { tagSet: ['userIp', 'userPhone'], type: 'or' }, addPrefix: 'x' }],
    input: { destination: '1 [userPhone]' },
    expected: { destination: 'x1 [userPhone]' },
  },
  {
    name: 'matchTags or: none present',
    rules: [{ matchTags: { tagSet: ['userIp', 'userPhone'], type: 'or' }, addPrefix: 'x' }],
    input: { destination: '1 [other]' },
    expected: {},
  },
  {
    name: 'matchTags and: all present',
    rules: [{ matchTags: { tagSet: ['a', 'b'], type: 'and' }, addPrefix: 'x' }],
    input: { destination: '1 [a,b,c]' },
    expected: { destination: 'x1 [a,b,c]' },
  },
  {
    name: 'matchTags and: one missing',
    rules: [{ matchTags: { tagSet: ['a', 'b'], type: 'and' }, addPrefix: 'x' }],
    input: { destination: '1 [a,c]' },
    expected: {},
  },
  {
    name: 'matchTags xor: exactly one present',
    rules: [{ matchTags: { tagSet: ['a', 'b'], type: 'xor' }, addPrefix: 'x' }],
    input: { destination: '1 [b]' },
    expected: { destination: 'x1 [b]' },
  },
  {
    name: 'matchTags xor: both present',
    rules: [{ matchTags: { tagSet: ['a', 'b'], type: 'xor' }, addPrefix: 'x' }],
    input: { destination: '1 [a,b]' },
    expected: {},
  },
  {
    name: 'matchTags xor: none present',
    rules: [{ matchTags: { tagSet: ['a', 'b'], type: 'xor' }, addPrefix: 'x' }],
    input: { destination: '1' },
    expected: {},
  },
  {
    name: 'matchTags none: none present',
    rules: [{ matchTags: { tagSet: ['a'], type: 'none' }, addPrefix: 'x' }],
    input: { destination: '1 [b]' },
    expected: { destination: 'x1 [b]' },
  },
  {
    name: 'matchTags none: one present',
    rules: [{ matchTags: { tagSet: ['a'], type: 'none' }, addPrefix: 'x' }],
    input: { destination: '1 [a]' },
    expected: {},
  },
  {
    name: 'matchTags with an empty tagSet is no condition',
    rules: [{ matchTags: { tagSet: [], type: 'or' }, addPrefix: 'x' }],
    input: { destination: '1' },
    expected: { destination: 'x1' },
  },
  // tagRewrite
  {
    name: 'tagRewrite clearTags removes every tag',
    rules: [{ tagRewrite: { clearTags: true, operations: [] } }],
    input: { destination: '1 [a,b]' },
    expected: { destination: '1' },
  },
  {
    name: 'tagRewrite keep keeps only the listed tags (all keeps together)',
    rules: [
      {
        tagRewrite: {
          clearTags: false,
          operations: [
            { tag: 'a', type: 'keep' },
            { tag: 'c', type: 'keep' },
          ],
        },
      },
    ],
    input: { destination: '1 [a,b,c]' },
    expected: { destination: '1 [a,c]' },
  },
  {
    name: 'tagRewrite delete removes a tag',
    rules: [{ tagRewrite: { clearTags: false, operations: [{ tag: 'b', type: 'delete' }] } }],
    input: { destination: '1 [a,b]' },
    expected: { destination: '1 [a]' },
  },
  {
    name: 'tagRewrite add adds a tag',
    rules: [{ tagRewrite: { clearTags: false, operations: [{ tag: 'userPhone', type: 'add' }] } }],
    input: { destination: '1 [a]' },
    expected: { destination: '1 [a,userPhone]' },
  },
  {
    name: 'tagRewrite order: clear, then keep, then delete, then add, whatever the list order',
    rules: [
      {
        tagRewrite: {
          clearTags: false,
          operations: [
            { tag: 'n', type: 'add' },
            { tag: 'k', type: 'delete' },
            { tag: 'k', type: 'keep' },
            { tag: 'j', type: 'keep' },
          ],
        },
      },
    ],
    input: { destination: '1 [j,k,x]' },
    expected: { destination: '1 [j,n]' },
  },
  {
    name: 'tagRewrite clearTags then add',
    rules: [{ tagRewrite: { clearTags: true, operations: [{ tag: 'new', type: 'add' }] } }],
    input: { destination: '1 [old]' },
    expected: { destination: '1 [new]' },
  },
  {
    name: 'a tagRewrite of a rule that does not match does nothing',
    rules: [{ prefix: '9', tagRewrite: { clearTags: true, operations: [] } }],
    input: { destination: '1 [a]' },
    expected: {},
  },
];

describe('RewritingPlan', () => {
  itAppliesEachRow(ROWS);
});
