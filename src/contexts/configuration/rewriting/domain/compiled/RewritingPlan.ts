import { DomainError } from '../../../../../shared/domain/DomainError.js';
import {
  REWRITE_CASES,
  REWRITE_TYPES,
  TAG_MATCH_TYPES,
  TAG_OPERATION_TYPES,
  type RewriteRuleSpec,
} from '../RewriteRule.js';
import { DialString, DialStrings, type DialStringRole } from './DialStrings.js';
import { rewriteTags, tagsMatch } from './TagRules.js';

/** One rule that matched one dial string: what it was before and after. */
export interface RewriteTraceEntry {
  readonly ruleIndex: number;
  readonly displayName: string;
  readonly role: DialStringRole;
  readonly before: DialString;
  readonly after: DialString;
  /** Set when the rule stopped the rules below it: for this dial string only, or for all of them. */
  readonly stop?: 'skipRulesBelow' | 'skipFurtherRules';
}

export interface RewriteResult {
  readonly dialStrings: DialStrings;
  /** The matches in the order they happened (rule by rule, within a rule in the order of DialStrings.roles()). */
  readonly trace: readonly RewriteTraceEntry[];
}

/**
 * The dial string rewriting engine: the rules of one DialStringRewriting object (TEL_REWRITE_DOMAIN), checked and
 * put in `index` order once, applied to the dial strings of a call. Pure: no I/O, no clock.
 *
 * Semantics (the specification lists the fields only; these are the simulator's choices):
 * - Rules run in `index` order (equal indexes keep their list order). Each rule runs over the dial strings it
 *   selects: every dial string present when applyToAllDialStrings, otherwise the source when
 *   applyToSourceDialString and the destination when applyToDestinationDialString (none of the three: no
 *   dial string). Absent dial strings (no ELIN, no diversion) are never created.
 * - A rule matches a dial string when its text starts with `prefix` and ends with `suffix` without the two
 *   overlapping (empty = any), its matchTags condition holds (see TagRules), and, for `addExt`, the text ends
 *   with at least addExtTrailingDigits decimal digits. A rule that does not match changes nothing.
 * - `prefixAndSuffix`: delete deleteLeadingCharacters, then deleteTrailingCharacters (never below empty), then
 *   add addPrefix in front and addSuffix behind.
 * - `addExt`: the last addExtTrailingDigits digits leave the number and become its extension; the rest (the
 *   base number) is rewritten as for prefixAndSuffix and the result is `<base>;ext=<digits>` (the tel-URI
 *   extension parameter, RFC 3966). With addExtTrailingDigits 0 there is no extension: as prefixAndSuffix.
 * - `case` then changes the rewritten text (the base number for addExt), clearDisplayName removes the display
 *   name, tagRewrite changes the tags (see TagRules): all on the dial string as it was when the rule matched.
 * - skipRulesBelow: when the rule matched a dial string, the rules below it are skipped for THAT dial string;
 *   the other dial strings still go through them. skipFurtherRules: when the rule matched any dial string, it
 *   finishes on the dial strings it selects and then no rule below it runs, for ANY dial string.
 */
export class RewritingPlan {
  private readonly rules: readonly RewriteRuleSpec[];

  constructor(rules: readonly RewriteRuleSpec[]) {
    rules.forEach((rule, position) => checkRewriteRule(rule, `rules[${position}]`));
    this.rules = rules
      .map((rule, position) => ({ rule, position }))
      .sort((a, b) => a.rule.index - b.rule.index || a.position - b.position)
      .map(({ rule }) => rule);
  }

  apply(dialStrings: DialStrings): RewriteResult {
    const current = new Map<DialStringRole, DialString>();
    const roles = dialStrings.roles();
    for (const role of roles) current.set(role, dialStrings.get(role)!);
    const finished = new Set<DialStringRole>();
    const trace: RewriteTraceEntry[] = [];
    for (const rule of this.rules) {
      let matchedAny = false;
      for (const role of selectedRoles(rule, roles)) {
        if (finished.has(role)) continue;
        const before = current.get(role)!;
        const after = applyRule(rule, before);
        if (!after) continue;
        matchedAny = true;
        current.set(role, after);
        if (rule.skipRulesBelow) finished.add(role);
        const stop = rule.skipFurtherRules ? 'skipFurtherRules' : rule.skipRulesBelow ? 'skipRulesBelow' : undefined;
        trace.push({
          ruleIndex: rule.index,
          displayName: rule.displayName,
          role,
          before,
          after,
          ...(stop ? { stop } : {}),
        });
      }
      if (matchedAny && rule.skipFurtherRules) break;
    }
    return { dialStrings: dialStrings.with(current), trace };
  }
}

/** One-shot form: check the rules and apply them to one call's dial strings. */
export function applyRewriteRules(rules: readonly RewriteRuleSpec[], dialStrings: DialStrings): RewriteResult {
  return new RewritingPlan(rules).apply(dialStrings);
}

function selectedRoles(rule: RewriteRuleSpec, roles: readonly DialStringRole[]): readonly DialStringRole[] {
  if (rule.applyToAllDialStrings) return roles;
  return roles.filter(
    (role) =>
      (role === 'source' && rule.applyToSourceDialString) ||
      (role === 'destination' && rule.applyToDestinationDialString),
  );
}

const TRAILING_DIGITS = /\d*$/;

/** The dial string after the rule, or undefined when the rule does not match it. */
function applyRule(rule: RewriteRuleSpec, dialString: DialString): DialString | undefined {
  const text = dialString.text;
  if (
    text.length < rule.prefix.length + rule.suffix.length ||
    !text.startsWith(rule.prefix) ||
    !text.endsWith(rule.suffix)
  )
    return undefined;
  if (!tagsMatch(rule.matchTags, dialString.tags)) return undefined;
  const extensionDigits = rule.rewriteType === 'addExt' ? rule.addExtTrailingDigits : 0;
  if (extensionDigits > 0 && TRAILING_DIGITS.exec(text)![0].length < extensionDigits) return undefined;
  const base = text.slice(0, text.length - extensionDigits);
  let rewritten = changeCase(
    rule,
    rule.addPrefix +
      deleteCharacters(base, rule.deleteLeadingCharacters, rule.deleteTrailingCharacters) +
      rule.addSuffix,
  );
  if (extensionDigits > 0) rewritten += `;ext=${text.slice(text.length - extensionDigits)}`;
  let result = dialString.withText(rewritten);
  if (rule.clearDisplayName) result = result.withoutDisplayName();
  if (rule.tagRewrite) result = result.withTags(rewriteTags(rule.tagRewrite, dialString.tags));
  return result;
}

function deleteCharacters(text: string, leading: number, trailing: number): string {
  const rest = text.slice(Math.min(leading, text.length));
  return rest.slice(0, Math.max(0, rest.length - trailing));
}

function changeCase(rule: RewriteRuleSpec, text: string): string {
  if (rule.case === 'lowercase') return text.toLowerCase();
  if (rule.case === 'uppercase') return text.toUpperCase();
  return text;
}

/**
 * Checks one rule as the engine does, naming the fields under `path` (`rules[2]`): the rewriting views call it
 * before they store rules, so that stored rules always make an engine.
 */
export function checkRewriteRule(rule: RewriteRuleSpec, path: string): void {
  const field = (name: string) => (path === '' ? name : `${path}.${name}`);
  const refuse = (name: string, problem: string) => {
    throw DomainError.invalid('INVALID_REWRITE_RULE', `${field(name)} ${problem}`, [
      { field: field(name), message: problem },
    ]);
  };
  if (!Number.isInteger(rule.index)) refuse('index', 'must be an integer');
  if (!REWRITE_TYPES.includes(rule.rewriteType)) refuse('rewriteType', `must be one of ${REWRITE_TYPES.join(', ')}`);
  if (!REWRITE_CASES.includes(rule.case)) refuse('case', `must be one of ${REWRITE_CASES.join(', ')}`);
  for (const name of ['deleteLeadingCharacters', 'deleteTrailingCharacters', 'addExtTrailingDigits'] as const) {
    if (!Number.isInteger(rule[name]) || rule[name] < 0) refuse(name, 'must be an integer of 0 or more');
  }
  for (const name of ['prefix', 'suffix', 'addPrefix', 'addSuffix'] as const) {
    if (typeof rule[name] !== 'string') refuse(name, 'must be a string (empty for none)');
  }
  if (rule.matchTags && !TAG_MATCH_TYPES.includes(rule.matchTags.type))
    refuse('matchTags.type', `must be one of ${TAG_MATCH_TYPES.join(', ')}`);
  rule.tagRewrite?.operations.forEach((operation, index) => {
    if (!TAG_OPERATION_TYPES.includes(operation.type))
      refuse(`tagRewrite.operations[${index}].type`, `must be one of ${TAG_OPERATION_TYPES.join(', ')}`);
  });
}
