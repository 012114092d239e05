import { expect } from 'chai';
import { header, buildResponse } from '@gwsim/sip';
import type { ApiClient } from '../../support/ApiClient.js';
import { SipPhone, sdpAddress, until } from '../../support/sip/sipPhone.js';
import { subTree } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import {
  sipMediaLab,
  type SessionView,
  RTP_FIRST,
  RTP_LAST,
  PACKETS,
  inRtpRange,
  type SipMediaIds,
} from './sipMediaSupport.js';

/**
 * Real SIP end to end through a lab, with phones written on @gwsim/sip's stack: the media of a call is anchored
 * on the gateway's own RTP ports and relayed both ways (and counted in activeSessions), a call whose RTP stops
 * is ended by the gateway, a caller reaches a node over TLS (and a node reaches a far end over TLS), the gateway
 * answers a trunk's digest challenge with the node's credentials, and a caller's CANCEL reaches a ringing far end.
 */
describe('real SIP end to end: media through the relay, media timeout, TLS, digest toward trunks, CANCEL', function () {
  this.timeout(300_000);
  const lab = sipMediaLab();
  const { pbx, commit, history, sessions, answered } = lab;
  let admin: ApiClient;
  let caller: SipPhone;
  let far: SipPhone;
  let ids: SipMediaIds;
  before(() => ({ admin, caller, far, ids } = lab.state()));

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
});
