import type { SippEntry } from '../suiteCatalog.js';
import { expectStatus, file } from './parties.js';

/**
 * siphon-rs sip-testkit/sipp: generic server edge cases, caller side only (the simulator answers for the carriers),
 * run as siphon's runner does (one call, -s 4930123456).
 */
const S = 'siphon-rs/';

function caller(name: string, checks: string, more: Partial<SippEntry> = {}): SippEntry {
  return { id: `siphon/${name}`, kind: 'caller', checks, caller: file(`${S}${name}.xml`), timeoutS: 15, ...more };
}

const NO_BYE = 'the scenario ends after its ACK without a BYE; nothing ends the call';

export const SIPHON: readonly SippEntry[] = [
  caller('options', 'OPTIONS outside a dialog is answered 200'),
  caller('invite', 'INVITE answered 200 and ACKed', { leavesCallUp: NO_BYE }),
  caller('invite_bye', 'a call and its BYE'),
  caller('invite_multi_codec', 'an offer of PCMU, PCMA and opus is answered'),
  caller('cancel', 'CANCEL after 180: 200 to the CANCEL, 487 to the INVITE', {
    skip: 'its CANCEL has a new Via branch ([branch] per message) so it matches no transaction: RFC 3261 answers 481',
  }),
  caller('forking_invite', 'a call that may see several provisional answers'),
  caller('info', 'INFO inside a dialog answered 200'),
  caller('reinvite', 'a re-INVITE with SDP answered 200, then BYE'),
  caller('session_timer', 'Session-Expires/Supported: timer in the INVITE; answered 200', {
    leavesCallUp:
      'the scenario ends after its ACK without a BYE or a refresh: the gateway ends the call when the session expires (148 s, RFC 4028 section 10)',
  }),
  caller('session_timer_refresh', 'a session refresh re-INVITE answered 200'),
  caller('update', 'UPDATE inside a dialog answered 200', { leavesCallUp: NO_BYE }),
  caller('route_bye', "ACK and BYE carry the 200's Record-Route as Route"),
  caller('max_forwards_zero', 'an INVITE with Max-Forwards 0 is answered 483 Too Many Hops'),
  caller('max_forwards_edge_case', 'Max-Forwards 1 is forwarded (as 0) and the call is answered'),
  caller('max_forwards_decrement', 'Max-Forwards 2 is decremented and forwarded; the call is answered'),
  caller('unsupported_method', 'an unknown method (FOOBAR) is answered 501 Not Implemented'),
  caller('update_out_of_dialog', 'UPDATE outside a dialog is answered 481'),
  caller('info_out_of_dialog', 'INFO outside a dialog is answered 481'),
  caller('malformed_sdp', 'an offer with payload type 999 and an m= line without formats is answered 488'),
  caller('prack', 'with Supported: 100rel the 180 is reliable; the PRACK gets 200, then the call its 200', {
    caller: file(`${S}prack.xml`, {
      corrections: [
        {
          from: '<recv response="180" rtd="true"/>',
          to: '<recv response="180" rtd="true"><action><ereg regexp="[0-9]+" search_in="hdr" header="RSeq:" check_it="true" assign_to="1"/></action></recv>',
          why: "its RAck names RSeq 1, siphond's first; RFC 3262 section 3 recommends a random first RSeq: the PRACK names the 180's",
        },
        { from: 'RAck: 1 1 INVITE', to: 'RAck: [$1] 1 INVITE', why: 'the RSeq of the 180 received (above)' },
      ],
    }),
  }),
  caller('prack_bad_rack', 'a PRACK whose RAck names no reliable response is answered 400', {
    skip: 'expects 400 for a well-formed RAck that names no reliable 18x, where RFC 3262 section 3 requires 481 (the gateway answers 481; its own e2e test checks it)',
  }),
  caller('prack_missing_rack', 'a PRACK without RAck is answered 400', {
    leavesCallUp:
      'the scenario ends at the 400 without PRACKing the 180: the gateway refuses the INVITE 500 after 64·T1 (RFC 3262 section 3)',
  }),
  caller('message', 'MESSAGE outside a dialog answered 200 (relayed or taken)'),
  caller('refer', 'REFER in a dialog answered 202 with a NOTIFY of its progress', {
    caller: file(`${S}refer.xml`, { extra: ['-inf', 'refer_target.csv'], companions: ['refer_target.csv'] }),
  }),
  caller('refer_fail', 'REFER to an unreachable target: 202, then a NOTIFY of its failure'),
  {
    id: 'siphon/uas_invite',
    kind: 'farEnd',
    checks: "siphon's far end (100, 180, 200 with SDP, BYE) behind Carrier A",
    caller: expectStatus(200),
    farEnd: file(`${S}uas_invite.xml`),
    timeoutS: 15,
  },
  caller('invite_bye_ipv6', 'a call over IPv6', {
    skip: "needs an IPv6 listener: the lab's nodes listen on 127.0.0.1",
  }),
  caller('proxy_invite_bye', 'a call through a proxy to the target of proxy_target.csv', {
    skip: 'a proxy test (the INVITE names its target); gwsim is a B2BUA that routes by its own rules',
  }),
  caller('auth_invite', 'the server challenges the INVITE (401) and takes the retry', {
    skip: 'expects the server to challenge callers; PBX Berlin is a trusted peer the demo asks no credentials of',
  }),
  caller('auth_register', 'REGISTER with digest authentication', {
    skip: 'registrar test: the demo has no registrar node (PBX Berlin is a trunk)',
  }),
  caller('register', 'REGISTER answered 200', {
    skip: 'registrar test: the demo has no registrar node (PBX Berlin is a trunk)',
  }),
  caller('register_multiple', 'REGISTER of several contacts', {
    skip: 'registrar test: the demo has no registrar node (PBX Berlin is a trunk)',
  }),
  caller('register_wildcard', 'REGISTER with Contact: * removes all bindings', {
    skip: 'registrar test: the demo has no registrar node (PBX Berlin is a trunk)',
  }),
  caller('subscribe_notify', 'SUBSCRIBE for presence and its NOTIFY', {
    skip: 'presence server (SUBSCRIBE/NOTIFY) is not an SBC business',
  }),
  caller('subscribe_lifecycle', 'SUBSCRIBE, refresh and unsubscribe with NOTIFYs', {
    skip: 'presence server (SUBSCRIBE/NOTIFY) is not an SBC business',
  }),
];
