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
const BAD: DatagramExpectation = { answer: 'status', statuses: [400] };
const TOLERANT: DatagramExpectation = { answer: 'tolerant' };
const DROPPED: DatagramExpectation = { answer: 'none' };

export const RFC4475: readonly DatagramEntry[] = [
  message('wsinv', '3.1.1.1 a short tortuous INVITE (valid)', VALID),
  message('intmeth', '3.1.1.2 wide range of valid characters, unknown method (valid: 501/405, not 400)', VALID, {
    gap: 'a valid request with an unusual method token is answered 400 instead of 501 or 405',
  }),
  message('esc01', '3.1.1.3 valid use of the % escaping mechanism', VALID),
  message('escnull', '3.1.1.4 escaped nulls in URIs (valid)', VALID),
  message('esc02', '3.1.1.5 use of % when it is not an escape: unknown method (valid)', VALID, {
    gap: 'a valid request whose method is RE%47IST%45R (an unknown method, not an escape) is answered 400',
  }),
  message('lwsdisp', '3.1.1.6 message with no LWS between display name and < (valid)', VALID),
  message('longreq', '3.1.1.7 long values in header fields (valid)', VALID),
  message('dblreq', '3.1.1.8 extra trailing octets in a UDP datagram: one request (valid)', VALID),
  message('semiuri', '3.1.1.9 semicolon-separated parameters in URI user part (valid)', VALID),
  message('transports', '3.1.1.10 varied and unknown transport types (valid)', VALID),
  message('mpart01', '3.1.1.11 multipart MIME message (valid)', VALID),
  message('unreason', '3.1.1.12 unusual reason phrase: a response, parsed and dropped', DROPPED),
  message('noreason', '3.1.1.13 empty reason phrase: a response, parsed and dropped', DROPPED),
  message('badinv01', '3.1.2.1 extraneous header field separators: 400', BAD),
  message('clerr', '3.1.2.2 Content-Length larger than the message (UDP): 400', BAD),
  message('ncl', '3.1.2.3 negative Content-Length: 400', BAD),
  message('scalar02', '3.1.2.4 request scalar fields with overlarge values: 400', BAD),
  message('scalarlg', '3.1.2.5 response scalar fields with overlarge values: dropped', DROPPED),
  message('quotbal', '3.1.2.6 unterminated quoted string in display name: 400', BAD, {
    gap: 'an unterminated quoted display name is taken (the INVITE is relayed) instead of answered 400',
  }),
  message('ltgtruri', '3.1.2.7 <> enclosing the Request-URI: 400', BAD, {
    gap: 'a Request-URI in <> is taken (the INVITE is relayed) instead of answered 400',
  }),
  message('lwsruri', '3.1.2.8 malformed Request-URI (embedded LWS): 400', BAD, {
    gap: 'a Request-URI with embedded LWS is dropped without an answer instead of 400',
  }),
  message('lwsstart', '3.1.2.9 multiple SP separating Request-Line elements: 400', BAD, {
    gap: 'multiple SP between Request-Line elements: dropped without an answer instead of 400',
  }),
  message('trws', '3.1.2.10 SP characters at end of Request-Line: 400, or taken liberally', TOLERANT, {
    gap: 'SP at the end of the Request-Line: dropped without an answer (400 or a normal answer expected)',
  }),
  message('escruri', '3.1.2.11 escaped headers in the Request-URI: 400, or ignored liberally', TOLERANT),
  message('baddate', '3.1.2.12 invalid time zone in Date: 400, or the Date ignored', TOLERANT),
  message('regbadct', '3.1.2.13 name-addr URI with headers not in <>: 400, or inferred liberally', TOLERANT),
  message('badaspec', '3.1.2.14 spaces within addr-spec: 400, or taken liberally', TOLERANT),
  message('baddn', '3.1.2.15 non-token characters in display name: 400, or taken liberally', TOLERANT),
  message(
    'badvers',
    '3.1.2.16 unknown protocol version: 505',
    { answer: 'status', statuses: [505] },
    { gap: 'SIP/7.0 is dropped without an answer instead of 505 Version Not Supported' },
  ),
  message('mismatch01', '3.1.2.17 start line and CSeq method mismatch: 400', BAD),
  message('mismatch02', '3.1.2.18 unknown method with CSeq method mismatch: 400 (not 501)', BAD),
  message('bigcode', '3.1.2.19 overlarge response code: dropped', DROPPED),
  message('badbranch', '3.2.1 missing transaction identifier (branch z9hG4bK alone): processed', VALID),
  message('insuf', '3.3.1 missing required header fields: 400', BAD, {
    gap: 'a request missing required header fields is dropped without an answer instead of 400',
  }),
  message(
    'unkscm',
    '3.3.2 Request-URI with unknown scheme: 416',
    { answer: 'status', statuses: [416] },
    { gap: 'an unknown Request-URI scheme is answered 200 instead of 416' },
  ),
  message(
    'novelsc',
    '3.3.3 Request-URI with known but atypical scheme: 416',
    { answer: 'status', statuses: [416] },
    { gap: 'a soap.beep: Request-URI is dropped without an answer instead of 416' },
  ),
  message('unksm2', '3.3.4 unknown URI schemes in header fields: processed (a registrar may 400)', TOLERANT),
  message(
    'bext01',
    '3.3.5 Proxy-Require and Require with unknown options: 420',
    { answer: 'status', statuses: [420] },
    { gap: 'Require and Proxy-Require with unknown options are answered 200 instead of 420' },
  ),
  message(
    'invut',
    '3.3.6 unknown Content-Type: 415',
    { answer: 'status', statuses: [415] },
    { gap: 'an INVITE with an unknown Content-Type is answered 500 instead of 415' },
  ),
  message('regaut01', '3.3.7 unknown authorization scheme: processed (not 400)', VALID),
  message('multi01', '3.3.8 multiple values in single-value fields: 400', BAD, {
    gap: 'several To/From/Call-ID/CSeq values are taken (the INVITE is relayed) instead of answered 400',
  }),
  message('mcl01', '3.3.9 multiple Content-Length values: 400', BAD),
  message('bcast', '3.3.10 200 OK with a broadcast Via: dropped', DROPPED),
  message('zeromf', '3.3.11 Max-Forwards 0 on OPTIONS: 483, or answered as an endpoint (200)', {
    answer: 'status',
    statuses: [483, 200],
  }),
  message('cparam01', '3.3.12 REGISTER with a Contact header parameter (valid)', VALID),
  message('cparam02', '3.3.13 REGISTER with a url-parameter (valid)', VALID, {
    gap: 'a valid REGISTER with a url-parameter in its Contact is dropped without an answer',
  }),
  message('regescrt', '3.3.14 REGISTER with a URL escaped header (valid)', VALID, {
    gap: 'a valid REGISTER with an escaped header in its Contact URI is dropped without an answer',
  }),
  message(
    'sdp01',
    '3.3.15 unacceptable Accept offering: 406',
    { answer: 'status', statuses: [406] },
    { gap: 'Accept: text/nobodyKnowsThis on an INVITE is taken (relayed) instead of answered 406' },
  ),
  message('inv2543', '3.4.1 INVITE with RFC 2543 syntax: processed', VALID),
];
