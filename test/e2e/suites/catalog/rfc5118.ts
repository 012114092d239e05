import type { DatagramEntry, DatagramExpectation } from '../suiteCatalog.js';

/** RFC 5118's IPv6 torture messages, one UDP datagram each to PBX Berlin's port (verdicts: RFC 5118 section 4). */
function message(name: string, section: string, expect: DatagramExpectation, gap?: string): DatagramEntry {
  return {
    ...(gap ? { gap } : {}),
    id: `rfc5118/${name}`,
    kind: 'datagram',
    file: `rfc5118-ersip/${name}.dat`,
    checks: `RFC 5118 ${section}`,
    expect,
  };
}

const VALID: DatagramExpectation = { answer: 'valid' };

export const RFC5118: readonly DatagramEntry[] = [
  message('ipv6-good', '4.1 valid SIP message with an IPv6 reference', VALID),
  message('ipv6-bad', '4.2 invalid IPv6 reference (no brackets in the Request-URI): 400', {
    answer: 'status',
    statuses: [400],
  }),
  message('port-ambiguous', '4.3 port ambiguous in a SIP URI (well-formed)', VALID),
  message('port-unambiguous', '4.4 port unambiguous in a SIP URI', VALID),
  message('via-received-param-with-delim', '4.5 IPv6 reference delimiters in a Via received parameter', VALID),
  message('via-received-param-no-delim', '4.5 Via received parameter without delimiters', VALID),
  message('ipv6-in-sdp', '4.6 SIP request with IPv6 addresses in SDP', VALID),
  message('mult-ip-in-header', '4.7 multiple IP addresses in SIP headers', VALID),
  message('mult-ip-in-sdp', '4.8 multiple IP addresses in SDP', VALID),
  message('ipv4-mapped-ipv6', '4.9 IPv4-mapped IPv6 addresses', VALID),
  message('ipv6-correct-abnf-2-colons', '4.10 IPv6 reference bug in RFC 3261 ABNF: correct form', VALID),
  message('ipv6-bug-abnf-3-colons', '4.10 the ABNF bug (three colons): to be tolerated, stacks differ', {
    answer: 'any',
  }),
];
