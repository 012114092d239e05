import { isIPv6 } from 'node:net';

/** host = hostname / IPv4address / IPv6reference (RFC 3261 section 25.1). */
export type HostKind = 'name' | 'ipv4' | 'ipv6';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
/**
 * IPv6address as RFC 3261's ABNF writes it: hexpart [ ":" IPv4address ], hexpart = hexseq / hexseq "::" [ hexseq ]
 * / "::" [ hexseq ]. It admits `2001:db8:::192.0.2.1` (three colons), which RFC 5118 section 4.10 asks receivers to
 * tolerate; the correct form (two colons) is what RFC 4291 allows, checked with node:net.
 */
const HEX4 = '[0-9A-Fa-f]{1,4}';
const HEXSEQ = `${HEX4}(?::${HEX4})*`;
const RFC3261_IPV6 = new RegExp(
  `^(?:${HEXSEQ}|${HEXSEQ}::(?:${HEXSEQ})?|::(?:${HEXSEQ})?)(?::\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3})?$`,
);

export function isIPv4Address(text: string): boolean {
  const m = IPV4.exec(text);
  if (m === null) return false;
  for (let i = 1; i <= 4; i++) if (Number(m[i]) > 255) return false;
  return true;
}

/** An IPv6 address without brackets, as RFC 4291 or RFC 3261's ABNF (see above) allows it. */
export function isIPv6Address(text: string): boolean {
  if (text.includes('%')) return false; // zone identifiers have no place in SIP
  return isIPv6(text) || RFC3261_IPV6.test(text);
}

/** hostname = *( domainlabel "." ) toplabel [ "." ]; a name made only of digits and dots must be an IPv4 address. */
export function isHostname(text: string): boolean {
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  if (name === '') return false;
  const labels = name.split('.');
  if (!labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]);
}

/** The kind of a host as written in a URI or a Via (an IPv6 reference in brackets), or undefined when it is none. */
export function hostKind(text: string): HostKind | undefined {
  if (text.startsWith('[')) {
    return text.endsWith(']') && isIPv6Address(text.slice(1, -1)) ? 'ipv6' : undefined;
  }
  if (isIPv4Address(text)) return 'ipv4';
  return isHostname(text) ? 'name' : undefined;
}

/** port = 1*DIGIT, at most 65535. */
export function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65535 ? port : undefined;
}

/**
 * Splits `host[:port]` where host may be an IPv6 reference in brackets. Undefined when the host or the port is
 * malformed.
 */
export function splitHostPort(text: string): { host: string; kind: HostKind; port?: number } | undefined {
  let host: string;
  let rest: string;
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) return undefined;
    host = text.slice(0, close + 1);
    rest = text.slice(close + 1);
  } else {
    const colon = text.indexOf(':');
    host = colon < 0 ? text : text.slice(0, colon);
    rest = colon < 0 ? '' : text.slice(colon);
  }
  const kind = hostKind(host);
  if (kind === undefined) return undefined;
  if (rest === '') return { host, kind };
  if (!rest.startsWith(':')) return undefined;
  const port = parsePort(rest.slice(1));
  return port === undefined ? undefined : { host, kind, port };
}
