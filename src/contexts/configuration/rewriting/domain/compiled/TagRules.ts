import type { MatchTags, TagRewrite } from '../RewriteRule.js';

/**
 * The tag side of a rewrite rule. `matchTags` compares the rule's tagSet with the dial string's tags:
 * `or` any of the set present, `and` all present, `xor` exactly one present, `none` none present. An absent
 * matchTags, or one with an empty tagSet, is no condition (a rule written without tags must not turn inert).
 */
export function tagsMatch(condition: MatchTags | undefined, tags: ReadonlySet<string>): boolean {
  if (!condition || condition.tagSet.length === 0) return true;
  let present = 0;
  for (const tag of new Set(condition.tagSet)) if (tags.has(tag)) present += 1;
  switch (condition.type) {
    case 'or':
      return present > 0;
    case 'and':
      return present === new Set(condition.tagSet).size;
    case 'xor':
      return present === 1;
    case 'none':
      return present === 0;
  }
}

/**
 * The tags after a rule's tagRewrite: clearTags empties the set first; then all `keep` operations together keep
 * only the tags they list (no keep operation: keep everything); then every `delete` removes its tag; then every
 * `add` adds its tag. The order of the operations in the list does not matter.
 */
export function rewriteTags(rewrite: TagRewrite | undefined, tags: ReadonlySet<string>): ReadonlySet<string> {
  if (!rewrite) return tags;
  let result = new Set(rewrite.clearTags ? [] : tags);
  const of = (type: string) =>
    rewrite.operations.filter((operation) => operation.type === type).map((operation) => operation.tag);
  const keep = of('keep');
  if (keep.length) result = new Set([...result].filter((tag) => keep.includes(tag)));
  for (const tag of of('delete')) result.delete(tag);
  for (const tag of of('add')) result.add(tag);
  return result;
}
