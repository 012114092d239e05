/**
 * A rule of a dial string rewriting object (TEL_REWRITE_DOMAIN), field for field as the specification's
 * "DialStringRewriting" resource gives it. Plain immutable data: the rewriting view maps it to and from the
 * graph, the rewriting engine applies a list of them.
 */

export const REWRITE_TYPES = ['prefixAndSuffix', 'addExt'] as const;
export type RewriteType = (typeof REWRITE_TYPES)[number];

export const REWRITE_CASES = ['unchanged', 'lowercase', 'uppercase'] as const;
export type RewriteCase = (typeof REWRITE_CASES)[number];

export const TAG_MATCH_TYPES = ['or', 'and', 'xor', 'none'] as const;
export type TagMatchType = (typeof TAG_MATCH_TYPES)[number];

export const TAG_OPERATION_TYPES = ['keep', 'delete', 'add'] as const;
export type TagOperationType = (typeof TAG_OPERATION_TYPES)[number];

export interface MatchTags {
  /** Tags of a dial string (e.g. `userIp`, `userPhone`) the rule looks at. */
  readonly tagSet: readonly string[];
  /** How the set is matched against the dial string's tags: any (or), all (and), exactly one (xor), none. */
  readonly type: TagMatchType;
}

export interface TagOperation {
  readonly tag: string;
  readonly type: TagOperationType;
}

export interface TagRewrite {
  readonly operations: readonly TagOperation[];
  /** Remove every tag before the operations run. */
  readonly clearTags: boolean;
}

export interface RewriteRuleSpec {
  /** Position of the rule (0-based, the order rules are applied in). */
  readonly index: number;
  readonly displayName: string;
  readonly comment: string;
  readonly rewriteType: RewriteType;
  /** Match conditions: the dial string starts with prefix and ends with suffix (empty: any). */
  readonly prefix: string;
  readonly suffix: string;
  readonly deleteLeadingCharacters: number;
  readonly deleteTrailingCharacters: number;
  readonly addPrefix: string;
  readonly addSuffix: string;
  /** addExt: how many trailing digits of the dial string become the extension. */
  readonly addExtTrailingDigits: number;
  readonly case: RewriteCase;
  readonly clearDisplayName: boolean;
  readonly skipRulesBelow: boolean;
  readonly skipFurtherRules: boolean;
  readonly applyToSourceDialString: boolean;
  readonly applyToDestinationDialString: boolean;
  readonly applyToAllDialStrings: boolean;
  readonly matchTags?: MatchTags;
  readonly tagRewrite?: TagRewrite;
}
