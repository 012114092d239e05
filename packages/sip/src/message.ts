/**
 * A copy of a string that shares no memory with the text it was cut from. V8 keeps a whole string alive for any
 * slice of it (13 characters or more), so a value cut from a received message and kept for long (a transaction's
 * key, a Call-ID in a map) keeps the whole message alive unless it is copied.
 */
export function unsharedCopy(value: string): string {
  return value.length < 13 ? value : ` ${value}`.slice(1);
}

/** A SIP header as it appears on the wire: canonical name, raw value. */
export interface SipHeader {
  name: string;
  value: string;
}

export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  /** In order; Content-Length is never stored here: the serializer derives it from the body. */
  headers: SipHeader[];
  body: string;
}

export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeader[];
  body: string;
}

export type SipMessage = SipRequest | SipResponse;

const CANONICAL: Record<string, string> = {
  via: 'Via',
  from: 'From',
  to: 'To',
  'call-id': 'Call-ID',
  cseq: 'CSeq',
  contact: 'Contact',
  'max-forwards': 'Max-Forwards',
  'record-route': 'Record-Route',
  route: 'Route',
  'content-type': 'Content-Type',
  'content-length': 'Content-Length',
  'user-agent': 'User-Agent',
  server: 'Server',
  allow: 'Allow',
  supported: 'Supported',
  expires: 'Expires',
  subject: 'Subject',
  'content-encoding': 'Content-Encoding',
  'www-authenticate': 'WWW-Authenticate',
  'proxy-authenticate': 'Proxy-Authenticate',
  reason: 'Reason',
};

/** Compact forms (RFC 3261 section 7.3.3 and 20). */
export const COMPACT_FORMS: Record<string, string> = {
  i: 'Call-ID',
  f: 'From',
  t: 'To',
  v: 'Via',
  m: 'Contact',
  l: 'Content-Length',
  c: 'Content-Type',
  e: 'Content-Encoding',
  k: 'Supported',
  s: 'Subject',
};

/** Names already spelled as they are kept (the common case: the names this package writes and the parser keeps). */
const SPELLED = new Map(Object.values(CANONICAL).map((name) => [name, name]));

/** The canonical spelling of a header name (compact forms expanded, case normalised for known headers). */
export function canonicalHeaderName(name: string): string {
  const known = SPELLED.get(name);
  if (known !== undefined) return known;
  const lower = name.toLowerCase();
  if (lower.length === 1 && COMPACT_FORMS[lower]) return COMPACT_FORMS[lower];
  return CANONICAL[lower] ?? name;
}

/** Headers whose values may be comma-separated lists (RFC 3261 section 7.3.1). */
const LIST_HEADERS = new Set(['Via', 'Route', 'Record-Route', 'Contact', 'Allow', 'Supported']);

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
function listItemEnd(value: string, from: number): number {
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

/** Whether a header stored as `stored` is the header whose canonical name is `canonical` (`lower` in lower case). */
function named(stored: string, canonical: string, lower: string): boolean {
  return stored === canonical || stored.toLowerCase() === lower;
}

/** All values of a header, in order; list headers are split on commas. */
export function headerValues(message: SipMessage, name: string): string[] {
  const canonical = canonicalHeaderName(name);
  const lower = canonical.toLowerCase();
  const list = LIST_HEADERS.has(canonical);
  const values: string[] = [];
  for (const h of message.headers) {
    if (!named(h.name, canonical, lower)) continue;
    if (!list) values.push(h.value);
    else for (const item of splitList(h.value)) values.push(item);
  }
  return values;
}

/** The first value of a header, or undefined. */
export function header(message: SipMessage, name: string): string | undefined {
  const canonical = canonicalHeaderName(name);
  const lower = canonical.toLowerCase();
  const list = LIST_HEADERS.has(canonical);
  for (const h of message.headers) {
    if (!named(h.name, canonical, lower)) continue;
    if (!list) return h.value;
    // the first item of the list (as splitList would give it first); a value with no item at all is skipped
    const end = listItemEnd(h.value, 0);
    if (end >= 0) return h.value.slice(0, end).trim();
    const whole = h.value.trim();
    if (whole !== '') return whole;
  }
  return undefined;
}

/**
 * Header parameters: the `;`-separated parts of `text` (blank ones skipped), each `name=value` or a bare `name`
 * (value ''); names in lower case, a later one replacing an earlier one of the same name.
 */
function parseParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf(';', start);
    if (end < 0) end = text.length;
    const part = text.slice(start, end).trim();
    if (part !== '') {
      const eq = part.indexOf('=');
      params[(eq < 0 ? part : part.slice(0, eq)).toLowerCase()] = eq < 0 ? '' : part.slice(eq + 1);
    }
    start = end + 1;
  }
  return params;
}

export interface NameAddr {
  displayName?: string;
  uri: string;
  params: Record<string, string>;
}

/** Parse a name-addr or addr-spec with header parameters (From, To, Contact, Route, Record-Route). */
export function parseNameAddr(value: string): NameAddr {
  const text = value.trim();
  let displayName: string | undefined;
  let uri: string;
  let rest: string;
  const lt = text.indexOf('<');
  if (lt >= 0) {
    const gt = text.indexOf('>', lt);
    if (gt < 0) throw new Error(`unterminated '<' in ${JSON.stringify(value)}`);
    const name = text.slice(0, lt).trim();
    if (name !== '')
      displayName = name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1).replace(/\\(.)/g, '$1') : name;
    uri = text.slice(lt + 1, gt).trim();
    rest = text.slice(gt + 1);
  } else {
    const semi = text.indexOf(';');
    uri = semi < 0 ? text : text.slice(0, semi);
    rest = semi < 0 ? '' : text.slice(semi);
  }
  const params = parseParams(rest);
  if (uri === '') throw new Error(`empty URI in ${JSON.stringify(value)}`);
  return displayName === undefined ? { uri, params } : { displayName, uri, params };
}

/** Format a name-addr: `"Display" <uri>;param=value`. */
export function formatNameAddr(addr: NameAddr): string {
  const name = addr.displayName === undefined ? '' : `"${addr.displayName.replace(/(["\\])/g, '\\$1')}" `;
  const params = Object.entries(addr.params)
    .map(([k, v]) => (v === '' ? `;${k}` : `;${k}=${v}`))
    .join('');
  return `${name}<${addr.uri}>${params}`;
}

export interface CSeq {
  seq: number;
  method: string;
}

export function parseCSeq(value: string): CSeq {
  const m = /^\s*(\d{1,10})\s+([A-Za-z!%*_+`'~.-]+)\s*$/.exec(value);
  if (!m) throw new Error(`malformed CSeq ${JSON.stringify(value)}`);
  const seq = Number(m[1]);
  if (seq >= 2 ** 31) throw new Error(`CSeq number ${seq} is not below 2**31`);
  return { seq, method: m[2] };
}

export interface Via {
  transport: string;
  host: string;
  port?: number;
  branch?: string;
  params: Record<string, string>;
}

export function parseVia(value: string): Via {
  const m = /^\s*SIP\s*\/\s*2\.0\s*\/\s*([A-Za-z]+)\s+([^\s;:]+|\[[^\]]+\])(?::(\d+))?\s*(.*)$/i.exec(value);
  if (!m) throw new Error(`malformed Via ${JSON.stringify(value)}`);
  const params = parseParams(m[4]);
  const via: Via = { transport: m[1].toUpperCase(), host: m[2], params };
  if (m[3] !== undefined) via.port = Number(m[3]);
  if (params.branch !== undefined) via.branch = params.branch;
  return via;
}

/** Serialize to wire bytes: CRLF line ends, the stored headers in order, then an exact Content-Length (UTF-8 bytes). */
export function serialize(message: SipMessage): Buffer {
  return Buffer.from(serializeToString(message), 'utf8');
}

export function serializeToString(message: SipMessage): string {
  const start =
    message.kind === 'request'
      ? `${message.method} ${message.uri} SIP/2.0`
      : `SIP/2.0 ${message.status} ${message.reason}`;
  const lines = [start];
  for (const h of message.headers) {
    if (h.name.toLowerCase() === 'content-length') continue;
    if (/[\r\n]/.test(h.value)) throw new Error(`header ${h.name} contains a line break`);
    lines.push(`${h.name}: ${h.value}`);
  }
  lines.push(`Content-Length: ${Buffer.byteLength(message.body, 'utf8')}`);
  return `${lines.join('\r\n')}\r\n\r\n${message.body}`;
}
