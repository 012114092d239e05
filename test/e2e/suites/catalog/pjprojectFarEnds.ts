import type { Party, SippEntry, TrunkChange } from '../suiteCatalog.js';
import { CANCELLER, expectStatus, file } from './parties.js';

/**
 * pjproject's far-end files (uas-*, alt-pjsua-uac-*, strict-route): misbehaving far ends behind Carrier A, with a
 * simple caller or a caller file of the suites. Upstream pjsua reaches CONFIRMED (or EARLY and hangs up); here A's
 * call must be established or ended cleanly with no leg left in activeSessions.
 */
const P = 'pjproject/';

function farEnd(name: string, caller: Party | undefined, checks: string, more: Partial<SippEntry> = {}): SippEntry {
  return {
    id: `pjproject/${name}`,
    kind: 'farEnd',
    checks,
    ...(caller ? { caller } : {}),
    farEnd: file(`${P}${name}.xml`),
    timeoutS: 20,
    ...more,
  };
}

const ANY_STATUS = (holdMs = 500): Party => expectStatus(200, holdMs, { exit: 'any' });
const RECV_REINVITE = file('drachtio-srf/uac-recv-reinvite.xml');
const REINVITER = file('siphon-rs/reinvite.xml');
const UPDATER = file('siphon-rs/update.xml');
const PJSUA_MEDIA_UPDATE = 'expects the caller to narrow the codecs with a re-INVITE or UPDATE (pjsua behaviour)';
const REGISTRATION = "the gateway's registration of its transport connection toward the far end (REGISTER)";
/** Carrier A registering, no keep-alive beside it. */
const REGISTERS: TrunkChange = { connection: { proxyOptions: false } };
const NAT_REWRITE =
  "pjsip's NAT contact rewrite: a REGISTER again with the address the registrar's received/rport show; the gateway registers its own address";
const ENDS_QUIET = 'the far end ends after its last ACK without a BYE; the caller hangs up later';
/**
 * A caller that holds the call past the gateway's refresh of B (at half B's 90 s interval) and B's closing pause: B
 * waits for the refresh of its UAC (pjsua's part, the gateway's here), not for anything of A's.
 */
const SESSION_HOLDER = expectStatus(200, 55_000);
const SESSION_TIMEOUT_S = 75;
const REFRESHED_QUIET =
  "B ends 4 s after the refresh's answer without a BYE; A hangs up later, and the gateway's BYE to B goes unanswered";

export const PJPROJECT_FAR_ENDS: readonly SippEntry[] = [
  {
    ...farEnd(
      'alt-pjsua-uac-custom-sdp',
      undefined,
      'an audio and video offer reaches B with both codecs; both answered',
    ),
    id: 'pjproject/alt-pjsua-uas-custom-sdp+alt-pjsua-uac-custom-sdp',
    kind: 'pair',
    caller: file(`${P}alt-pjsua-uas-custom-sdp.xml`),
  },
  {
    ...farEnd('uas-reinv-after-failed-nego', undefined, "A's re-INVITE rejected 500 by B, the next one taken"),
    id: 'pjproject/uac-ticket-1866-reinv-after-failed-nego+uas-reinv-after-failed-nego',
    kind: 'pair',
    caller: file(`${P}uac-ticket-1866-reinv-after-failed-nego.xml`),
    leavesCallUp: ENDS_QUIET,
  },
  farEnd(
    'strict-route',
    expectStatus(200),
    "B challenges (407 realm 'test'), then answers with a strict-routing Record-Route",
  ),
  farEnd('uas-422-then-200-bad-se', expectStatus(200, 5000), 'B answers 422 (Min-SE 5400), then takes the retry'),
  farEnd('uas-answer-183-without-to-tag', CANCELLER, 'a 183 without a To tag, then silence: the caller cancels', {
    farEnd: file(`${P}uas-answer-183-without-to-tag.xml`, { exit: 'any' }),
    skip: 'B sends a lone 183 and stops: the caller must give up by itself; no caller here cancels on a 183',
  }),
  farEnd('uas-answer-183-wrong-attr', CANCELLER, 'a 183 with an odd SDP attribute; the caller cancels'),
  farEnd('uas-answer-183-wrong-codec', CANCELLER, 'a 183 with codecs nobody offered; the caller cancels'),
  farEnd('uas-answer-183-wrong-media', CANCELLER, 'a 183 with a video stream for an audio offer; the caller cancels'),
  farEnd(
    'uas-cancel-no-final',
    CANCELLER,
    "B answers the CANCEL 200 but never 487: the gateway ends A's INVITE after 64·T1 (32 s)",
    { timeoutS: 45 },
  ),
  farEnd('uas-early-bye', ANY_STATUS(), 'B sends BYE in the early dialog: answered, the call ends for A too'),
  farEnd('uas-answer-200-inv-without-sdp', ANY_STATUS(), 'B answers an offer with a 200 without SDP: ACK and BYE'),
  farEnd('uas-answer-200-reinvite-without-sdp', REINVITER, "B's 200 to a relayed re-INVITE carries no SDP", {
    leavesCallUp: ENDS_QUIET,
  }),
  farEnd('uas-answer-200-update-without-sdp', UPDATER, "B's 200 to a relayed UPDATE carries no SDP", {
    leavesCallUp: ENDS_QUIET,
  }),
  farEnd('uas-answer-200-without-to-tag', UPDATER, 'a 200 without a To tag, then an UPDATE in that dialog', {
    leavesCallUp: ENDS_QUIET,
  }),
  farEnd('uas-forked-200', expectStatus(200, 1000), 'two 200s with different tags: both ACKed, the second hung up'),
  farEnd('uas-forked-100rel', expectStatus(603), 'reliable 180s from two forks PRACKed each, then 603 to A', {
    timeoutS: 30,
  }),
  farEnd('uas-prack_fork', expectStatus(200), 'an unreliable 180, then a reliable one from another Contact: PRACK it'),
  farEnd('uas-inv_401_retry_after_100', expectStatus(200), 'a 401 after 100 and 180: retried with credentials once'),
  farEnd('uas-inv-answered-with-srtp', ANY_STATUS(), 'an RTP/AVP offer answered RTP/SAVP: the gateway ends it', {
    leavesCallUp: ENDS_QUIET,
  }),
  farEnd('uas-keep-call-on-tsx-fail', { ...REINVITER, exit: 'any' }, "B answers A's re-INVITE 481, then takes a BYE"),
  farEnd(
    'uas-timer-reinvite',
    SESSION_HOLDER,
    "B makes the gateway its refresher (90;refresher=uac): the gateway's own re-INVITE at 45 s with its last SDP, A sees none of it",
    { leavesCallUp: REFRESHED_QUIET, timeoutS: SESSION_TIMEOUT_S },
  ),
  farEnd(
    'uas-timer-update',
    SESSION_HOLDER,
    "B allows UPDATE: the gateway's refresh at 45 s is an UPDATE with SDP, refused 400, sent again and answered 200",
    { leavesCallUp: REFRESHED_QUIET, timeoutS: SESSION_TIMEOUT_S },
  ),
  farEnd('uas-reinv-and-ack-without-sdp', RECV_REINVITE, "B's re-INVITE without SDP relayed to A; ACK without SDP", {
    rtpTimeoutSeconds: 8,
    timeoutS: 30,
  }),
  farEnd('uas-reinv-and-ack-same-branch-without-sdp', RECV_REINVITE, 'as above, ACK reusing the INVITE branch', {
    rtpTimeoutSeconds: 8,
    timeoutS: 30,
  }),
  // A waits for a re-INVITE that the gateway rightly refuses (488): A is only B's partner here
  farEnd(
    'uas-reinv-no-media',
    { ...RECV_REINVITE, exit: 'any' },
    "B's re-INVITE with no usable media is answered 488",
    {
      rtpTimeoutSeconds: 6,
      timeoutS: 30,
    },
  ),
  farEnd('uas-reinv-with-less-media', RECV_REINVITE, "B's re-INVITE with fewer streams, then A's re-INVITE", {
    skip: 'expects the caller to re-INVITE back after B (pjsua behaviour); no caller in these suites does',
  }),
  farEnd('uas-reinv-glare', RECV_REINVITE, 'an UPDATE from A crossing a re-INVITE from B (491)', {
    skip: 'expects the caller to send an UPDATE once the call is up (pjsua behaviour); no caller here does',
  }),
  farEnd('uas-answer-180-multiple-fmts', undefined, 'a 180 and 200 with four codecs', { skip: PJSUA_MEDIA_UPDATE }),
  farEnd('uas-answer-180-multiple-fmts-support-update', undefined, 'a 180 with four codecs, UPDATE allowed', {
    skip: PJSUA_MEDIA_UPDATE,
  }),
  farEnd('uas-answer-200-multiple-fmts', undefined, 'a 200 with four codecs', { skip: PJSUA_MEDIA_UPDATE }),
  farEnd('uas-answer-200-multiple-fmts-support-update', undefined, 'a 200 with four codecs, UPDATE allowed', {
    skip: PJSUA_MEDIA_UPDATE,
  }),
  farEnd('uas-auth', undefined, `${REGISTRATION}: a 401 with stale=true and no nonce`, {
    timeoutS: 8,
    trunk: REGISTERS,
  }),
  farEnd('uas-auth-two-algo', undefined, `${REGISTRATION}: a 401 offering SHA-256 and MD5`, {
    timeoutS: 8,
    trunk: REGISTERS,
  }),
  farEnd('uas-register-ip-change', undefined, `${REGISTRATION}: the registrar reports a changed address`, {
    timeoutS: 8,
    trunk: REGISTERS,
    gap: NAT_REWRITE,
  }),
  farEnd('uas-register-ip-change-port-only', undefined, `${REGISTRATION}: the registrar reports a changed port`, {
    timeoutS: 8,
    trunk: REGISTERS,
    gap: NAT_REWRITE,
  }),
  farEnd('uas-norefersub', undefined, 'the INVITE advertises norefersub', {
    skip: "checks pjsua's own Supported: norefersub (a pjsua setting)",
  }),
  farEnd('uas-norefersub-disabled', undefined, 'the INVITE does not advertise norefersub', {
    skip: "checks pjsua's own Supported: norefersub (a pjsua setting)",
  }),
  farEnd('uas-mwi', undefined, 'message-waiting SUBSCRIBE and NOTIFYs', {
    skip: "message-waiting subscription (a phone's business, not an SBC's)",
  }),
  farEnd('uas-mwi-0', undefined, 'message-waiting SUBSCRIBE and NOTIFY', {
    skip: "message-waiting subscription (a phone's business, not an SBC's)",
  }),
  ...['late-notify', 'multipart-notify', 'notify-terminate', 'refresh-481', 'terminated-retry'].map((name) =>
    farEnd(`uas-subscribe-${name}`, undefined, 'presence subscription', {
      skip: 'presence server (SUBSCRIBE/NOTIFY) is not an SBC business',
    }),
  ),
  farEnd('uas-template', undefined, "pjproject's template for new far ends (a 301 to 192.168.254.254)", {
    skip: "a template for pjproject's own scenarios, not a test",
  }),
];
