import { expect } from 'chai';
import {
  buildResponse,
  header,
  parseSip,
  type ClientCallbacks,
  type ServerTransaction,
  type SipMessage,
  type SipRequest,
  type SipResponse,
  type SipStack,
} from '@gwsim/sip';
import type { Scheduler } from '../../../../src/contexts/simulation/calls/domain/Scheduler.js';
import type {
  TransportLeg,
  TransportListener,
} from '../../../../src/contexts/simulation/calls/domain/SessionTransport.js';
import { MediaPortPool, RtpRelay } from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import type { LabSip } from '../../../../src/contexts/simulation/sip/infrastructure/LabSip.js';
import { MediaWiring } from '../../../../src/contexts/simulation/sip/infrastructure/MediaWiring.js';
import { MidDialogRelay } from '../../../../src/contexts/simulation/sip/infrastructure/MidDialogRelay.js';
import { SessionTimers } from '../../../../src/contexts/simulation/sip/infrastructure/SessionTimers.js';
import { CallMedia, SocketLeg } from '../../../../src/contexts/simulation/sip/infrastructure/SocketLeg.js';
import { SocketReports } from '../../../../src/contexts/simulation/sip/infrastructure/SocketReports.js';
import { TransferMedia } from '../../../../src/contexts/simulation/sip/infrastructure/TransferMedia.js';
import { uasDialog } from '../../../../src/contexts/simulation/sip/infrastructure/uasDialog.js';
import { planNode } from '../../../support/simulation/handPlan.js';
import { ManualTimers } from '../../../support/simulation/ManualTimers.js';
import { freeUdpRange } from '../../../support/udpPorts.js';

/** An SDP of one audio stream: its origin, address, payload types (with rtpmaps) and direction. */
function sdp(origin: string, port: number, types: readonly number[], direction?: string): string {
  const names: Record<number, string> = { 0: 'PCMU/8000', 8: 'PCMA/8000', 101: 'telephone-event/8000' };
  return [
    'v=0',
    `o=${origin} IN IP4 127.0.0.1`,
    's=-',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=audio ${port} RTP/AVP ${types.join(' ')}`,
    ...types.map((type) => `a=rtpmap:${type} ${names[type]}`),
    ...(direction ? [`a=${direction}`] : []),
    '',
  ].join('\r\n');
}

function invite(callId: string, body = ''): SipRequest {
  const text = [
    'INVITE sip:4930123456@127.0.0.1:5060 SIP/2.0',
    `Via: SIP/2.0/UDP 127.0.0.1:5099;branch=z9hG4bK-${callId}`,
    'Max-Forwards: 70',
    'From: <sip:100@127.0.0.1>;tag=peer',
    'To: <sip:4930123456@127.0.0.1>',
    `Call-ID: ${callId}`,
    'CSeq: 1 INVITE',
    'Contact: <sip:100@127.0.0.1:5099>',
    ...(body === '' ? [] : ['Content-Type: application/sdp']),
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
  return parseSip(text) as SipRequest;
}

/** What a leg's stack was asked to send: requests with their callbacks, and messages sent outside a transaction. */
function stackStub() {
  const requests: { message: SipRequest; callbacks: ClientCallbacks }[] = [];
  const sent: SipMessage[] = [];
  const stack = {
    request(message: SipRequest, _to: unknown, callbacks: ClientCallbacks) {
      requests.push({ message, callbacks });
      return {};
    },
    send(message: SipMessage) {
      sent.push(message);
    },
  } as unknown as SipStack;
  return { stack, requests, sent };
}

/** The 2xx (or other answer) of a peer to the gateway's request, with `body` as its SDP. */
function answer(request: SipRequest, status: number, body?: string): SipResponse {
  const response = buildResponse(request, status);
  if (body === undefined) return response;
  return { ...response, headers: [...response.headers, { name: 'Content-Type', value: 'application/sdp' }], body };
}

/**
 * A called party's transfer carried out by the gateway, as the socket transport holds it when the target answered:
 * the transferee (the caller, leg 0) on the relay's side 0, left on hold by the transferor (the gateway's last SDP
 * there its relayed send-only offer, PCMU), the target (leg 2) on side 1, offered the transferee's first SDP
 * (PCMU, PCMA) and answering PCMA.
 */
async function transfer(options: { held?: boolean; targetTypes?: number[] } = {}) {
  const clock = new ManualTimers();
  const scheduler: Scheduler = { now: () => clock.now(), at: (_at, action) => action(), wake: () => undefined };
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const reports = new SocketReports(
    scheduler,
    () => clock.now(),
    (fields, message) => warnings.push({ fields, message }),
  );
  const ended: TransportLeg[] = [];
  reports.listener = { timedOut: (leg: TransportLeg) => ended.push(leg) } as unknown as TransportListener;
  const media = new MediaWiring({ warn: reports.warn } as unknown as LabSip);
  const timers = new SessionTimers(reports, media, clock);
  const relay = await RtpRelay.open(
    [new MediaPortPool('127.0.0.1', await freeUdpRange(4)), new MediaPortPool('127.0.0.1', await freeUdpRange(4))],
    { timeoutMs: 0 },
    { timeout: () => undefined },
  );
  const call = new CallMedia();
  call.relay = relay;
  const wires = [stackStub(), stackStub()] as const;
  const leg = (index: number, side: 0 | 1, callId: string) => {
    const local = { transport: 'UDP' as const, host: '127.0.0.1', port: 5060 };
    const made = new SocketLeg(
      index,
      planNode(`node-${index}`),
      'session-1',
      wires[side].stack,
      local,
      local,
      callId,
      call,
      side,
    );
    made.dialog = uasDialog(invite(callId), buildResponse(invite(callId), 200, { toTag: 'gw' }));
    call.legs[side] = made;
    return made;
  };
  const transferee = leg(0, 0, 'transferee-call');
  const target = leg(2, 1, 'target-call');
  const first = sdp('transferee 1 1', 9000, [0, 8, 101]);
  const side0 = relay.local(0)!.port;
  transferee.peerSdp = first;
  transferee.lastSdp =
    options.held === false
      ? media.toward(transferee, sdp('target 7 1', 9100, options.targetTypes ?? [8, 101]))
      : media.toward(transferee, sdp('transferor 5 10', 9050, [0, 101], 'sendonly'));
  target.lastSdp = media.toward(target, first);
  target.peerSdp = sdp('target 7 1', 9100, options.targetTypes ?? [8, 101]);
  const transferMedia = new TransferMedia(reports, media, timers.offers, clock);
  const relayed = new MidDialogRelay(reports, media, timers);
  return {
    clock,
    warnings,
    ended,
    relay,
    side0,
    transferee,
    target,
    wires,
    transferMedia,
    relayed,
    close: () => call.close(),
  };
}

describe('TransferMedia: the transferee meets the target media after a transfer the gateway carried out', () => {
  it("re-INVITEs a transferee left on hold with the target's codecs, sendrecv, on the relay's address, the next o= version of its session", async () => {
    const t = await transfer();
    try {
      t.transferMedia.transferred(t.transferee, t.target);
      const [sent] = t.wires[0].requests;
      expect(sent?.message.method).to.equal('INVITE');
      expect(header(sent!.message, 'CSeq')).to.equal('1 INVITE');
      expect(header(sent!.message, 'Call-ID')).to.equal('transferee-call');
      const body = sent!.message.body;
      expect(body).to.match(/^o=transferor 5 11 IN IP4 127\.0\.0\.1\r$/m);
      expect(body).to.match(new RegExp(`^m=audio ${t.side0} RTP/AVP 8 101\\r$`, 'm'));
      expect(body).to.match(/^a=sendrecv\r$/m);
      expect(body).not.to.match(/sendonly/);
      expect(t.transferee.ownOffer).to.equal('INVITE');
      // the transferee answers: ACKed, the relay sends where it says, the offer the gateway's SDP on the leg now
      sent!.callbacks.response(answer(sent!.message, 200, sdp('transferee 1 2', 9002, [8, 101])), false);
      expect(t.wires[0].sent.map((m) => `${(m as SipRequest).method} ${header(m, 'CSeq')}`)).to.deep.equal([
        'ACK 1 ACK',
      ]);
      expect(t.relay.remote(0)).to.deep.equal({ host: '127.0.0.1', port: 9002 });
      expect([t.transferee.lastSdp, t.transferee.ownOffer]).to.deep.equal([body, undefined]);
      expect(t.wires[1].requests, 'the target agreed to what the transferee answered: left alone').to.have.length(0);
    } finally {
      t.close();
    }
  });

  it('re-INVITEs the target when the transferee answers with fewer codecs than the target agreed to', async () => {
    const t = await transfer();
    try {
      t.transferMedia.transferred(t.transferee, t.target);
      const [sent] = t.wires[0].requests;
      sent!.callbacks.response(answer(sent!.message, 200, sdp('transferee 1 2', 9002, [8])), false);
      const [toTarget] = t.wires[1].requests;
      expect(header(toTarget!.message, 'Call-ID')).to.equal('target-call');
      const body = toTarget!.message.body;
      // the target's leg knows the transferee's first session (its o=) as the gateway gave it: the next version
      expect(body).to.match(/^o=transferee 1 2 IN IP4 127\.0\.0\.1\r$/m);
      expect(body).to.match(new RegExp(`^m=audio ${t.relay.local(1)!.port} RTP/AVP 8\\r$`, 'm'));
      expect(body).to.match(/^a=sendrecv\r$/m);
    } finally {
      t.close();
    }
  });

  it('leaves a transferee alone whose leg already has the target media (sendrecv, its codecs, the relay)', async () => {
    const t = await transfer({ held: false });
    try {
      t.transferMedia.transferred(t.transferee, t.target);
      expect(t.wires[0].requests).to.have.length(0);
      expect(t.wires[1].requests).to.have.length(0);
    } finally {
      t.close();
    }
  });

  it('offers again after a 491 within the wait of RFC 3261 section 14.1, and leaves the call as it was on a refusal', async () => {
    const t = await transfer();
    try {
      t.transferMedia.transferred(t.transferee, t.target);
      const [first] = t.wires[0].requests;
      first!.callbacks.response(answer(first!.message, 491), false);
      expect(t.wires[0].requests).to.have.length(1);
      t.clock.advance(2_000); // toward a caller (the Call-ID is its own) 0 to 2 s
      const second = t.wires[0].requests[1];
      expect(header(second!.message, 'CSeq')).to.equal('2 INVITE');
      expect(second!.message.body).to.match(/^a=sendrecv\r$/m);
      const held = t.transferee.lastSdp;
      second!.callbacks.response(answer(second!.message, 488), false);
      t.clock.advance(10_000);
      expect(t.wires[0].requests).to.have.length(2);
      expect([t.transferee.lastSdp, t.transferee.ownOffer, t.ended]).to.deep.equal([held, undefined, []]);
      expect(t.warnings.map((w) => [w.message, w.fields['status']])).to.deep.equal([
        ["the transferee refused the gateway's re-INVITE after a transfer; the call stays as it was", 488],
      ]);
    } finally {
      t.close();
    }
  });

  it("ends the call when the transferee's dialog is gone (481)", async () => {
    const t = await transfer();
    try {
      t.transferMedia.transferred(t.transferee, t.target);
      const [sent] = t.wires[0].requests;
      sent!.callbacks.response(answer(sent!.message, 481), false);
      expect(t.ended).to.deep.equal([t.transferee]);
    } finally {
      t.close();
    }
  });

  it('answers the transferee its own re-INVITE 491 while the gateway offer is under way (glare), session timers or not', async () => {
    const t = await transfer();
    try {
      t.transferMedia.transferred(t.transferee, t.target);
      const answers: SipResponse[] = [];
      const request = { ...invite('transferee-call', sdp('transferee 1 2', 9000, [0], 'sendonly')) };
      const glare = {
        request: {
          ...request,
          headers: request.headers.map((h) => (h.name === 'To' ? { ...h, value: `${h.value};tag=gw` } : h)),
        },
        respond: (response: SipResponse) => answers.push(response),
      } as unknown as ServerTransaction;
      t.relayed.received(t.transferee, glare);
      expect(answers.map((a) => a.status)).to.deep.equal([491]);
      expect(t.wires[1].requests, 'nothing crossed to the target').to.have.length(0);
    } finally {
      t.close();
    }
  });

  it('offers a held transferee its own SDP sendrecv when the target is simulated', async () => {
    const t = await transfer();
    try {
      t.transferMedia.transferred(t.transferee, undefined);
      const body = t.wires[0].requests[0]!.message.body;
      expect(body).to.match(/^o=transferor 5 11 /m);
      expect(body).to.match(new RegExp(`^m=audio ${t.side0} RTP/AVP 0 101\\r$`, 'm'));
      expect(body).to.match(/^a=sendrecv\r$/m);
    } finally {
      t.close();
    }
  });
});
