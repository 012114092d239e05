/**
 * Whether `text` holds U+0000, which PostgreSQL text and jsonb cannot store: no stored row can match such a key,
 * and sending it would make the query fail instead of finding nothing.
 */
export function holdsNul(text: string): boolean {
  return text.includes('\u0000');
}
