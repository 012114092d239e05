import { expect } from 'chai';
import type { RewriteRuleSpec } from '../../../../src/contexts/configuration/rewriting/domain/RewriteRule.js';
import {
  DialString,
  DialStrings,
  type DialStringRole,
} from '../../../../src/contexts/configuration/rewriting/domain/compiled/DialStrings.js';
import { applyRewriteRules } from '../../../../src/contexts/configuration/rewriting/domain/compiled/RewritingPlan.js';

export function rule(fields: Partial<RewriteRuleSpec> = {}): RewriteRuleSpec {
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
export function ds(notation: string): DialString {
  const parsed = /^(\S*)(?: "([^"]*)")?(?: \[([^\]]*)\])?$/.exec(notation);
  if (!parsed) throw new Error(`bad dial string notation ${notation}`);
  return DialString.of(parsed[1]!, { displayName: parsed[2], tags: parsed[3] ? parsed[3].split(',') : [] });
}

export type Notations = Partial<Record<DialStringRole, string>>;

export function call(notations: Notations): DialStrings {
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

export interface Row {
  readonly name: string;
  readonly rules: readonly Partial<RewriteRuleSpec>[];
  readonly input: Notations;
  /** The dial strings that change (all others must stay as they were). */
  readonly expected: Notations;
  /** The rule indexes that matched, in trace order, as `index:role`. */
  readonly applied?: readonly string[];
}

/** One test per row: the rules applied to the input change exactly the expected dial strings. */
export function itAppliesEachRow(rows: readonly Row[]): void {
  for (const row of rows) {
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
}
