import type { SippEntry } from '../suiteCatalog.js';
import { file } from './parties.js';

/**
 * pjproject tests/pjsua/scripts-sipp, the files where SIPp calls (uac-*, alt-pjsua-uas-*): upstream pjsua answers;
 * here PBX Berlin's port does, and the simulator answers for the carriers.
 */
const P = 'pjproject/';

function caller(name: string, checks: string, more: Partial<SippEntry> = {}): SippEntry {
  return { id: `pjproject/${name}`, kind: 'caller', checks, caller: file(`${P}${name}.xml`), timeoutS: 15, ...more };
}

const PJSUA_REINVITES = "expects the called side to re-INVITE after the call is up (pjsua's own media update)";
const SRTP_ENDS = 'the scenario ends after its ACK without a BYE (pjsua hung up upstream)';

export const PJPROJECT_CALLERS: readonly SippEntry[] = [
  caller('uac-options', 'OPTIONS answered 200'),
  caller(
    'uac-inv-multiple-require',
    'an INVITE with Require: timer and Require: toto is answered 420 Bad Extension',
    {},
  ),
  caller('uac-bad-ack', "an ACK that reuses the BYE's branch after the BYE is ignored; the BYE got its 200"),
  caller('uac-inv-retrans-after-ack', 'an INVITE repeated after the ACK is a retransmission, not a new call'),
  caller('uac-reinvite-bad-via-branch', "a re-INVITE reusing the INVITE's branch is answered 400, not taken as new", {
    timeoutS: 20,
  }),
  caller('uac-reinvite-port-0-bad-sdp', 'a re-INVITE whose SDP has port 0 and no formats still gets 200'),
  caller(
    'uac-inv-and-ack-without-sdp',
    'INVITE and ACK without SDP: no answer to the offer, the call is ended (BYE)',
    {},
  ),
  caller('uac-inv-without-sdp', 'late offer: INVITE without SDP, answer in the ACK; nobody hangs up: RTP timeout', {
    rtpTimeoutSeconds: 3,
    timeoutS: 20,
  }),
  caller('uac-183-wrong-codec', "an offer of codecs the node's transcoding options do not list: 488 before routing"),
  caller('uac-183-wrong-media', 'an offer of a media type nobody takes: 488'),
  caller('uac-message-no-body', 'MESSAGE without a body answered 200'),
  caller('uac-prack-sdp-offer', 'a reliable 183 with SDP, a PRACK with a new offer answered in its 200', {
    skip: "needs a far end that answers with a reliable 183 with SDP (pjsua's early media); the far ends here ring with 180",
  }),
  caller('uac-prack-sdp-decline', 'a PRACK with an offer that cannot be taken: 200 to the PRACK, 488 to the INVITE', {
    skip: "needs a far end that answers with a reliable 183 with SDP (pjsua's early media); the far ends here ring with 180",
  }),
  caller('uac-upd-sdp-offer', 'an UPDATE with an offer in the early dialog answered 200 with SDP', {
    skip: "needs a far end that answers with a reliable 183 with SDP (pjsua's early media); the far ends here ring with 180",
  }),
  caller('uac-upd-sdp-decline', 'an UPDATE with an unacceptable offer in the early dialog: 488, the call goes on', {
    skip: "needs a far end that answers with a reliable 183 with SDP (pjsua's early media); the far ends here ring with 180",
  }),
  caller('uac-ticket-1864-scenario1', 're-INVITEs that change the media (audio and video ports) are answered 200'),
  {
    ...caller('uac-ticket-1864-scenario2', 'a re-INVITE that B rejects 500 (failed negotiation), then one it takes'),
    id: 'pjproject/uac-ticket-1864-scenario2+uas-reinv-after-failed-nego',
    kind: 'pair',
    farEnd: file(`${P}uas-reinv-after-failed-nego.xml`),
    leavesCallUp: 'the far end ends after its last ACK without a BYE; the caller hangs up later',
  },
  caller('alt-pjsua-uas-amr-sdp', 'an AMR-WB/AMR offer (dynamic payload types only) is answered with AMR-WB'),
  caller('alt-pjsua-uas-static-pt-no-rtpmap', 'an offer of PT 0 without rtpmap is answered and the call confirmed'),
  caller('uac-early-recv-update-481', 'pjsua sends UPDATE in the early dialog and gets 481', {
    skip: "expects the called side to send UPDATE in the early dialog (pjsua's own behaviour); no far end here does",
  }),
  caller('uac-inv-two-media-but-one-disabled-no-rtpmap', 'an offer with a disabled second stream', {
    skip: PJSUA_REINVITES,
  }),
  caller('uac-ticket-1148', 'audio and video offer', { skip: PJSUA_REINVITES }),
  caller('uac-norefersub', 'the OPTIONS answer advertises norefersub', {
    skip: "checks pjsua's own Supported: norefersub (a pjsua setting)",
  }),
  caller('uac-norefersub-disabled', 'the OPTIONS answer does not advertise norefersub', {
    skip: "checks pjsua's own Supported: norefersub (a pjsua setting)",
  }),
  caller('uac-subscribe', 'SUBSCRIBE for presence', {
    skip: 'presence server (SUBSCRIBE/NOTIFY) is not an SBC business',
  }),
  caller('transfer-attended', 'an OPTIONS ping while pjsua transfers', {
    skip: 'only an OPTIONS ping beside the transfer pjsua drives itself (the same as uac-options)',
  }),
  caller('transfer-unattended', 'an OPTIONS ping while pjsua transfers', {
    skip: 'only an OPTIONS ping beside the transfer pjsua drives itself (the same as uac-options)',
  }),
  caller('uac-srtp-sdes', 'an SRTP (SDES) offer answered', { leavesCallUp: SRTP_ENDS }),
  caller('uac-srtp-dtls', 'a DTLS-SRTP offer answered', { leavesCallUp: SRTP_ENDS }),
  caller('uac-srtp-dtls-lower-prio', 'an offer of RTP/AVP before DTLS-SRTP answered', { leavesCallUp: SRTP_ENDS }),
  caller('uac-srtp-dtls-reinv-sdes', 'DTLS-SRTP, then a re-INVITE to SDES', { leavesCallUp: SRTP_ENDS }),
  caller('uac-srtp-sdes-reinv-dtls', 'SDES, then a re-INVITE to DTLS-SRTP', { leavesCallUp: SRTP_ENDS }),
  caller('uac-srtp-sdes-reinv-hold', 'SDES, then re-INVITEs to hold and back', { leavesCallUp: SRTP_ENDS }),
];
