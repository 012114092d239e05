/** Formatting and escaping used by interpolations and built-ins (FreeMarker's defaults, en_US, UTC). */

const NUMBER = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 3,
  roundingMode: 'halfEven',
} as Intl.NumberFormatOptions);

/** `${n}`: FreeMarker's default number format in en_US: grouping, at most 3 decimals, half-even rounding. */
export function formatNumber(n: number): string {
  return NUMBER.format(n);
}

/** `?c`: the "computer" format: no grouping, `.` decimal point, INF / -INF / NaN. */
export function formatComputer(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'INF';
  if (n === -Infinity) return '-INF';
  if (Object.is(n, -0)) return '0';
  return String(n);
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** `?iso_utc` and `${date}`: ISO 8601 in UTC, seconds precision, milliseconds only when not zero. */
export function isoUtc(d: Date): string {
  const ms = d.getUTCMilliseconds();
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T` +
    `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}${ms ? `.${pad(ms, 3)}` : ''}Z`
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const dayOfYear = (d: Date): number =>
  Math.floor(
    (Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000,
  ) + 1;

/** Each pattern letter's field, given the date and how many times the letter is repeated. */
const DATE_FIELDS: Record<string, (d: Date, n: number) => string> = {
  y: (d, n) => (n === 2 ? pad(d.getUTCFullYear() % 100, 2) : pad(d.getUTCFullYear(), n)),
  M: (d, n) =>
    n >= 4 ? MONTHS[d.getUTCMonth()]! : n === 3 ? MONTHS[d.getUTCMonth()]!.slice(0, 3) : pad(d.getUTCMonth() + 1, n),
  d: (d, n) => pad(d.getUTCDate(), n),
  H: (d, n) => pad(d.getUTCHours(), n),
  k: (d, n) => pad(d.getUTCHours() === 0 ? 24 : d.getUTCHours(), n),
  K: (d, n) => pad(d.getUTCHours() % 12, n),
  h: (d, n) => pad(d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12, n),
  m: (d, n) => pad(d.getUTCMinutes(), n),
  s: (d, n) => pad(d.getUTCSeconds(), n),
  S: (d, n) => pad(d.getUTCMilliseconds(), n),
  E: (d, n) => (n >= 4 ? DAYS[d.getUTCDay()]! : DAYS[d.getUTCDay()]!.slice(0, 3)),
  a: (d) => (d.getUTCHours() < 12 ? 'AM' : 'PM'),
  D: (d, n) => pad(dayOfYear(d), n),
  u: (d) => String(d.getUTCDay() === 0 ? 7 : d.getUTCDay()),
  z: (_d, n) => (n >= 4 ? 'Coordinated Universal Time' : 'UTC'),
  Z: () => '+0000',
  X: () => 'Z',
};

/**
 * `?string("yyyy-MM-dd HH:mm:ss")`: a Java SimpleDateFormat pattern, in UTC, English names. Letters: y M d H k
 * K h m s S E a D u z Z X; text in single quotes is literal (`''` is a quote); other letters are refused.
 * Answers the formatted text or, for a bad pattern, an error description (`{ error }`).
 */
export function formatDate(d: Date, pattern: string): string | { error: string } {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === "'") {
      const quoted = readQuoted(pattern, i);
      if ('error' in quoted) return quoted;
      out += quoted.text;
      i = quoted.next;
      continue;
    }
    if (!/[A-Za-z]/.test(c)) {
      out += c;
      i++;
      continue;
    }
    let n = 1;
    while (pattern[i + n] === c) n++;
    i += n;
    const field = Object.hasOwn(DATE_FIELDS, c) ? DATE_FIELDS[c] : undefined;
    if (!field) return { error: `unsupported letter ${c} in date pattern ${JSON.stringify(pattern)}` };
    out += field(d, n);
  }
  return out;
}

/** The quoted text that starts at pattern[i] (a `'`): `''` is a quote, else the text up to the closing quote. */
function readQuoted(pattern: string, i: number): { text: string; next: number } | { error: string } {
  if (pattern[i + 1] === "'") return { text: "'", next: i + 2 };
  const close = pattern.indexOf("'", i + 1);
  if (close < 0) return { error: `unclosed quote in date pattern ${JSON.stringify(pattern)}` };
  return { text: pattern.slice(i + 1, close), next: close + 1 };
}

/** `?html`: escapes < > & " and ' for HTML text and attributes. */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** `?xml`: escapes < > & " and ' (as &apos;). */
export function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `?url`: percent-encodes UTF-8 bytes of everything but A-Z a-z 0-9 - _ . ! ~ * ' ( ). */
export function escapeUrl(s: string): string {
  return encodeURIComponent(s);
}

function escapeControl(ch: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
  return named[ch] ?? `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * `?json_string`: the inside of a JSON string literal: " and \ escaped, control characters as \n \r \t \b \f or
 * \uXXXX, U+2028 and U+2029 as \u2028 / \u2029, and `</` as `<\/` so the text is safe inside a script element.
 */
export function escapeJson(s: string): string {
  return s
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, escapeControl)
    .replace(/<\//g, '<\\/');
}

/** `?js_string`: as `?json_string`, and ' escaped as \' too. */
export function escapeJs(s: string): string {
  return escapeJson(s).replace(/'/g, "\\'");
}
