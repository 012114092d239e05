import type { DatagramEntry, DatagramExpectation } from '../suiteCatalog.js';

/**
 * RFC 4475's torture messages, one UDP datagram each to PBX Berlin's port; the answer judged by the RFC's section
 * for the message (classes.json groups them as the RFC does).
 */
function message(name: string, section: string, expect: DatagramExpectation, more: Partial<DatagramEntry> = {}) {
  const entry: DatagramEntry = {
    id: `rfc4475/${name}`,
    kind: 'datagram',
    file: `rfc4475/${name}.dat`,
    checks: `RFC 4475 ${section}`,
    expect,
    ...more,
  };
  return entry;
}

const VALID: DatagramExpectation = { answer: 'valid' };
const NOT_IMPLEMENTED: DatagramExpectation = { answer: 'status', statuses: [501] };
const ROUTED: DatagramExpectation = { answer: 'routed' };
const BAD: DatagramExpectation = { answer: 'status', statuses: [400] };
const TOLERANT: DatagramExpectation = { answer: 'tolerant' };
const DROPPED: DatagramExpectation = { answer: 'none' };

export const RFC4475: readonly DatagramEntry[] = [
  message('wsinv', '3.1.1.1 a short tortuous INVITE (valid)', VALID),
  // a method the gateway does not implement is answered 501 with Allow (RFC 3261 section 8.2.1)
  message('intmeth', '3.1.1.2 wide range of valid characters, unknown method: 501', NOT_IMPLEMENTED),
  message('esc01', '3.1.1.3 valid use of the % escaping mechanism', VALID),
  message('escnull', '3.1.1.4 escaped nulls in URIs (valid)', VALID),
  message('esc02', '3.1.1.5 use of % when it is not an escape: an unknown method, 501', NOT_IMPLEMENTED),
  message('lwsdisp', '3.1.1.6 message with no LWS between display name and < (valid)', VALID),
  message('longreq', '3.1.1.7 long values in header fields (valid)', VALID),
  message('dblreq', '3.1.1.8 extra trailing octets in a UDP datagram: one request (valid)', VALID),
  message('semiuri', '3.1.1.9 semicolon-separated parameters in URI user part (valid)', VALID),
  message('transports', '3.1.1.10 varied and unknown transport types (valid)', VALID),
  // a MESSAGE is routed like a call: to Carrier A's far end, the refuser SIPp, which answers no MESSAGE
  message('mpart01', '3.1.1.11 multipart MIME message (valid): a MESSAGE, routed on (no 400, no 5xx)', ROUTED),
  message('unreason', '3.1.1.12 unusual reason phrase: a response, parsed and dropped', DROPPED),
  message('noreason', '3.1.1.13 empty reason phrase: a response, parsed and dropped', DROPPED),
  message('badinv01', '3.1.2.1 extraneous header field separators: 400', BAD),
  message('clerr', '3.1.2.2 Content-Length larger than the message (UDP): 400', BAD),
  message('ncl', '3.1.2.3 negative Content-Length: 400', BAD),
  message('scalar02', '3.1.2.4 request scalar fields with overlarge values: 400', BAD),
  message('scalarlg', '3.1.2.5 response scalar fields with overlarge values: dropped', DROPPED),
  message('quotbal', '3.1.2.6 unterminated quoted string in display name: 400', BAD),
  message('ltgtruri', '3.1.2.7 <> enclosing the Request-URI: 400', BAD),
  message('lwsruri', '3.1.2.8 malformed Request-URI (embedded LWS): 400', BAD),
  message('lwsstart', '3.1.2.9 multiple SP separating Request-Line elements: 400', BAD),
  message('trws', '3.1.2.10 SP characters at end of Request-Line: 400, or taken liberally', TOLERANT),
  message('escruri', '3.1.2.11 escaped headers in the Request-URI: 400, or ignored liberally', TOLERANT),
  message('baddate', '3.1.2.12 invalid time zone in Date: 400, or the Date ignored', TOLERANT),
  message('regbadct', '3.1.2.13 name-addr URI with headers not in <>: 400, or inferred liberally', TOLERANT),
  message('badaspec', '3.1.2.14 spaces within addr-spec: 400, or taken liberally', TOLERANT),
  message('baddn', '3.1.2.15 non-token characters in display name: 400, or taken liberally', TOLERANT),
  message('badvers', '3.1.2.16 unknown protocol version: 505', { answer: 'status', statuses: [505] }),
  message('mismatch01', '3.1.2.17 start line and CSeq method mismatch: 400', BAD),
  message('mismatch02', '3.1.2.18 unknown method with CSeq method mismatch: 400 (not 501)', BAD),
  message('bigcode', '3.1.2.19 overlarge response code: dropped', DROPPED),
  message('badbranch', '3.2.1 missing transaction identifier (branch z9hG4bK alone): processed', VALID),
  message('insuf', '3.3.1 missing required header fields: 400', BAD),
  message('unkscm', '3.3.2 Request-URI with unknown scheme: 416', { answer: 'status', statuses: [416] }),
  message(
    'novelsc',
    '3.3.3 Request-URI with known but atypical scheme: 416',
    { answer: 'status', statuses: [416] },
    {
      skip: 'its Via names TCP: the 416 goes over TCP to port 5060 as RFC 3261 section 18.2.2 routes it, which this runner (UDP) cannot hear',
    },
  ),
  message('unksm2', '3.3.4 unknown URI schemes in header fields: processed (a registrar may 400)', TOLERANT),
  message('bext01', '3.3.5 Proxy-Require and Require with unknown options: 420', { answer: 'status', statuses: [420] }),
  message('invut', '3.3.6 unknown Content-Type: 415', { answer: 'status', statuses: [415] }),
  message('regaut01', '3.3.7 unknown authorization scheme: processed (not 400)', VALID),
  message('multi01', '3.3.8 multiple values in single-value fields: 400', BAD),
  message('mcl01', '3.3.9 multiple Content-Length values: 400', BAD),
  message('bcast', '3.3.10 200 OK with a broadcast Via: dropped', DROPPED),
  message('zeromf', '3.3.11 Max-Forwards 0 on OPTIONS: 483, or answered as an endpoint (200)', {
    answer: 'status',
    statuses: [483, 200],
  }),
  message('cparam01', '3.3.12 REGISTER with a Contact header parameter (valid)', VALID),
  message('cparam02', '3.3.13 REGISTER with a url-parameter (valid)', VALID),
  message('regescrt', '3.3.14 REGISTER with a URL escaped header (valid)', VALID),
  message('sdp01', '3.3.15 unacceptable Accept offering: 406', { answer: 'status', statuses: [406] }),
  message('inv2543', '3.4.1 INVITE with RFC 2543 syntax: processed', VALID),
];
