import { isToken, isTokenChar } from './chars.js';
import { hostKind, isIPv4Address, isIPv6Address, parsePort } from './host.js';
import { isGenValue, paramRecord, readParams, type HeaderParam } from './params.js';
import { Scanner } from './scanner.js';

/** One Via value (RFC 3261 section 20.42): sent-protocol, sent-by and parameters (names in lower case). */
export interface ViaValue {
  /** `SIP/2.0` as written, slashes without whitespace. */
  protocol: string;
  transport: string;
  /** As written; an IPv6 reference keeps its brackets. */
  host: string;
  port?: number;
  branch?: string;
  params: Record<string, string>;
}

/**
 * via-params as RFC 3261 section 25.1 and RFC 3581 define them: ttl = 1*3DIGIT (0-255), maddr = host, received =
 * IPv4address / IPv6address (RFC 5118 section 4.5: with or without brackets), branch = token, rport [= port].
 */
function viaParamOk(param: HeaderParam): boolean {
  const { name, value } = param;
  switch (name) {
    case 'ttl':
      return value !== undefined && /^\d{1,3}$/.test(value) && Number(value) <= 255;
    case 'maddr':
      return value !== undefined && hostKind(value) !== undefined;
    case 'received':
      return value !== undefined && receivedOk(value);
    case 'branch':
      return value !== undefined && isToken(value);
    case 'rport':
      return value === undefined || parsePort(value) !== undefined;
    default:
      return isGenValue(value);
  }
}

function receivedOk(value: string): boolean {
  if (isIPv4Address(value) || isIPv6Address(value)) return true;
  return value.startsWith('[') && value.endsWith(']') && isIPv6Address(value.slice(1, -1));
}

/**
 * Parse one Via value (not a comma-separated list: split it with `splitList` first) by RFC 3261's grammar:
 * sent-protocol = protocol-name SLASH protocol-version SLASH transport, sent-by = host [ COLON port ], then
 * via-params. Whitespace is allowed around the slashes, the colon, the semicolons and the equals signs. Throws
 * SipSyntaxError.
 */
export function parseViaValue(value: string): ViaValue {
  const sc = new Scanner(value, 'Via');
  sc.ws();
  const name = sc.needToken('a protocol name');
  if (!sc.sep('/')) sc.fail('expected /');
  const version = sc.needToken('a protocol version');
  if (!sc.sep('/')) sc.fail('expected /');
  const transport = sc.needToken('a transport').toUpperCase();
  if (!sc.ws()) sc.fail('expected whitespace before sent-by');
  const host = readViaHost(sc);
  let port: number | undefined;
  if (sc.sep(':')) {
    port = parsePort(sc.until((ch) => !/\d/.test(ch)));
    if (port === undefined) sc.fail('malformed port');
  }
  const params = paramRecord(readParams(sc, viaParamOk));
  sc.end();
  const via: ViaValue = { protocol: `${name.toUpperCase()}/${version}`, transport, host, params };
  if (port !== undefined) via.port = port;
  if (params.branch !== undefined) via.branch = params.branch;
  return via;
}

function readViaHost(sc: Scanner): string {
  let host: string;
  if (sc.peek() === '[') {
    host = sc.until((ch) => ch === ']');
    if (!sc.eat(']')) sc.fail('unterminated IPv6 reference');
    host += ']';
  } else host = sc.until((ch) => !isTokenChar(ch.charCodeAt(0)));
  if (hostKind(host) === undefined) sc.fail(`malformed host ${JSON.stringify(host)}`);
  return host;
}
