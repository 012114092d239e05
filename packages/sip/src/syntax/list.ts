/** Split a header value on commas outside quotes and angle brackets. */
export function splitList(value: string): string[] {
  if (!value.includes(',')) {
    const whole = value.trim();
    return whole === '' ? [] : [whole];
  }
  const parts: string[] = [];
  let start = 0;
  for (let end = listItemEnd(value, 0); end >= 0; end = listItemEnd(value, start)) {
    parts.push(value.slice(start, end).trim());
    start = end + 1;
  }
  const last = value.slice(start).trim();
  if (last !== '') parts.push(last);
  return parts;
}

/** Where the list item starting at `from` ends: the index of the next comma outside quotes and angle brackets, or -1. */
export function listItemEnd(value: string, from: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = from; i < value.length; i++) {
    const ch = value.charCodeAt(i);
    if (quoted) {
      if (ch === 0x5c /* \ */ && i + 1 < value.length) i++;
      else if (ch === 0x22 /* " */) quoted = false;
    } else if (ch === 0x22) quoted = true;
    else if (ch === 0x3c /* < */) depth++;
    else if (ch === 0x3e /* > */) depth--;
    else if (ch === 0x2c /* , */ && depth === 0) return i;
  }
  return -1;
}

/**
 * The items of a list header by the grammar `item *(COMMA item)` (RFC 3261 section 7.3.1): like `splitList`, but a
 * blank item anywhere (`a,,b`, a trailing comma) is reported as undefined so a strict reader can refuse it.
 */
export function strictListItems(value: string): string[] | undefined {
  const items = splitList(value);
  if (items.includes('')) return undefined;
  if (value.trim().endsWith(',')) return undefined;
  return items;
}
