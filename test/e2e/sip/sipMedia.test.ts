import { expect } from 'chai';
import type { GatewaySchemas } from '@gwsim/client';
import {
  formatDigestChallenge,
  header,
  parseDigestAuthorization,
  verifyDigest,
  buildResponse,
  type SipAddress,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import { createSelfSigned } from '@gwsim/x509';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { existsSync } from 'node:fs';
import { fixture, freeUdpPort, runSipp, SIPP, startSipp } from '../../support/sip/sipp.js';
import { SipPhone, sdpAddress, until, type OutgoingCall } from '../../support/sip/sipPhone.js';
import { PROFILES, addSystem, subTree } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import { licenseAndTurnSipOn } from './sipLabSupport.js';

const V1 = { version: 1 };
/** The transaction layer's T1 in these tests (Timer B after 3.2 s instead of 32 s). */
const T1_MS = 50;
const RTP_FIRST = 40000;
const RTP_LAST = 49999;
const PACKETS = 40;

/** The shapes of the answers, as the typed client has them from /openapi.json. */
type Entry = GatewaySchemas['CallHistoryEntryView'];
type SessionView = GatewaySchemas['ActiveSessionView'];

/** The route's rewriting: a '+' in front of the called number. */
const PLUS = {
  segments: [
    {
      prefix: '+',
      suffix: '',
      delLeading: 0,
      delTrailing: 0,
      keepLeading: 0,
      keepTrailing: 0,
      matchedPart: 0,
      source: 'MOST_APPROPRIATE',
    },
  ],
};

function inRtpRange(sdp: string): void {
  const address = sdpAddress(sdp);
  expect(address.host, sdp).to.equal('127.0.0.1');
  expect(address.port, sdp).to.be.within(RTP_FIRST, RTP_LAST);
}

/**
 * Real SIP end to end through a lab, with phones written on @gwsim/sip's stack: the media of a call is anchored
 * on the gateway's own RTP ports and relayed both ways (and counted in activeSessions), a call whose RTP stops
 * is ended by the gateway, a caller reaches a node over TLS (and a node reaches a far end over TLS), the gateway
 * answers a trunk's digest challenge with the node's credentials, and a caller's CANCEL reaches a ringing far end.
 */
describe('real SIP end to end: media through the relay, media timeout, TLS, digest toward trunks, CANCEL', function () {
  this.timeout(300_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let caller: SipPhone;
  let far: SipPhone;
  let tlsFar: SipPhone;
  let pbxPort: number;
  let pbxTlsPort: number;
  let ids: { pbx: string; far: string; tlsFar: string; ringing: string };
  let uasPort: number;
  const phoneIdentity = createSelfSigned({
    commonName: 'phone.lab.test',
    notBefore: new Date('2025-01-01T00:00:00Z'),
    notAfter: new Date('2030-01-01T00:00:00Z'),
  });
  const nodeIdentity = createSelfSigned({
    commonName: 'pbx.lab.test',
    notBefore: new Date('2025-01-01T00:00:00Z'),
    notAfter: new Date('2030-01-01T00:00:00Z'),
  });

  const pbx = (): SipAddress => ({ transport: 'UDP', host: '127.0.0.1', port: pbxPort });

  async function commit(): Promise<void> {
    const response = await admin.post('/api/coreConfig/commit');
    expect(response.status, response.text).to.equal(200);
  }

  async function history(destination: string): Promise<Entry[]> {
    await gateway.get(BatchingMonitorSinks).flush();
    const response = await admin.post('/api/callHistory/get', {
      query: { dateFormat: 'ISO-8601' },
      json: { count: 10000 },
    });
    expect(response.status, response.text).to.equal(200);
    return (response.json.entries as Entry[]).filter((e) => e.inboundDestinationDialString === destination);
  }

  async function sessions(): Promise<SessionView[]> {
    const response = await admin.post('/api/activeSessions/get', { json: {} });
    expect(response.status, response.text).to.equal(200);
    return response.json.activeSessions as SessionView[];
  }

  async function answered(call: OutgoingCall): Promise<void> {
    await until(() => call.final !== undefined || call.timedOut, 'a final response to the INVITE');
    expect(call.final?.status, JSON.stringify(call.responses.map((r) => r.status))).to.equal(200);
  }

  async function finalOf(call: OutgoingCall): Promise<SipResponse> {
    await until(() => call.final !== undefined || call.timedOut, 'a final response to the INVITE');
    expect(call.timedOut, 'the INVITE got a final response').to.equal(false);
    return call.final!;
  }

  async function route(displayName: string, destinationNodeId: string, pattern: string): Promise<void> {
    const response = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName,
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [{ destinationNodeId, routingForwardProfileId: '', destinationDialStringRewriting: PLUS }],
        },
        filters: [{ sourceNodeIds: [ids.pbx], destinationDialString: { type: 'WILDCARD', wildcardPattern: pattern } }],
      },
    });
    expect(response.status, response.text).to.equal(200);
  }

  before(async function () {
    caller = await SipPhone.open({ t1Ms: T1_MS });
    far = await SipPhone.open({ t1Ms: T1_MS });
    tlsFar = await SipPhone.open({
      transport: 'TLS',
      tls: { key: phoneIdentity.privateKey, cert: phoneIdentity.certificate, rejectUnauthorized: false },
      t1Ms: T1_MS,
    });
    [pbxPort, pbxTlsPort] = [await freeUdpPort(), await freeUdpPort()];
    const [farPort, tlsFarPort] = [await freeUdpPort(), await freeUdpPort()];
    gateway = await TestGateway.start({ clock: new RealTimeClock(), config: { sipT1Ms: T1_MS } });
    admin = gateway.admin();
    const [pbxNode] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'PBX',
      udpTcpPort: pbxPort,
      tlsPort: pbxTlsPort,
    });
    const [farNode] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'Far PBX',
      udpTcpPort: farPort,
      tlsPort: farPort + 1 > 65535 ? farPort - 1 : farPort + 1,
      remoteSipDomain: { host: '127.0.0.1', port: far.address.port, transport: 'UDP' },
    });
    const [tlsFarNode] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'TLS PBX',
      udpTcpPort: tlsFarPort,
      tlsPort: tlsFarPort + 1 > 65535 ? tlsFarPort - 1 : tlsFarPort + 1,
      remoteSipDomain: { host: '127.0.0.1', port: tlsFar.address.port, transport: 'TLS' },
    });
    const ringingPort = await freeUdpPort();
    uasPort = await freeUdpPort();
    const [ringingNode] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'Ringing PBX',
      udpTcpPort: ringingPort,
      tlsPort: ringingPort + 1 > 65535 ? ringingPort - 1 : ringingPort + 1,
      remoteSipDomain: { host: '127.0.0.1', port: uasPort, transport: 'UDP' },
    });
    ids = { pbx: pbxNode!.id, far: farNode!.id, tlsFar: tlsFarNode!.id, ringing: ringingNode!.id };
    const domain = await admin.post('/api/routingDomains/add', {
      ...V1,
      json: { displayName: 'Main', sourceNodes: [ids.pbx] },
    });
    expect(domain.status, domain.text).to.equal(200);
    await route('German numbers to the far PBX', ids.far, '49*');
    await route('Polish numbers to the TLS PBX', ids.tlsFar, '48*');
    await route('French numbers to the ringing PBX (SIPp)', ids.ringing, '33*');
    // the PBX node presents a certificate: it listens on its TLS port too
    // (and so does the TLS PBX node: its far end's requests come to its TLS port, which the Contact names)
    for (const node of [ids.pbx, ids.tlsFar]) {
      const upload = await admin.put('/api/nodes/certificates/set', {
        query: { node, mode: 'CERTIFICATES_AND_PRIVATE_KEY' },
        file: { name: 'node.pem', content: `${nodeIdentity.certificate}${nodeIdentity.privateKey}` },
      });
      expect(upload.status, upload.text).to.equal(200);
      const transport = await subTree(admin, node, 'sipTransport');
      const tls = await admin.put('/api/objects/set', { query: { id: transport['id'] }, json: { tlsEnabled: true } });
      expect(tls.status, tls.text).to.equal(200);
    }
    await commit();
    const state = await licenseAndTurnSipOn(admin);
    expect(
      state.listeners.filter((l) => l.state === 'listening').map((l) => `${l.nodeName} ${l.transport} ${l.port}`),
    ).to.include.members([`PBX UDP ${pbxPort}`, `PBX TLS ${pbxTlsPort}`]);
    expect(state.farEnds[ids.far]).to.equal('real');
    expect(state.farEnds[ids.tlsFar]).to.equal('real');
  });

  after(async () => {
    await gateway?.stop();
    await Promise.all([caller?.close(), far?.close(), tlsFar?.close()]);
  });

  beforeEach(() => {
    far.plan = { kind: 'answer' };
  });

  it("anchors the media on the gateway's own RTP ports, relays RTP both ways, and counts the real packets on both legs", async () => {
    const call = caller.call(pbx(), '4930100001');
    await answered(call);
    const invite = far.received('INVITE').at(-1)!;
    // each side is offered or answered the gateway's address and a port of the node's RTP range, never the other side's
    inRtpRange(invite.body);
    inRtpRange(call.answerSdp);
    expect(sdpAddress(invite.body).port).to.not.equal(caller.rtp.port);
    expect(sdpAddress(call.answerSdp).port).to.not.equal(far.rtp.port);

    await Promise.all([
      caller.rtp.send(sdpAddress(call.answerSdp), PACKETS),
      far.rtp.send(sdpAddress(invite.body), PACKETS),
    ]);
    await until(
      () => caller.rtp.received === PACKETS && far.rtp.received === PACKETS,
      'the RTP of each side reaches the other',
    );

    let session: SessionView | undefined;
    await until(async () => {
      session = (await sessions()).find((s) => s.incoming.telLocalNumber === '4930100001');
      return (
        session !== undefined &&
        session.outgoing.length === 1 &&
        session.incoming.rtpReceiveTotalPackets === PACKETS &&
        session.outgoing[0]!.rtpReceiveTotalPackets === PACKETS
      );
    }, 'activeSessions counts the packets');
    expect(session!.incoming).to.include({ rtpReceiveTotalPackets: PACKETS, rtpSendTotalPackets: PACKETS });
    expect(session!.outgoing[0]).to.include({ rtpReceiveTotalPackets: PACKETS, rtpSendTotalPackets: PACKETS });

    expect(await caller.hangUp(call)).to.equal(200);
    await until(
      () =>
        far.received('BYE').length > 0 &&
        far.received('BYE').some((bye) => header(bye, 'Call-ID') === header(invite, 'Call-ID')),
      'the far end gets the BYE',
    );
    await until(async () => (await history('4930100001')).length === 1, 'the call is in the history');
    expect((await history('4930100001'))[0]).to.include({
      result: 'ANSWERED',
      sipStatusCode: 200,
      disconnectingSide: 'inbound',
    });
  });

  it("takes each side's media port from the range of its own node: the called side from the far node's network controller", async () => {
    const controller = await createObject(admin, 'IN_STACK', 'Far PBX media interface', {
      interfaceName: 'eth2',
      ipAddress: '198.51.100.20',
      rtpFirstPort: 41000,
      rtpLastPort: 41199,
    });
    const negotiation = await subTree(admin, ids.far, 'mediaNegotiation');
    const set = await admin.put('/api/objects/set', {
      query: { id: negotiation['id'] },
      json: { networkControllerId: controller['id'] },
    });
    expect(set.status, set.text).to.equal(200);
    await commit();
    const call = caller.call(pbx(), '4930100006');
    await answered(call);
    const invite = far.received('INVITE').at(-1)!;
    expect(sdpAddress(invite.body).port, "the far node's range").to.be.within(41000, 41199);
    expect(sdpAddress(call.answerSdp).port, "the PBX node's range")
      .to.be.within(RTP_FIRST, RTP_LAST)
      .and.not.within(41000, 41199);
    const [callerHad, farHad] = [caller.rtp.received, far.rtp.received];
    await Promise.all([caller.rtp.send(sdpAddress(call.answerSdp), 10), far.rtp.send(sdpAddress(invite.body), 10)]);
    await until(
      () => caller.rtp.received === callerHad + 10 && far.rtp.received === farHad + 10,
      'the RTP of each side reaches the other',
    );
    expect(await caller.hangUp(call)).to.equal(200);
    // the far node keeps its own range for the calls that follow (still within the default range the other tests check)
  });

  it("ends a call whose RTP stops after the media timeout of the node's media negotiation: a BYE on both legs from the gateway", async () => {
    const negotiation = await subTree(admin, ids.pbx, 'mediaNegotiation');
    const set = await admin.put('/api/objects/set', {
      query: { id: negotiation['id'] },
      json: { rtpTimeoutSeconds: 1 },
    });
    expect(set.status, set.text).to.equal(200);
    await commit();
    try {
      const callerByes = caller.received('BYE').length;
      const farByes = far.received('BYE').length;
      const call = caller.call(pbx(), '4930100002');
      await answered(call);
      const invite = far.received('INVITE').at(-1)!;
      // some media flows, then both phones fall silent
      await Promise.all([caller.rtp.send(sdpAddress(call.answerSdp), 10), far.rtp.send(sdpAddress(invite.body), 10)]);
      await until(
        () => caller.received('BYE').length > callerByes && far.received('BYE').length > farByes,
        'the gateway hangs up both legs',
      );
      expect(header(caller.received('BYE').at(-1)!, 'Call-ID')).to.equal(header(call.invite, 'Call-ID'));
      expect(header(far.received('BYE').at(-1)!, 'Call-ID')).to.equal(header(invite, 'Call-ID'));
      await until(async () => (await history('4930100002')).length === 1, 'the call is in the history');
      expect((await history('4930100002'))[0]).to.include({ result: 'ANSWERED', disconnectingSide: 'gateway' });
    } finally {
      expect(
        (await admin.put('/api/objects/set', { query: { id: negotiation['id'] }, json: { rtpTimeoutSeconds: 0 } }))
          .status,
      ).to.equal(200);
      await commit();
    }
  });

  it('counts the media timeout from the answer: a call that rang longer than it, then carried RTP, ends only once its RTP stops', async () => {
    const negotiation = await subTree(admin, ids.pbx, 'mediaNegotiation');
    expect(
      (await admin.put('/api/objects/set', { query: { id: negotiation['id'] }, json: { rtpTimeoutSeconds: 1 } }))
        .status,
    ).to.equal(200);
    await commit();
    try {
      far.plan = { kind: 'ring' };
      const call = caller.call(pbx(), '4930100003');
      await until(() => call.responses.some((r) => r.status === 180), 'the caller hears ringing');
      // ringing without early media for twice the timeout: the timeout counts from the answer
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const ringing = far.invites.at(-1)!;
      ringing.respond(
        buildResponse(ringing.request, 200, {
          toTag: 'late-answer',
          body: far.sdp(),
          contact: { uri: `sip:phone@127.0.0.1:${far.address.port}`, params: {} },
        }),
      );
      await answered(call);
      const byes = caller.received('BYE').length;
      const farSide = sdpAddress(ringing.request.body);
      for (let i = 0; i < 5; i += 1) {
        await Promise.all([caller.rtp.send(sdpAddress(call.answerSdp), 25), far.rtp.send(farSide, 25)]);
      }
      expect(caller.received('BYE').length, 'the gateway did not hang up a call with media').to.equal(byes);
      // then the phones fall silent: the timeout, untouched by the long ringing, ends the call
      await until(() => caller.received('BYE').length > byes, 'the gateway hangs up once the media stops');
      await until(async () => (await history('4930100003')).length === 1, 'the call is in the history');
      expect((await history('4930100003'))[0]).to.include({ result: 'ANSWERED', disconnectingSide: 'gateway' });
    } finally {
      expect(
        (await admin.put('/api/objects/set', { query: { id: negotiation['id'] }, json: { rtpTimeoutSeconds: 0 } }))
          .status,
      ).to.equal(200);
      await commit();
    }
  });

  it("carries a call from a caller over TLS to the node's TLS port, and toward a far end over TLS with a self-signed certificate", async () => {
    const tlsCaller = await SipPhone.open({
      transport: 'TLS',
      tls: { key: phoneIdentity.privateKey, cert: phoneIdentity.certificate, rejectUnauthorized: false },
      t1Ms: T1_MS,
    });
    try {
      const call = tlsCaller.call({ transport: 'TLS', host: '127.0.0.1', port: pbxTlsPort }, '4930100004');
      await answered(call);
      inRtpRange(call.answerSdp);
      expect(await tlsCaller.hangUp(call)).to.equal(200);
      await until(async () => (await history('4930100004')).length === 1, 'the TLS call is in the history');
      expect((await history('4930100004'))[0]).to.include({ result: 'ANSWERED', sipStatusCode: 200 });

      const toTls = caller.call(pbx(), '4822100005');
      await answered(toTls);
      expect(tlsFar.received('INVITE').length, 'the far end got the INVITE over TLS').to.equal(1);
      inRtpRange(tlsFar.received('INVITE')[0]!.body);
      expect(header(tlsFar.received('INVITE')[0]!, 'Via')).to.match(/^SIP\/2\.0\/TLS 127\.0\.0\.1:/);
      // the far end hangs up: its BYE reaches the node, the caller gets one
      const byes = caller.received('BYE').length;
      expect(await tlsFar.hangUpAnswered(0)).to.equal(200);
      await until(() => caller.received('BYE').length > byes, 'the caller gets the BYE');
      await until(
        async () => (await history('4822100005')).length === 1,
        'the call to the TLS far end is in the history',
      );
      expect((await history('4822100005'))[0]).to.include({ result: 'ANSWERED', disconnectingSide: 'outbound' });
    } finally {
      await tlsCaller.close();
    }
  });

  it("passes SIPp's CANCEL to a ringing SIPp far end (uac-cancel, uas-ring-no-answer): both scenarios complete", async function () {
    if (!existsSync(SIPP)) this.skip();
    const uas = await startSipp({ scenario: fixture('uas-ring-no-answer'), localPort: uasPort, timeoutMs: 60_000 });
    let farResult;
    try {
      const result = await runSipp({
        scenario: fixture('uac-cancel'),
        remote: `127.0.0.1:${pbxPort}`,
        service: '33100487',
        calls: 1,
        timeoutMs: 30_000,
      });
      expect(result.successful, `${result.errors}\n${result.stderr}`).to.equal(1);
    } finally {
      farResult = await uas.stop();
    }
    expect(farResult.successful, `the far end got the CANCEL and answered 487: ${farResult.errors}`).to.equal(1);
    expect(farResult.failed).to.equal(0);
    await until(async () => (await history('33100487')).length === 1, 'the call is in the history');
  });

  describe('digest toward a trunk', () => {
    const USER = 'trunk-user';
    const PASSWORD = 'Trunk-Secret-Pw-4711!';
    let connectionId: string;

    before(async () => {
      const node = await admin.get('/api/objects/get', { query: { id: ids.far } });
      expect(node.status, node.text).to.equal(200);
      connectionId = node.json['transportConnectionIds'][0];
      const credentials = await createObject(admin, 'SIPAUTH_STACK', 'Far PBX login', {
        username: USER,
        password: PASSWORD,
      });
      const set = await admin.put('/api/objects/set', {
        query: { id: connectionId },
        json: { authenticationEnabled: true, credentialsId: credentials['id'] },
      });
      expect(set.status, set.text).to.equal(200);
      await commit();
    });

    /** A far end that challenges with `status` and answers a correct digest for `password` (403 for a wrong one). */
    function challenging(status: 401 | 407, password: string): { plan: SipPhone['plan']; authorized: SipRequest[] } {
      const authorized: SipRequest[] = [];
      const [challengeHeader, answerHeader] =
        status === 401 ? ['WWW-Authenticate', 'Authorization'] : ['Proxy-Authenticate', 'Proxy-Authorization'];
      return {
        authorized,
        plan: {
          kind: 'challenge',
          respond: (invite) => {
            const answer = header(invite, answerHeader);
            if (answer === undefined) {
              const challenge = buildResponse(invite, status, { toTag: `challenge${status}` });
              challenge.headers.push({
                name: challengeHeader,
                value: formatDigestChallenge({
                  realm: 'far.lab.test',
                  nonce: `n${Date.now()}`,
                  qop: 'auth',
                  algorithm: 'MD5',
                }),
              });
              return challenge;
            }
            const credentials = parseDigestAuthorization(answer);
            if (credentials && credentials.username === USER && verifyDigest(credentials, password, 'INVITE')) {
              authorized.push(invite);
              return undefined;
            }
            return buildResponse(invite, 403, { toTag: 'refused' });
          },
        },
      };
    }

    for (const status of [401, 407] as const) {
      it(`answers a ${status} challenge with the node's credentials and the call completes`, async () => {
        const far401 = challenging(status, PASSWORD);
        far.plan = far401.plan;
        const before = far.received('INVITE').length;
        const number = `49301000${status}`;
        const call = caller.call(pbx(), number);
        await answered(call);
        const invites = far.received('INVITE').slice(before);
        expect(invites.length, 'the challenged INVITE and the authenticated one').to.equal(2);
        expect(far401.authorized.length).to.equal(1);
        expect(header(invites[1]!, 'Call-ID')).to.equal(header(invites[0]!, 'Call-ID'));
        expect(header(invites[1]!, 'CSeq')).to.not.equal(header(invites[0]!, 'CSeq'));
        expect(await caller.hangUp(call)).to.equal(200);
        await until(async () => (await history(number)).length === 1, 'the call is in the history');
        expect((await history(number))[0]).to.include({ result: 'ANSWERED', sipStatusCode: 200 });
      });
    }

    it("relays the far end's refusal when the password is wrong, without trying again and again", async () => {
      far.plan = challenging(401, 'another password').plan;
      const before = far.received('INVITE').length;
      const call = caller.call(pbx(), '4930100403');
      const final = await finalOf(call);
      expect(final.status).to.equal(403);
      expect(far.received('INVITE').length - before, 'one authenticated attempt only').to.equal(2);
      await until(async () => (await history('4930100403')).length === 1, 'the call is in the history');
      expect((await history('4930100403'))[0]).to.include({ sipStatusCode: 403 });
    });

    it("relays the far end's second challenge as the call's failure", async () => {
      // the far end challenges every INVITE, answered or not
      far.plan = {
        kind: 'challenge',
        respond: (invite) => {
          const challenge = buildResponse(invite, 401, { toTag: 'again' });
          challenge.headers.push({
            name: 'WWW-Authenticate',
            value: formatDigestChallenge({ realm: 'far.lab.test', nonce: `n${Date.now()}` }),
          });
          return challenge;
        },
      };
      const before = far.received('INVITE').length;
      const call = caller.call(pbx(), '4930100401');
      const final = await finalOf(call);
      expect(final.status).to.equal(401);
      expect(far.received('INVITE').length - before).to.equal(2);
    });
  });

  it("passes a caller's CANCEL to the ringing far end, which answers 487; the caller gets 487", async () => {
    far.plan = { kind: 'ring' };
    const cancels = far.cancels.length;
    const call = caller.call(pbx(), '4930100487');
    await until(() => call.responses.some((r) => r.status === 180), 'the caller hears ringing');
    caller.cancelCall(call);
    const final = await finalOf(call);
    expect(final.status).to.equal(487);
    expect(far.cancels.length - cancels, 'the far end got one CANCEL').to.equal(1);
    expect(header(far.cancels.at(-1)!, 'Call-ID')).to.equal(header(far.received('INVITE').at(-1)!, 'Call-ID'));
    await until(async () => (await history('4930100487')).length === 1, 'the call is in the history');
    expect((await history('4930100487'))[0]!.disconnectingSide).to.equal('inbound');
  });
});
