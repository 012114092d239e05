/**
 * Object ids come in two shapes on the wire: hyphenated (36 characters, `3f1c…-…`) and compact (32 upper-case
 * hex characters). Both name the same object; the canonical form stored and returned is the hyphenated one
 * in lower case.
 */
const HYPHENATED = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const COMPACT = /^[0-9a-fA-F]{32}$/;

/** The canonical id for either shape; undefined when the text is neither. */
export function canonicalObjectId(text: string): string | undefined {
  const trimmed = text.trim();
  if (HYPHENATED.test(trimmed)) return trimmed.toLowerCase();
  if (COMPACT.test(trimmed)) {
    const h = trimmed.toLowerCase();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  return undefined;
}

export function compactObjectId(id: string): string {
  return id.replace(/-/g, '').toUpperCase();
}
