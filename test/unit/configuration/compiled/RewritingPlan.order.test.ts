import type { Row } from './rewritingSupport.js';
import { itAppliesEachRow } from './rewritingSupport.js';
import { expect } from 'chai';
import {
  RewritingPlan,
  applyRewriteRules,
} from '../../../../src/contexts/configuration/rewriting/domain/compiled/RewritingPlan.js';
import { call, rule } from './rewritingSupport.js';

const ROWS: readonly Row[] = [
  // rule order and stopping
  {
    name: 'rules run in index order, not list order',
    rules: [
      { index: 1, addPrefix: 'b' },
      { index: 0, addPrefix: 'a' },
    ],
    input: { destination: '1' },
    expected: { destination: 'ba1' },
    applied: ['0:destination', '1:destination'],
  },
  {
    name: "a later rule sees the earlier rule's result",
    rules: [
      { index: 0, prefix: '0', deleteLeadingCharacters: 1, addPrefix: '+49' },
      { index: 1, prefix: '+49', addSuffix: '!' },
    ],
    input: { destination: '030' },
    expected: { destination: '+4930!' },
  },
  {
    name: 'skipFurtherRules stops every dial string after a match',
    rules: [
      {
        index: 0,
        applyToSourceDialString: true,
        applyToDestinationDialString: false,
        prefix: '1',
        addPrefix: 's',
        skipFurtherRules: true,
      },
      { index: 1, applyToAllDialStrings: true, addPrefix: 'x' },
    ],
    input: { source: '1', destination: '2' },
    expected: { source: 's1' },
    applied: ['0:source'],
  },
  {
    name: 'skipFurtherRules of a rule that does not match stops nothing',
    rules: [
      { index: 0, prefix: '9', skipFurtherRules: true },
      { index: 1, addPrefix: 'x' },
    ],
    input: { destination: '2' },
    expected: { destination: 'x2' },
    applied: ['1:destination'],
  },
  {
    name: 'skipFurtherRules lets the rule finish on the dial strings it selects',
    rules: [
      { index: 0, applyToAllDialStrings: true, addPrefix: 'a', skipFurtherRules: true },
      { index: 1, applyToAllDialStrings: true, addPrefix: 'b' },
    ],
    input: { source: '1', destination: '2' },
    expected: { source: 'a1', destination: 'a2' },
  },
  {
    name: 'skipRulesBelow stops only the dial string it matched',
    rules: [
      { index: 0, applyToAllDialStrings: true, prefix: '1', addPrefix: 's', skipRulesBelow: true },
      { index: 1, applyToAllDialStrings: true, addPrefix: 'x' },
    ],
    input: { source: '1', destination: '2' },
    expected: { source: 's1', destination: 'x2' },
    applied: ['0:source', '1:destination'],
  },
  {
    name: 'skipRulesBelow of a rule that does not match stops nothing',
    rules: [
      { index: 0, prefix: '9', skipRulesBelow: true },
      { index: 1, addPrefix: 'x' },
    ],
    input: { destination: '2' },
    expected: { destination: 'x2' },
  },
  {
    name: 'displayName and comment change nothing but the trace name',
    rules: [{ displayName: 'national', comment: 'to E.164', addPrefix: '0' }],
    input: { destination: '1' },
    expected: { destination: '01' },
  },
];

describe('RewritingPlan', () => {
  itAppliesEachRow(ROWS);

  it('the trace names each rule that matched with the dial string before and after and why it stopped', () => {
    const { trace } = applyRewriteRules(
      [
        rule({
          displayName: 'to E.164',
          prefix: '0',
          deleteLeadingCharacters: 1,
          addPrefix: '+49',
          skipRulesBelow: true,
        }),
      ],
      call({ destination: '030 "Desk" [a]' }),
    );
    expect(trace).to.have.length(1);
    expect(trace[0]!.displayName).to.equal('to E.164');
    expect(trace[0]!.before.toString()).to.equal('030 "Desk" [a]');
    expect(trace[0]!.after.toString()).to.equal('+4930 "Desk" [a]');
    expect(trace[0]!.stop).to.equal('skipRulesBelow');
  });

  it('leaves its input untouched and answers the same input with the same output', () => {
    const input = call({ destination: '0301 [a]' });
    const plan = new RewritingPlan([
      rule({ prefix: '0', deleteLeadingCharacters: 1, tagRewrite: { clearTags: true, operations: [] } }),
    ]);
    const first = plan.apply(input);
    const second = plan.apply(input);
    expect(input.destination.toString()).to.equal('0301 [a]');
    expect(first.dialStrings.destination.equals(second.dialStrings.destination)).to.equal(true);
    expect(Object.isFrozen(first.dialStrings)).to.equal(true);
  });
});
