import { isToken } from './chars.js';
import { isGenValue, paramRecord, readParams, type HeaderParam } from './params.js';
import { Scanner } from './scanner.js';
import { isSipUri, parseUri } from './uri.js';

/**
 * A From, To, Contact, Route or Record-Route value: the display name without its quotes and escapes, the URI as
 * written, the header parameters (names in lower case, values raw) and, for convenience, the tag.
 */
export interface AddressHeader {
  displayName?: string;
  uri: string;
  params: Record<string, string>;
  tag?: string;
}

export interface AddressRules {
  /** Route and Record-Route take only the name-addr form (`<uri>`). */
  nameAddrOnly?: boolean;
  /** A check of each header parameter beyond gen-value (Contact's q and expires). */
  param?: (param: HeaderParam) => boolean;
}

/**
 * Parse one name-addr or addr-spec with its header parameters by RFC 3261's grammar (sections 20.10 and 25.1):
 * display-name = *(token LWS) / quoted-string; LAQUOT addr-spec RAQUOT with no whitespace inside the brackets; an
 * addr-spec (no brackets) ends at the first ";" and its parameters are header parameters; a URI with a comma,
 * semicolon or question mark must be in brackets. Throws SipSyntaxError.
 */
export function parseAddress(value: string, rules: AddressRules = {}): AddressHeader {
  const sc = new Scanner(value, 'address');
  sc.ws();
  const { displayName, uri, bracketed } = readNameAddr(sc);
  if (rules.nameAddrOnly && !bracketed) sc.fail('expected <uri>');
  const params = readParams(sc, (p) => (p.name === 'tag' ? isToken(p.value ?? '') : checkParam(p, rules)));
  sc.end();
  return addressHeader(displayName, uri, paramRecord(params));
}

function checkParam(param: HeaderParam, rules: AddressRules): boolean {
  return isGenValue(param.value) && (rules.param === undefined || rules.param(param));
}

function addressHeader(displayName: string | undefined, uri: string, params: Record<string, string>): AddressHeader {
  const address: AddressHeader = displayName === undefined ? { uri, params } : { displayName, uri, params };
  if (params.tag !== undefined) address.tag = params.tag;
  return address;
}

function readNameAddr(sc: Scanner): { displayName?: string; uri: string; bracketed: boolean } {
  let displayName: string | undefined;
  if (sc.peek() === '"') {
    displayName = sc.quoted().text;
    sc.ws();
    if (sc.peek() !== '<') sc.fail('expected <uri> after the display name');
  } else if (sc.peek() !== '<') {
    displayName = readTokenDisplayName(sc);
    if (displayName === undefined) return { uri: readAddrSpec(sc), bracketed: false };
  }
  sc.expect('<', '<');
  const uri = sc.until((ch) => ch === '>' || ch === ' ' || ch === '\t');
  if (!sc.eat('>')) sc.fail('expected > (no whitespace inside <>)');
  checkUri(sc, uri);
  return { displayName, uri, bracketed: true };
}

/** display-name = *(token LWS) when a "<" follows the tokens; undefined (cursor unmoved) for an addr-spec. */
function readTokenDisplayName(sc: Scanner): string | undefined {
  const start = sc.pos;
  const tokens: string[] = [];
  for (let t = sc.token(); t !== ''; t = sc.token()) {
    tokens.push(t);
    if (!sc.ws()) break;
  }
  sc.ws();
  if (tokens.length > 0 && sc.peek() === '<') return tokens.join(' ');
  sc.pos = start;
  return undefined;
}

/** An addr-spec: up to whitespace or ";"; a comma or "?" would need the name-addr form. */
function readAddrSpec(sc: Scanner): string {
  const uri = sc.until((ch) => ch === ';' || ch === ',' || ch === ' ' || ch === '\t');
  checkUri(sc, uri);
  if (sc.peek() === ',') sc.fail('a URI with a comma must be enclosed in <>');
  const parsed = parseUri(uri);
  if (isSipUri(parsed) && Object.keys(parsed.headers).length > 0) sc.fail('a URI with headers must be enclosed in <>');
  return uri;
}

function checkUri(sc: Scanner, uri: string): void {
  if (uri === '') sc.fail('empty URI');
  try {
    parseUri(uri);
  } catch (e) {
    sc.fail((e as Error).message);
  }
}

/**
 * The same read liberally, for values this package does not police (what `parseNameAddr` has always accepted):
 * everything before the first "<" outside quotes is the display name (quotes removed when present), whitespace
 * inside the brackets is dropped and the URI is not checked; parameters split on ";" outside quotes. Throws only
 * when there is no URI at all or a "<" is not closed.
 */
export function readAddressLiberally(value: string): AddressHeader {
  const text = value.trim();
  const lt = indexOutsideQuotes(text, '<');
  let displayName: string | undefined;
  let uri: string;
  let rest: string;
  if (lt >= 0) {
    const gt = text.indexOf('>', lt);
    if (gt < 0) throw new Error(`unterminated '<' in ${JSON.stringify(value)}`);
    displayName = liberalDisplayName(text.slice(0, lt));
    uri = text.slice(lt + 1, gt).trim();
    rest = text.slice(gt + 1);
  } else {
    const semi = text.indexOf(';');
    uri = semi < 0 ? text : text.slice(0, semi).trim();
    rest = semi < 0 ? '' : text.slice(semi);
  }
  if (uri === '') throw new Error(`empty URI in ${JSON.stringify(value)}`);
  return addressHeader(displayName, uri, liberalParams(rest));
}

function liberalDisplayName(text: string): string | undefined {
  const name = text.trim();
  if (name === '') return undefined;
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) return name.slice(1, -1).replace(/\\(.)/g, '$1');
  return name.replace(/[ \t]+/g, ' ');
}

function indexOutsideQuotes(text: string, ch: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && c === ch) return i;
  }
  return -1;
}

/** `;name=value` parts (blank ones skipped), names in lower case and trimmed, a later one replacing an earlier one. */
function liberalParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  let rest = text;
  while (rest !== '') {
    const semi = indexOutsideQuotes(rest, ';');
    const part = (semi < 0 ? rest : rest.slice(0, semi)).trim();
    rest = semi < 0 ? '' : rest.slice(semi + 1);
    if (part === '') continue;
    const eq = part.indexOf('=');
    params[(eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase()] = eq < 0 ? '' : part.slice(eq + 1).trim();
  }
  return params;
}
