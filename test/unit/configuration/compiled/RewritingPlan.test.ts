import { expect } from 'chai';
import { DomainError } from '../../../../src/shared/domain/DomainError.js';
import type { RewriteRuleSpec } from '../../../../src/contexts/configuration/rewriting/domain/RewriteRule.js';
import {
  DialString,
  DialStrings,
  type DialStringRole,
} from '../../../../src/contexts/configuration/rewriting/domain/compiled/DialStrings.js';
import {
  RewritingPlan,
  applyRewriteRules,
  checkRewriteRule,
} from '../../../../src/contexts/configuration/rewriting/domain/compiled/RewritingPlan.js';

function rule(fields: Partial<RewriteRuleSpec> = {}): RewriteRuleSpec {
  return {
    index: 0,
    displayName: 'rule',
    comment: '',
    rewriteType: 'prefixAndSuffix',
    prefix: '',
    suffix: '',
    deleteLeadingCharacters: 0,
    deleteTrailingCharacters: 0,
    addPrefix: '',
    addSuffix: '',
    addExtTrailingDigits: 0,
    case: 'unchanged',
    clearDisplayName: false,
    skipRulesBelow: false,
    skipFurtherRules: false,
    applyToSourceDialString: false,
    applyToDestinationDialString: true,
    applyToAllDialStrings: false,
    ...fields,
  };
}

/** `text "name" [tag,tag]` → a DialString (the same notation DialString.toString writes). */
function ds(notation: string): DialString {
  const parsed = /^(\S*)(?: "([^"]*)")?(?: \[([^\]]*)\])?$/.exec(notation);
  if (!parsed) throw new Error(`bad dial string notation ${notation}`);
  return DialString.of(parsed[1]!, { displayName: parsed[2], tags: parsed[3] ? parsed[3].split(',') : [] });
}

type Notations = Partial<Record<DialStringRole, string>>;

function call(notations: Notations): DialStrings {
  const diversions = Object.keys(notations)
    .filter((role) => role.startsWith('diversions'))
    .sort()
    .map((role) => ds(notations[role as DialStringRole]!));
  return new DialStrings({
    source: ds(notations.source ?? '111'),
    destination: ds(notations.destination ?? '222'),
    elin: notations.elin ? ds(notations.elin) : undefined,
    asserted: notations.asserted ? ds(notations.asserted) : undefined,
    transferrer: notations.transferrer ? ds(notations.transferrer) : undefined,
    diversions,
  });
}

interface Row {
  readonly name: string;
  readonly rules: readonly Partial<RewriteRuleSpec>[];
  readonly input: Notations;
  /** The dial strings that change (all others must stay as they were). */
  readonly expected: Notations;
  /** The rule indexes that matched, in trace order, as `index:role`. */
  readonly applied?: readonly string[];
}

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
  for (const row of ROWS) {
    it(row.name, () => {
      const input = call(row.input);
      const rules = row.rules.map((fields) => rule(fields));
      const { dialStrings, trace } = applyRewriteRules(rules, input);
      for (const role of input.roles()) {
        const expected = row.expected[role] ?? input.get(role)!.toString();
        expect(dialStrings.get(role)!.toString(), role).to.equal(ds(expected).toString());
      }
      expect(dialStrings.roles()).to.deep.equal(input.roles());
      const matched = trace.map((entry) => `${entry.ruleIndex}:${entry.role}`);
      if (row.applied) expect(matched).to.deep.equal(row.applied);
      if (Object.keys(row.expected).length === 0 && !row.applied) expect(matched).to.deep.equal([]);
    });
  }

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

  const refusals: readonly [string, Partial<RewriteRuleSpec>, string][] = [
    ['a negative deleteLeadingCharacters', { deleteLeadingCharacters: -1 }, 'rules[1].deleteLeadingCharacters'],
    ['a fractional deleteTrailingCharacters', { deleteTrailingCharacters: 1.5 }, 'rules[1].deleteTrailingCharacters'],
    ['a negative addExtTrailingDigits', { addExtTrailingDigits: -2 }, 'rules[1].addExtTrailingDigits'],
    ['an unknown rewriteType', { rewriteType: 'regex' as never }, 'rules[1].rewriteType'],
    ['an unknown case', { case: 'title' as never }, 'rules[1].case'],
    ['an unknown matchTags type', { matchTags: { tagSet: ['a'], type: 'nand' as never } }, 'rules[1].matchTags.type'],
    [
      'an unknown tag operation',
      {
        tagRewrite: {
          clearTags: false,
          operations: [
            { tag: 'a', type: 'keep' },
            { tag: 'b', type: 'rename' as never },
          ],
        },
      },
      'rules[1].tagRewrite.operations[1].type',
    ],
    ['a prefix that is not a string', { prefix: 7 as never }, 'rules[1].prefix'],
  ];
  for (const [what, fields, field] of refusals) {
    it(`refuses ${what}, naming ${field}`, () => {
      let refusal: unknown;
      try {
        new RewritingPlan([rule(), rule(fields)]);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).to.be.instanceOf(DomainError);
      expect((refusal as DomainError).code).to.equal('INVALID_REWRITE_RULE');
      expect((refusal as DomainError).message).to.contain(field);
      expect((refusal as DomainError).details[0]!.field).to.equal(field);
    });
  }
});

describe('checkRewriteRule', () => {
  it('names the fields of one rule under the path it is given', () => {
    let refusal: unknown;
    try {
      checkRewriteRule(rule({ case: 'title' as never }), 'body[3]');
    } catch (error) {
      refusal = error;
    }
    expect((refusal as DomainError).details[0]!.field).to.equal('body[3].case');
    expect(() => checkRewriteRule(rule(), 'body[0]')).not.to.throw();
  });
});
