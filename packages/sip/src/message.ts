import { canonicalHeaderName, LIST_HEADERS } from './headerNames.js';
import { readAddressLiberally, type AddressHeader } from './syntax/address.js';
import { isToken } from './syntax/chars.js';
import { listItemEnd, splitList } from './syntax/list.js';
import { parseViaValue } from './syntax/via.js';

export { canonicalHeaderName, COMPACT_FORMS } from './headerNames.js';
export { splitList } from './syntax/list.js';

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
  /** The SIP-Version of a parsed request when it is not SIP/2.0 (absent: SIP/2.0); `checkRequest` answers it 505. */
  version?: string;
}

export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeader[];
  body: string;
  /** The SIP-Version of a parsed response when it is not SIP/2.0 (absent: SIP/2.0). */
  version?: string;
}

export type SipMessage = SipRequest | SipResponse;

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

export interface NameAddr {
  displayName?: string;
  uri: string;
  params: Record<string, string>;
}

/**
 * Parse a name-addr or addr-spec with header parameters (From, To, Contact, Route, Record-Route), liberally: the
 * display name is what comes before the first `<` outside quotes, the URI is not checked. `parseAddress` is the
 * strict reading by RFC 3261's grammar; the parser applies it to every message it accepts.
 */
export function parseNameAddr(value: string): NameAddr {
  const { displayName, uri, params } = readAddressLiberally(value);
  return displayName === undefined ? { uri, params } : { displayName, uri, params };
}

/**
 * The first From, To or Contact (or any name-addr header) of a message as display name, URI, parameters and tag;
 * undefined when absent or when it does not read even liberally. The display name is kept unquoted and unescaped.
 */
export function addressOf(message: SipMessage, name: string): AddressHeader | undefined {
  const value = header(message, name);
  if (value === undefined) return undefined;
  try {
    return readAddressLiberally(value);
  } catch {
    return undefined;
  }
}

/** Every Contact of a message, in order (a list header may hold several); '*' for the wildcard of a REGISTER. */
export function contactsOf(message: SipMessage): AddressHeader[] | '*' {
  const values = headerValues(message, 'Contact');
  if (values.length === 1 && values[0] === '*') return '*';
  const contacts: AddressHeader[] = [];
  for (const value of values) {
    try {
      contacts.push(readAddressLiberally(value));
    } catch {
      /* a value that does not read is skipped */
    }
  }
  return contacts;
}

/**
 * A display name as a quoted-string (RFC 3261 section 25.1): `"` and `\` and the control characters a quoted-pair
 * may carry are escaped; line breaks, which no quoted-string can carry, become spaces.
 */
export function quoteDisplayName(name: string): string {
  const escaped = name.replace(/[\r\n]+/g, ' ').replace(/["\\\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\\$&');
  return `"${escaped}"`;
}

/** Format a name-addr: `"Display" <uri>;param=value`. */
export function formatNameAddr(addr: NameAddr): string {
  const name = addr.displayName === undefined ? '' : `${quoteDisplayName(addr.displayName)} `;
  const params = Object.entries(addr.params)
    .map(([k, v]) => (v === '' ? `;${k}` : `;${k}=${v}`))
    .join('');
  return `${name}<${addr.uri}>${params}`;
}

export interface CSeq {
  seq: number;
  method: string;
}

/** CSeq = 1*DIGIT LWS Method; the number is a 32-bit unsigned integer (RFC 3261 section 8.1.1.5). */
export function parseCSeq(value: string): CSeq {
  const m = /^\s*(\d{1,10})\s+(\S+)\s*$/.exec(value);
  if (!m || !isToken(m[2])) throw new Error(`malformed CSeq ${JSON.stringify(value)}`);
  const seq = Number(m[1]);
  if (seq > 0xffffffff) throw new Error(`CSeq number ${seq} is over 2**32-1`);
  return { seq, method: m[2] };
}

export interface Via {
  transport: string;
  host: string;
  port?: number;
  branch?: string;
  params: Record<string, string>;
}

/** Parse one Via value by RFC 3261's grammar (whitespace around separators, IPv6 references, RFC 5118 received). */
export function parseVia(value: string): Via {
  const { transport, host, port, branch, params } = parseViaValue(value);
  const via: Via = { transport, host, params };
  if (port !== undefined) via.port = port;
  if (branch !== undefined) via.branch = branch;
  return via;
}

/** Serialize to wire bytes: CRLF line ends, the stored headers in order, then an exact Content-Length (UTF-8 bytes). */
export function serialize(message: SipMessage): Buffer {
  return Buffer.from(serializeToString(message), 'utf8');
}

export function serializeToString(message: SipMessage): string {
  const start =
    message.kind === 'request'
      ? `${message.method} ${message.uri} ${message.version ?? 'SIP/2.0'}`
      : `${message.version ?? 'SIP/2.0'} ${message.status} ${message.reason}`;
  const lines = [start];
  for (const h of message.headers) {
    if (h.name.toLowerCase() === 'content-length') continue;
    if (/[\r\n]/.test(h.value)) throw new Error(`header ${h.name} contains a line break`);
    lines.push(`${h.name}: ${h.value}`);
  }
  lines.push(`Content-Length: ${Buffer.byteLength(message.body, 'utf8')}`);
  return `${lines.join('\r\n')}\r\n\r\n${message.body}`;
}
