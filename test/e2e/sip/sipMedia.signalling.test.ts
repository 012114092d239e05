import { expect } from 'chai';
import {
  formatDigestChallenge,
  header,
  parseDigestAuthorization,
  verifyDigest,
  buildResponse,
  type SipRequest,
} from '@gwsim/sip';
import type { ApiClient } from '../../support/ApiClient.js';
import { existsSync } from 'node:fs';
import { fixture, runSipp, SIPP, startSipp } from '../../support/sip/sipp.js';
import { SipPhone, until } from '../../support/sip/sipPhone.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import { sipMediaLab, T1_MS, inRtpRange, type SipMediaIds } from './sipMediaSupport.js';

/**
 * Real SIP end to end through a lab, with phones written on @gwsim/sip's stack: the media of a call is anchored
 * on the gateway's own RTP ports and relayed both ways (and counted in activeSessions), a call whose RTP stops
 * is ended by the gateway, a caller reaches a node over TLS (and a node reaches a far end over TLS), the gateway
 * answers a trunk's digest challenge with the node's credentials, and a caller's CANCEL reaches a ringing far end.
 */
describe('real SIP end to end: media through the relay, media timeout, TLS, digest toward trunks, CANCEL', function () {
  this.timeout(300_000);
  const lab = sipMediaLab();
  const { pbx, commit, history, answered, finalOf } = lab;
  let admin: ApiClient;
  let caller: SipPhone;
  let far: SipPhone;
  let tlsFar: SipPhone;
  let pbxPort: number;
  let pbxTlsPort: number;
  let ids: SipMediaIds;
  let uasPort: number;
  let phoneIdentity: { privateKey: string; certificate: string };
  before(() => ({ admin, caller, far, tlsFar, pbxPort, pbxTlsPort, ids, uasPort, phoneIdentity } = lab.state()));

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
