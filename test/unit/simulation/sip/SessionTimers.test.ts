import { expect } from 'chai';
import {
  buildResponse,
  header,
  parseSip,
  type ClientCallbacks,
  type ServerTransaction,
  type SipAddress,
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
import { EarlyRecords } from '../../../../src/contexts/simulation/sip/infrastructure/EarlyRecords.js';
import type { MediaWiring } from '../../../../src/contexts/simulation/sip/infrastructure/MediaWiring.js';
import { SessionTimers } from '../../../../src/contexts/simulation/sip/infrastructure/SessionTimers.js';
import { SocketLeg } from '../../../../src/contexts/simulation/sip/infrastructure/SocketLeg.js';
import { SocketLegs } from '../../../../src/contexts/simulation/sip/infrastructure/SocketLegs.js';
import { SocketReports } from '../../../../src/contexts/simulation/sip/infrastructure/SocketReports.js';
import { uasDialog } from '../../../../src/contexts/simulation/sip/infrastructure/uasDialog.js';
import { planNode } from '../../../support/simulation/handPlan.js';
import { ManualTimers } from '../../../support/simulation/ManualTimers.js';

const GATEWAY_SDP =
  'v=0\r\no=gw 7 7 IN IP4 10.0.0.1\r\ns=-\r\nc=IN IP4 10.0.0.1\r\nt=0 0\r\nm=audio 40000 RTP/AVP 0\r\n';
const CALLER_SDP =
  'v=0\r\no=user1 5 9 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 9000 RTP/AVP 0\r\n';

function request(method: string, seq: number, extra: string[], body = '', toTag = ''): SipRequest {
  const text = [
    `${method} sip:4930123456@10.0.0.1:5060 SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.1:5099;branch=z9hG4bK-st${method}${seq}`,
    'Max-Forwards: 70',
    'From: <sip:100@127.0.0.1>;tag=caller',
    `To: <sip:4930123456@10.0.0.1>${toTag}`,
    'Call-ID: timers-1',
    `CSeq: ${seq} ${method}`,
    'Contact: <sip:100@127.0.0.1:5099>',
    ...extra,
    ...(body === '' ? [] : ['Content-Type: application/sdp']),
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
  return parseSip(text) as SipRequest;
}

/** What the leg's stack was asked to send: requests with their callbacks, and messages sent outside a transaction. */
function stackStub() {
  const requests: { message: SipRequest; callbacks: ClientCallbacks }[] = [];
  const sent: SipMessage[] = [];
  const stack = {
    request(message: SipRequest, _to: SipAddress, callbacks: ClientCallbacks) {
      requests.push({ message, callbacks });
      return {};
    },
    send(message: SipMessage) {
      sent.push(message);
    },
  } as unknown as SipStack;
  return { stack, requests, sent };
}

function transaction(request: SipRequest) {
  const answers: SipResponse[] = [];
  const server = { request, respond: (r: SipResponse) => answers.push(r) } as unknown as ServerTransaction;
  return { server, answers };
}

function harness() {
  const clock = new ManualTimers();
  const scheduler: Scheduler = { now: () => clock.now(), at: (_at, action) => action(), wake: () => undefined };
  const reports = new SocketReports(scheduler, () => clock.now());
  const ended: TransportLeg[] = [];
  reports.listener = { timedOut: (leg: TransportLeg) => ended.push(leg) } as unknown as TransportListener;
  const timers = new SessionTimers(reports, { aim: () => undefined } as unknown as MediaWiring, clock);
  const legs = new SocketLegs(new EarlyRecords());
  const wire = stackStub();
  /** A caller's leg answered 200 by the gateway (its timer started), the caller's ACK in. */
  function answered(invite: SipRequest, callId = 'timers-1'): { leg: SocketLeg; ok: SipResponse } {
    const local = { transport: 'UDP' as const, host: '10.0.0.1', port: 5060 };
    const leg = new SocketLeg(
      0,
      planNode('pbx'),
      '',
      wire.stack,
      local,
      { ...local, host: '127.0.0.1', port: 5099 },
      callId,
      undefined,
      0,
    );
    legs.add(leg);
    const ok = timers.answering(leg, invite, { ...buildResponse(invite, 200, { toTag: 'gw' }), body: GATEWAY_SDP });
    leg.dialog = uasDialog(invite, ok);
    leg.lastSdp = GATEWAY_SDP;
    leg.confirmed = true;
    return { leg, ok };
  }
  return { clock, timers, legs, wire, ended, answered };
}

const REFRESH_ME = ['Supported: timer', 'Session-Expires: 90;refresher=uas'];
const TIMED = ['Supported: timer', 'Session-Expires: 90;refresher=uac'];

describe('session timers on a caller leg (SessionTimers, RFC 4028), on a manual clock', () => {
  it("answers a caller's Session-Expires with its refresher and Require: timer, and one without timer with the gateway refreshing", () => {
    const { answered } = harness();
    const { ok } = answered(request('INVITE', 1, REFRESH_ME, CALLER_SDP));
    expect(header(ok, 'Session-Expires')).to.equal('90;refresher=uas');
    expect(header(ok, 'Require')).to.equal('timer');
    const plain = answered(request('INVITE', 1, [], CALLER_SDP), 'timers-2').ok;
    expect(header(plain, 'Session-Expires')).to.equal('1800;refresher=uas');
    expect(header(plain, 'Require')).to.equal(undefined);
  });

  it('refreshes the caller at half the interval with a re-INVITE carrying its last SDP unchanged, ACKs the 2xx, and goes on', () => {
    const { clock, wire, answered } = harness();
    const { leg } = answered(request('INVITE', 1, REFRESH_ME, CALLER_SDP));
    clock.advance(44_999);
    expect(wire.requests).to.have.length(0);
    clock.advance(1);
    expect(wire.requests).to.have.length(1);
    const refresh = wire.requests[0]!.message;
    expect(refresh.method).to.equal('INVITE');
    expect(refresh.body).to.equal(GATEWAY_SDP);
    expect(header(refresh, 'Session-Expires')).to.equal('90;refresher=uac');
    expect(header(refresh, 'Supported')).to.equal('timer');
    expect(header(refresh, 'CSeq')).to.equal('1 INVITE');
    expect(header(refresh, 'To')).to.match(/tag=caller/);
    const ok = {
      ...buildResponse(refresh, 200),
      headers: [...buildResponse(refresh, 200).headers, { name: 'Session-Expires', value: '90;refresher=uac' }],
    };
    wire.requests[0]!.callbacks.response(ok, false);
    expect(wire.sent.map((m) => (m as SipRequest).method)).to.deep.equal(['ACK']);
    expect(header(wire.sent[0]!, 'CSeq')).to.equal('1 ACK');
    expect(leg.ownOffer).to.equal(undefined);
    clock.advance(45_000);
    expect(wire.requests.map((r) => header(r.message, 'CSeq'))).to.deep.equal(['1 INVITE', '2 INVITE']);
  });

  it('refreshes with an UPDATE where the caller allows UPDATE', () => {
    const { clock, wire, answered } = harness();
    answered(request('INVITE', 1, [...REFRESH_ME, 'Allow: INVITE, ACK, BYE, UPDATE'], CALLER_SDP));
    clock.advance(45_000);
    expect(wire.requests[0]!.message.method).to.equal('UPDATE');
    expect(wire.requests[0]!.message.body).to.equal(GATEWAY_SDP);
  });

  it('sends a refresh answered 491 again within 2 s toward a caller (not its Call-ID), and ends the call on a 481', () => {
    const { clock, wire, ended, answered } = harness();
    const { leg } = answered(request('INVITE', 1, REFRESH_ME, CALLER_SDP));
    clock.advance(45_000);
    wire.requests[0]!.callbacks.response(buildResponse(wire.requests[0]!.message, 491), false);
    clock.advance(2_000);
    expect(wire.requests).to.have.length(2);
    wire.requests[1]!.callbacks.response(buildResponse(wire.requests[1]!.message, 481), false);
    expect(ended).to.deep.equal([leg]);
  });

  it('ends the call when a caller that refreshes (refresher=uac) has not by the interval less 30 s', () => {
    const { clock, ended, answered } = harness();
    const { leg } = answered(
      request('INVITE', 1, ['Supported: timer', 'Session-Expires: 90;refresher=uac'], CALLER_SDP),
    );
    clock.advance(59_999);
    expect(ended).to.deep.equal([]);
    clock.advance(1);
    expect(ended).to.deep.equal([leg]);
  });

  it("answers the caller's refresh with its SDP unchanged here, restarting the timer; a changed SDP goes on to the relay", () => {
    const { clock, timers, ended, answered } = harness();
    const { leg } = answered(
      request('INVITE', 1, ['Supported: timer', 'Session-Expires: 90;refresher=uac'], CALLER_SDP),
    );
    clock.advance(40_000);
    const refresh = transaction(
      request('INVITE', 2, ['Supported: timer', 'Session-Expires: 90;refresher=uac'], CALLER_SDP, ';tag=gw'),
    );
    expect(timers.takes(leg, refresh.server)).to.equal(true);
    expect(refresh.answers).to.have.length(1);
    expect(refresh.answers[0]!.status).to.equal(200);
    expect(refresh.answers[0]!.body).to.equal(GATEWAY_SDP);
    expect(header(refresh.answers[0]!, 'Session-Expires')).to.equal('90;refresher=uac');
    clock.advance(59_999);
    expect(ended, 'the timer started over at the refresh').to.deep.equal([]);
    const bumped = transaction(request('UPDATE', 3, TIMED, CALLER_SDP.replace('5 9', '5 10'), ';tag=gw'));
    expect(timers.takes(leg, bumped.server), 'a new version over the same lines changes nothing').to.equal(true);
    expect(bumped.answers.map((a) => a.status)).to.deep.equal([200]);
    const hold = transaction(
      request('INVITE', 4, TIMED, CALLER_SDP.replace('5 9', '5 11') + 'a=sendonly\r\n', ';tag=gw'),
    );
    expect(timers.takes(leg, hold.server)).to.equal(false);
    expect(hold.answers).to.have.length(0);
    // a UA that keeps the o= version while it changes the media (3CX, pjproject tickets 1864 and 1866)
    const sameVersion = transaction(
      request('INVITE', 5, TIMED, CALLER_SDP.replace('RTP/AVP 0', 'RTP/AVP 8'), ';tag=gw'),
    );
    expect(timers.takes(leg, sameVersion.server)).to.equal(false);
    // a UA that runs no session timers re-offers for its own reasons (after a refused offer): it goes on as before
    const untimed = transaction(request('INVITE', 6, [], CALLER_SDP, ';tag=gw'));
    expect(timers.takes(leg, untimed.server)).to.equal(false);
    const small = transaction(request('UPDATE', 7, ['Supported: timer', 'Session-Expires: 30'], '', ';tag=gw'));
    expect(timers.takes(leg, small.server)).to.equal(true);
    expect(small.answers.map((a) => [a.status, header(a, 'Min-SE')])).to.deep.equal([[422, '90']]);
  });

  it('keeps no timer for a leg that finished, nor for any leg once the transport closes, over a thousand calls', () => {
    const { clock, legs, answered } = harness();
    const finished = Array.from(
      { length: 1000 },
      (_, i) => answered(request('INVITE', 1, REFRESH_ME, CALLER_SDP), `c${i}`).leg,
    );
    expect(clock.armed).to.equal(1000);
    for (const leg of finished) legs.finish(leg);
    expect(clock.armed).to.equal(0);
    expect(finished.every((leg) => leg.sessionTimer === undefined)).to.equal(true);
    for (let i = 0; i < 10; i += 1) answered(request('INVITE', 1, REFRESH_ME, CALLER_SDP), `open${i}`);
    legs.close();
    expect(clock.armed).to.equal(0);
  });
});
