import { MATCHER_TYPES, type DialStringMatcher, type ExtensionRange } from '../RouteModel.js';
import { InvalidField } from './InvalidField.js';
import { WildcardPattern } from './WildcardPattern.js';

/**
 * Where a matcher's dial strings can be found in the route index: every dial string it matches starts with
 * `prefix`, or is one of `exact`; `never` matches nothing.
 */
export type MatcherKey =
  | { readonly kind: 'prefix'; readonly prefix: string }
  | { readonly kind: 'exact'; readonly values: ReadonlySet<string> }
  | { readonly kind: 'never' };

/**
 * A DialStringMatcher compiled once. `test` answers whether it matches; `parts` gives, for a dial string it
 * matches, the parts a target's segment can take by matchedPart: [0] the whole dial string; WILDCARD: [n] the
 * n-th wildcard capture; EXTENSION_RANGE: [1] the extension as dialled (behind the trunk); PLAIN: [1] what lies
 * between prefix and suffix. A part the matcher does not have is the empty string.
 *
 * - NEVER matches nothing. DIRECTORY: the dial string is one of the entries, exactly.
 * - EXTENSION_RANGE: the dial string is trunk + extension, the extension one or more decimal digits that lie
 *   numerically within [firstExtension, lastExtension]. The range's length is lastExtension's length; without
 *   zeroExtend the extension must have exactly that length, with zeroExtend a shorter one is padded with leading
 *   zeros to it (`5` in 000–099 is 005). A longer one never matches.
 * - WILDCARD: see WildcardPattern. PLAIN: starts with prefix and ends with suffix, the two not overlapping.
 */
export interface CompiledMatcher {
  readonly key: MatcherKey;
  test(text: string): boolean;
  parts(text: string): readonly string[];
}

export function compileMatcher(matcher: DialStringMatcher): CompiledMatcher {
  switch (matcher.type) {
    case 'NEVER':
      return { key: { kind: 'never' }, test: () => false, parts: (text) => [text] };
    case 'DIRECTORY':
      return directoryMatcher(required(matcher.directory, 'directory', 'DIRECTORY'));
    case 'EXTENSION_RANGE':
      return extensionRangeMatcher(required(matcher.extensionRange, 'extensionRange', 'EXTENSION_RANGE'));
    case 'WILDCARD':
      return wildcardMatcher(required(matcher.wildcardPattern, 'wildcardPattern', 'WILDCARD'));
    case 'PLAIN':
      return plainMatcher(required(matcher.plain, 'plain', 'PLAIN'));
    default:
      throw new InvalidField('type', `'${String(matcher.type)}' is not one of ${MATCHER_TYPES.join(', ')}`);
  }
}

function required<T>(member: T | undefined, name: string, type: string): T {
  if (member === undefined || member === null) throw new InvalidField(name, `is required for the type ${type}`);
  return member;
}

function directoryMatcher(directory: readonly string[]): CompiledMatcher {
  const entries = new Set(directory);
  return { key: { kind: 'exact', values: entries }, test: (text) => entries.has(text), parts: (text) => [text] };
}

function wildcardMatcher(pattern: string): CompiledMatcher {
  const compiled = new WildcardPattern(pattern);
  return {
    key: { kind: 'prefix', prefix: compiled.literalPrefix },
    test: (text) => compiled.test(text),
    parts: (text) => compiled.match(text) ?? [text],
  };
}

function plainMatcher(plain: { prefix: string; suffix: string }): CompiledMatcher {
  const { prefix, suffix } = plain;
  const test = (text: string) =>
    text.length >= prefix.length + suffix.length && text.startsWith(prefix) && text.endsWith(suffix);
  return {
    key: { kind: 'prefix', prefix },
    test,
    parts: (text) => [text, text.slice(prefix.length, text.length - suffix.length)],
  };
}

const DIGITS = /^\d+$/;

function extensionRangeMatcher(range: ExtensionRange): CompiledMatcher {
  const { trunk, zeroExtend } = range;
  if (!DIGITS.test(range.lastExtension))
    throw new InvalidField(
      'extensionRange.lastExtension',
      `'${range.lastExtension}' must be one or more decimal digits`,
    );
  if (!DIGITS.test(range.firstExtension))
    throw new InvalidField(
      'extensionRange.firstExtension',
      `'${range.firstExtension}' must be one or more decimal digits`,
    );
  const length = range.lastExtension.length;
  if (range.firstExtension.length > length) {
    throw new InvalidField(
      'extensionRange.firstExtension',
      `'${range.firstExtension}' is longer than lastExtension '${range.lastExtension}'`,
    );
  }
  // Equal-length digit strings compare numerically as strings.
  const first = range.firstExtension.padStart(length, '0');
  const last = range.lastExtension;
  if (first > last)
    throw new InvalidField(
      'extensionRange.firstExtension',
      `'${range.firstExtension}' is above lastExtension '${range.lastExtension}'`,
    );
  const test = (text: string): boolean => {
    if (!text.startsWith(trunk)) return false;
    const extension = text.slice(trunk.length);
    if (
      extension.length === 0 ||
      extension.length > length ||
      (!zeroExtend && extension.length < length) ||
      !DIGITS.test(extension)
    )
      return false;
    const padded = extension.length < length ? extension.padStart(length, '0') : extension;
    return padded >= first && padded <= last;
  };
  let common = 0;
  while (common < length && first[common] === last[common]) common += 1;
  return {
    // Without zeroExtend every matching dial string starts with the trunk and the digits first and last share.
    key: { kind: 'prefix', prefix: zeroExtend ? trunk : trunk + first.slice(0, common) },
    test,
    parts: (text) => [text, text.slice(trunk.length)],
  };
}
