import type { SippEntry, TrunkChange } from '../suiteCatalog.js';
import { answersStatus, expectStatus, file } from './parties.js';

/**
 * drachtio-srf test/scenarios: the uac/uas pairs drachtio plays against its B2BUA. A = the uac file into PBX
 * Berlin's port, B = the uas file behind Carrier A.
 */
const D = 'drachtio-srf/';

function pair(caller: string, farEnd: string, checks: string, more: Partial<SippEntry> = {}): SippEntry {
  return {
    id: `drachtio/${caller}+${farEnd}`,
    kind: 'pair',
    checks,
    caller: file(`${D}${caller}.xml`),
    farEnd: file(`${D}${farEnd}.xml`),
    timeoutS: 20,
    ...more,
  };
}

function caller(name: string, checks: string, more: Partial<SippEntry> = {}): SippEntry {
  return { id: `drachtio/${name}`, kind: 'caller', checks, caller: file(`${D}${name}.xml`), timeoutS: 15, ...more };
}

function farEnd(name: string, checks: string, more: Partial<SippEntry> = {}): SippEntry {
  return { id: `drachtio/${name}`, kind: 'farEnd', checks, farEnd: file(`${D}${name}.xml`), timeoutS: 20, ...more };
}

/** Carrier A registering (no keep-alive beside it) with the user and password drachtio's registrar checks. */
const REGISTERS_AS_FOO: TrunkChange = {
  connection: { proxyOptions: false },
  credentials: { username: 'foo', password: 'bar' },
};

export const DRACHTIO: readonly SippEntry[] = [
  pair('uac', 'uas', "basic call through the B2BUA: A's 200 carries a To-tag, the BYE is relayed"),
  pair('uac-nosdp', 'uas', 'late offer: an INVITE without SDP, the offer in the 200, the answer in the ACK'),
  pair('uac-prack', 'uas-prack', '100rel on both legs: a reliable 180 (Require: 100rel, RSeq) PRACKed, then 200', {
    caller: file('drachtio-srf/uac-prack.xml', {
      corrections: [
        {
          from: 'regexp="([0-9]+) INVITE"',
          to: 'regexp="[0-9]+"',
          why: "SIPp gives an ereg's variable the whole match ('1 INVITE'): the RAck would name the method twice",
        },
      ],
    }),
  }),
  pair('uac-cancel', 'uas-cancel', "A's CANCEL after 180 becomes a CANCEL on leg B; 487 to A"),
  pair('uac-expect-404', 'uas-404', "B's 404 is passed back to A"),
  pair(
    'uac-expect-480',
    'uas-200-ok-no-contact-cancel',
    'a 200 without Contact from B: drachtio fails the call to A with 480 and cancels B (read as information)',
    {
      skip: "drachtio's choice (CANCEL after B's 2xx, void by RFC 3261 9.1); gwsim takes a 2xx without Contact as 12.1.2 allows and connects A",
    },
  ),
  pair('uac-delayed-ack', 'uas-reinvite', "B re-INVITEs right after its 200, before A's ACK: held until A's ACK"),
  pair('uac-recv-reinvite', 'uas-reinvite', "B's re-INVITE is relayed to A; nobody hangs up: the RTP timeout ends it", {
    rtpTimeoutSeconds: 3,
    timeoutS: 25,
  }),
  {
    ...caller(
      'uac-send-reinvite-no-sdp',
      "A's re-INVITE without SDP gets an offer in the 200, the answer in the ACK (taken on the anchored media or relayed); nobody hangs up: the RTP timeout ends it",
      { rtpTimeoutSeconds: 4, timeoutS: 25 },
    ),
    // drachtio's own UAS answers without ringing, which this caller expects: a far end that answers 200 at once
    farEnd: answersStatus(200),
  },
  pair('uac-drop-one-200', 'uas', 'A ignores 75 % of the 200s: the gateway repeats its 200 until the ACK', {
    timeoutS: 40,
    random: true,
  }),
  pair('uac-drop-all-200', 'uas', 'A never ACKs: after 64·T1 (32 s) the gateway sends A a BYE', { timeoutS: 50 }),
  pair(
    'uac-drop-200-then-cancel',
    'uas',
    'A leaves the 200 unACKed, CANCELs (481: the INVITE is answered) and sends BYE expecting 481 too',
    { skip: "expects 481 to its BYE in a dialog the 200 opened: drachtio's test app had ended it, a B2BUA keeps it" },
  ),
  pair('uac-displayname-from', 'uas-refer', "a display name in A's From; uas-refer is a plain answered call"),
  pair('uac-proxy', 'uas', "A sends its ACK and BYE to the 200's Contact through its Record-Route ([next_url])"),
  pair('uac-pcap', 'uas', "A plays RTP (G.711 and RFC 2833 DTMF from pcap files) through the gateway's relay", {
    timeoutS: 30,
  }),
  pair('uac', 'uas-auth', "B challenges the INVITE (407, realm 'local'): leg B retries with Carrier A's credentials"),
  pair('uac-displayname-from', 'uas-bye-with-auth', 'B challenges INVITE and BYE: both retried with credentials'),
  pair(
    'uac',
    'uas-407-no-auth-header',
    'a 407 without Proxy-Authenticate: nothing to answer it with, no loop, the call ends cleanly (read as information)',
    { farEnd: file(`${D}uas-407-no-auth-header.xml`, { exit: 'any' }) },
  ),
  {
    ...pair(
      'uac-expect-404',
      'uas-302',
      "B's 302 redirect goes back to A with B's Contact (the route names no 3xx for failover)",
    ),
    id: 'drachtio/uas-302',
    kind: 'farEnd',
    // the demo's route fails over on ERROR and 408, 500-599: a redirect is neither, so it goes back to A
    caller: expectStatus(302),
  },
  {
    ...caller('uac-drop-one-503', 'a 503 from both carriers reaches A and is repeated until the ACK (A drops 70 %)'),
    farEnd: answersStatus(503, 2),
    carrierB: 'real',
    timeoutS: 40,
    random: true,
  },
  {
    ...caller('uac-expect-503', "503 from the far ends (both carriers, after the route's failover) reaches A"),
    farEnd: answersStatus(503, 2),
    carrierB: 'real',
  },
  {
    ...caller('uac-spammer-expect-603', 'a rejection (603 from the far end) reaches the caller'),
    farEnd: answersStatus(603),
  },
  caller('uac-expect-400-no-contact-header', 'an INVITE without Contact is answered 400'),
  caller('uac-success-green', "expects X-Color: green on A's 200", {
    skip: "drachtio-specific header injection: the 200's X-Color header comes from drachtio's test application",
  }),
  caller('uac-subscribe', 'SUBSCRIBE for presence, two NOTIFYs', {
    skip: 'presence server (SUBSCRIBE/NOTIFY) is not an SBC business',
  }),
  farEnd('uas-options-expect-200', "the gateway's OPTIONS keep-alive toward Carrier A's proxy (proxyOptions on)", {
    timeoutS: 10,
    trunk: { connection: { registrationSipDomain: '' } },
  }),
  farEnd('uas-auth-register', "the gateway registers Carrier A's connection and answers the 401 (realm 'local')", {
    timeoutS: 10,
    trunk: REGISTERS_AS_FOO,
  }),
  farEnd('uas-auth-register-no-realm', 'the registration answers a 401 with an empty realm', {
    timeoutS: 10,
    trunk: REGISTERS_AS_FOO,
  }),
  {
    ...farEnd(
      'uas-reinvite-with-auth',
      "B challenges the INVITE and A's re-INVITE (407): both retried with credentials",
    ),
    caller: file('siphon-rs/reinvite.xml'),
  },
  {
    ...farEnd('uas-update-with-sdp', "B's UPDATE with SDP after the ACK is relayed to A, A's 200 with SDP back to B"),
    // a caller that takes the UPDATE and then hangs up (B waits for a BYE after it)
    caller: { scenario: 'fixture:uac-take-update' },
  },
  farEnd('uas-reinvite-overlap', 'B takes four re-INVITEs strictly one after another', {
    skip: 'needs a caller that sends four re-INVITEs in a row; none of these suites has one',
  }),
];
