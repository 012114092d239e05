import { isUriPart, unescapeUri } from './chars.js';
import { splitHostPort, type HostKind } from './host.js';
import { SipSyntaxError } from './scanner.js';

/**
 * A SIP or SIPS URI (RFC 3261 section 19.1.1), its parts as written (escapes kept: compare or display them through
 * `unescapeUri`). Parameter and header names are in lower case.
 */
export interface SipUri {
  scheme: 'sip' | 'sips';
  user?: string;
  password?: string;
  /** As written; an IPv6 reference keeps its brackets (RFC 5118). */
  host: string;
  hostKind: HostKind;
  port?: number;
  /** uri-parameters, `lr` and the like with value ''. */
  params: Record<string, string>;
  /** The `?name=value&...` headers (not allowed in a Request-URI, RFC 3261 section 19.1.1 table 1). */
  headers: Record<string, string>;
}

/** Any other absolute URI (tel:, urn:, http:...), RFC 3261's absoluteURI: the scheme in lower case and the rest. */
export interface OtherUri {
  scheme: string;
  rest: string;
}

export type ParsedUri = SipUri | OtherUri;

export function isSipUri(uri: ParsedUri): uri is SipUri {
  return 'hostKind' in uri;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;

function fail(text: string, why: string): never {
  throw new SipSyntaxError(`URI ${JSON.stringify(text)}: ${why}`);
}

/** Parse a URI: a SIP or SIPS URI by RFC 3261's grammar, anything else as an absoluteURI (RFC 2396). Throws SipSyntaxError. */
export function parseUri(text: string): ParsedUri {
  const colon = text.indexOf(':');
  if (colon <= 0) fail(text, 'no scheme');
  const scheme = text.slice(0, colon);
  if (!SCHEME.test(scheme)) fail(text, 'malformed scheme');
  const lower = scheme.toLowerCase();
  const rest = text.slice(colon + 1);
  if (lower === 'sip' || lower === 'sips') return parseSipUri(text, lower, rest);
  if (rest === '' || rest.startsWith('?') || !isUriPart(rest, 'uric')) fail(text, 'malformed absolute URI');
  return { scheme: lower, rest };
}

function parseSipUri(text: string, scheme: 'sip' | 'sips', rest: string): SipUri {
  const at = rest.indexOf('@');
  const uri: SipUri = { scheme, host: '', hostKind: 'name', params: {}, headers: {} };
  if (at >= 0) readUserInfo(text, rest.slice(0, at), uri);
  const afterUser = rest.slice(at + 1);
  const hostEnd = firstOf(afterUser, ';?', afterUser.startsWith('[') ? afterUser.indexOf(']') : 0);
  const hostPort = splitHostPort(afterUser.slice(0, hostEnd));
  if (!hostPort) fail(text, 'malformed host or port');
  uri.host = hostPort.host;
  uri.hostKind = hostPort.kind;
  if (hostPort.port !== undefined) uri.port = hostPort.port;
  const tail = afterUser.slice(hostEnd);
  const question = tail.indexOf('?');
  readUriParams(text, question < 0 ? tail : tail.slice(0, question), uri.params);
  if (question >= 0) readUriHeaders(text, tail.slice(question + 1), uri.headers);
  return uri;
}

/** The index of the first of `chars` in `text` from `from`, or the length. */
function firstOf(text: string, chars: string, from: number): number {
  for (let i = Math.max(from, 0); i < text.length; i++) if (chars.includes(text.charAt(i))) return i;
  return text.length;
}

/** userinfo = ( user / telephone-subscriber ) [ ":" password ] "@" */
function readUserInfo(text: string, userinfo: string, uri: SipUri): void {
  const colon = userinfo.indexOf(':');
  const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
  if (user === '' || !isUriPart(user, 'user')) fail(text, 'malformed user');
  uri.user = user;
  if (colon >= 0) {
    const password = userinfo.slice(colon + 1);
    if (!isUriPart(password, 'password')) fail(text, 'malformed password');
    uri.password = password;
  }
}

/** uri-parameters = *( ";" uri-parameter ); each name at most once (RFC 3261 section 19.1.4). */
function readUriParams(text: string, params: string, into: Record<string, string>): void {
  if (params === '') return;
  for (const param of params.slice(1).split(';')) {
    const eq = param.indexOf('=');
    const name = (eq < 0 ? param : param.slice(0, eq)).toLowerCase();
    const value = eq < 0 ? '' : param.slice(eq + 1);
    if (name === '' || !isUriPart(name, 'param')) fail(text, 'malformed URI parameter');
    if (eq >= 0 && (value === '' || !isUriPart(value, 'param'))) fail(text, `malformed value of ${name}`);
    if (name in into) fail(text, `URI parameter ${name} given twice`);
    into[name] = value;
  }
}

/** headers = "?" header *( "&" header ); header = hname "=" hvalue */
function readUriHeaders(text: string, headers: string, into: Record<string, string>): void {
  for (const header of headers.split('&')) {
    const eq = header.indexOf('=');
    if (eq <= 0) fail(text, 'malformed URI header');
    const name = header.slice(0, eq);
    const value = header.slice(eq + 1);
    if (!isUriPart(name, 'header') || !isUriPart(value, 'header')) fail(text, 'malformed URI header');
    into[unescapeUri(name).toLowerCase()] = value;
  }
}

/** The user part of a SIP or SIPS URI with its escapes decoded (`sip:%61lice@h` → `alice`); undefined for others. */
export function uriUserOf(text: string): string | undefined {
  try {
    const uri = parseUri(text);
    return isSipUri(uri) && uri.user !== undefined ? unescapeUri(uri.user) : undefined;
  } catch {
    return undefined;
  }
}
