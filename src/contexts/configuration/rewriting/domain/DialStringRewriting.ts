import { checkRewriteRule } from './compiled/RewritingPlan.js';
import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ParameterValue } from '../../graph/domain/ConfigObject.js';
import { checkValue } from '../../graph/domain/catalog/ParameterType.js';
import { t } from '../../graph/domain/catalog/SortDefinition.js';
import { REWRITE_RULE_FIELDS } from '../../graph/domain/catalog/sorts/routeRecords.js';
import type { RewriteRuleSpec } from './RewriteRule.js';

const RULE_RECORD = t.record(REWRITE_RULE_FIELDS);
const ROOT = '\u0000';
const DISPLAY_NAME_MAX = 255;

/** The rule as the catalog's record stores it: every field but the index (its position), absent members left out. */
export function ruleRecord(rule: RewriteRuleSpec): { [key: string]: ParameterValue } {
  const { index: _index, matchTags, tagRewrite, ...fields } = rule;
  return {
    ...fields,
    ...(matchTags ? { matchTags: { tagSet: [...matchTags.tagSet], type: matchTags.type } } : {}),
    ...(tagRewrite
      ? {
          tagRewrite: {
            operations: tagRewrite.operations.map((o) => ({ tag: o.tag, type: o.type })),
            clearTags: tagRewrite.clearTags,
          },
        }
      : {}),
  };
}

/** Problems of a rule, named as the request names it: `${prefix}.prefix`, `${prefix}.matchTags.type`, … */
export function ruleProblems(rule: RewriteRuleSpec, prefix: string): ErrorDetail[] {
  const fix = (text: string): string => text.split(ROOT).join(prefix);
  const problems = checkValue(RULE_RECORD, ruleRecord(rule), ROOT).map((d) => ({
    ...d,
    field: fix(d.field ?? ''),
    message: fix(d.message),
  }));
  if (problems.length > 0) return problems;
  // What the catalog lets through must also be what the rewriting engine can apply.
  try {
    checkRewriteRule(rule, prefix);
    return [];
  } catch (error) {
    if (error instanceof DomainError) return [...error.details];
    throw error;
  }
}

/**
 * A dial string rewriting object (TEL_REWRITE_DOMAIN): a name and an ordered list of rewrite rules. Invariants:
 * a non-empty name of at most 255 characters; every rule valid against the catalog's rule record; rule indexes
 * are positions, renumbered 0..n-1 in the order given.
 */
export class DialStringRewriting {
  private name: string;
  private ruleList: readonly RewriteRuleSpec[];

  /** `rulesField` names the rules in messages: `rules` for an object body, `` for a rules/set array. */
  constructor(
    readonly id: string,
    displayName: string,
    rules: readonly RewriteRuleSpec[],
    rulesField = 'rules',
  ) {
    this.name = DialStringRewriting.checkName(displayName);
    this.ruleList = DialStringRewriting.checkRules(rules, rulesField);
  }

  get displayName(): string {
    return this.name;
  }
  get rules(): readonly RewriteRuleSpec[] {
    return this.ruleList;
  }

  rename(displayName: string): void {
    this.name = DialStringRewriting.checkName(displayName);
  }

  /** Replaces every rule; indexes become the positions. */
  replaceRules(rules: readonly RewriteRuleSpec[], rulesField = 'rules'): void {
    this.ruleList = DialStringRewriting.checkRules(rules, rulesField);
  }

  private static checkName(displayName: string): string {
    const trimmed = displayName.trim();
    if (trimmed === '' || trimmed.length > DISPLAY_NAME_MAX) {
      throw DomainError.invalid(
        trimmed === '' ? 'DISPLAY_NAME_REQUIRED' : 'DISPLAY_NAME_TOO_LONG',
        `displayName must be 1 to ${DISPLAY_NAME_MAX} characters`,
        [
          {
            field: 'displayName',
            rule: trimmed === '' ? 'required' : 'maxLength',
            message: `displayName must be 1 to ${DISPLAY_NAME_MAX} characters`,
          },
        ],
      );
    }
    return trimmed;
  }

  private static checkRules(rules: readonly RewriteRuleSpec[], field: string): readonly RewriteRuleSpec[] {
    if (rules.length > 500) {
      throw DomainError.invalid(
        'TOO_MANY_RULES',
        `a dial string rewriting holds at most 500 rules, got ${rules.length}`,
        [{ field: field || 'rules', rule: 'maxItems', message: 'at most 500 rules' }],
      );
    }
    const problems = rules.flatMap((rule, index) => ruleProblems(rule, `${field}[${index}]`));
    if (problems.length > 0) {
      throw DomainError.invalid(
        'REWRITE_RULE_INVALID',
        `the rewrite rules are invalid: ${problems.map((d) => d.message).join('; ')}`,
        problems,
      );
    }
    return Object.freeze(rules.map((rule, index) => Object.freeze({ ...rule, index })));
  }
}
