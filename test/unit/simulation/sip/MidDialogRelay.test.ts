import { expect } from 'chai';
import {
  buildResponse,
  parseSip,
  type ClientCallbacks,
  type ServerTransaction,
  type SipRequest,
  type SipResponse,
  type SipStack,
} from '@gwsim/sip';
import type { Scheduler } from '../../../../src/contexts/simulation/calls/domain/Scheduler.js';
import { EarlyRecords } from '../../../../src/contexts/simulation/sip/infrastructure/EarlyRecords.js';
import type { LabSip } from '../../../../src/contexts/simulation/sip/infrastructure/LabSip.js';
import { MediaWiring } from '../../../../src/contexts/simulation/sip/infrastructure/MediaWiring.js';
import { MidDialogRelay } from '../../../../src/contexts/simulation/sip/infrastructure/MidDialogRelay.js';
import { SessionTimers } from '../../../../src/contexts/simulation/sip/infrastructure/SessionTimers.js';
import { CallMedia, SocketLeg } from '../../../../src/contexts/simulation/sip/infrastructure/SocketLeg.js';
import { SocketLegs } from '../../../../src/contexts/simulation/sip/infrastructure/SocketLegs.js';
import { SocketReports } from '../../../../src/contexts/simulation/sip/infrastructure/SocketReports.js';
import { uasDialog } from '../../../../src/contexts/simulation/sip/infrastructure/uasDialog.js';
import { planNode } from '../../../support/simulation/handPlan.js';
import { ManualTimers } from '../../../support/simulation/ManualTimers.js';

const HOLD =
  'v=0\r\no=bob 1 2 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 9000 RTP/AVP 0\r\na=sendonly\r\n';

function request(method: string, callId: string, toTag: string, body = ''): SipRequest {
  const text = [
    `${method} sip:gw@127.0.0.1:5060 SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.1:5099;branch=z9hG4bK-${method}-${callId}`,
    'Max-Forwards: 70',
    'From: <sip:101@127.0.0.1>;tag=peer',
    `To: <sip:100@127.0.0.1>${toTag}`,
    `Call-ID: ${callId}`,
    `CSeq: 2 ${method}`,
    'Contact: <sip:101@127.0.0.1:5099>',
    ...(body === '' ? [] : ['Content-Type: application/sdp']),
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
  return parseSip(text) as SipRequest;
}

/**
 * A call whose far end (Bob, leg 1) answered while the gateway's 2xx to the caller (Alice, leg 0) is still on its way:
 * the caller's leg has no dialog yet. Bob's re-INVITE at that moment (a phone that holds at once).
 */
function answeringCall(options: { farAnswerHandled?: boolean } = {}) {
  const clock = new ManualTimers();
  /** The engine's queue: what the transport posts runs when the test says. */
  const queued: (() => void)[] = [];
  const scheduler: Scheduler = {
    now: () => clock.now(),
    at: (_at, action) => queued.push(action),
    wake: () => undefined,
  };
  const reports = new SocketReports(scheduler, () => clock.now());
  const media = new MediaWiring({ warn: () => undefined } as unknown as LabSip);
  const relay = new MidDialogRelay(reports, media, new SessionTimers(reports, media, clock));
  const legs = new SocketLegs(new EarlyRecords());
  const toCaller: SipRequest[] = [];
  const stack = {
    request(message: SipRequest, _to: unknown, _callbacks: ClientCallbacks) {
      toCaller.push(message);
      return {};
    },
    send: () => undefined,
  } as unknown as SipStack;
  const call = new CallMedia();
  const local = { transport: 'UDP' as const, host: '127.0.0.1', port: 5060 };
  const caller = new SocketLeg(0, planNode('pbx'), 's', stack, local, local, 'caller-call', call, 0);
  const far = new SocketLeg(1, planNode('pbx'), 's', stack, local, local, 'far-call', call, 1);
  const farDialog = () => {
    const invite = request('INVITE', 'far-call', '');
    far.dialog = uasDialog(invite, buildResponse(invite, 200, { toTag: 'gw' }));
  };
  if (options.farAnswerHandled !== false) farDialog();
  call.legs[0] = caller;
  call.legs[1] = far;
  legs.add(caller);
  legs.add(far);
  const answers: SipResponse[] = [];
  const hold = {
    request: request('INVITE', 'far-call', ';tag=gw', HOLD),
    respond: (response: SipResponse) => answers.push(response),
  } as unknown as ServerTransaction;
  relay.received(far, hold);
  /** The engine's step that handles the far end's 2xx: the far end's dialog, the gateway's 2xx to the caller. */
  const answerCaller = () => {
    farDialog();
    const invite = request('INVITE', 'caller-call', '');
    caller.dialog = uasDialog(invite, buildResponse(invite, 200, { toTag: 'gw' }));
    caller.finalStatus = 200;
  };
  const runQueue = () => {
    for (const action of queued.splice(0)) action();
  };
  return { caller, legs, toCaller, answers, answerCaller, runQueue };
}

describe('MidDialogRelay: a far end that re-INVITEs right after its 2xx, before the caller has the gateway 2xx', () => {
  it('relays it to the caller once the caller ACKed, instead of answering it for the caller', () => {
    const { caller, toCaller, answers, answerCaller } = answeringCall();
    expect([toCaller.length, answers.length], 'it waits for the caller').to.deep.equal([0, 0]);
    answerCaller();
    caller.confirmed = true;
    for (const waiting of caller.onConfirmed.splice(0)) waiting();
    expect(toCaller.map((m) => [m.method, m.body.includes('a=sendonly')])).to.deep.equal([['INVITE', true]]);
    expect(answers).to.have.length(0);
  });

  it("takes it after the engine's step that handles the far end's 2xx when it overtook that step", () => {
    const { caller, toCaller, answers, answerCaller, runQueue } = answeringCall({ farAnswerHandled: false });
    answerCaller(); // the step queued before the re-INVITE came
    runQueue();
    expect([toCaller.length, answers.length], 'it waits for the caller ACK').to.deep.equal([0, 0]);
    caller.confirmed = true;
    for (const waiting of caller.onConfirmed.splice(0)) waiting();
    expect(toCaller.map((m) => m.method)).to.deep.equal(['INVITE']);
  });

  it('answers it 487 when the caller leg ends first', () => {
    const { caller, legs, toCaller, answers } = answeringCall();
    legs.finish(caller);
    expect(toCaller).to.have.length(0);
    expect(answers.map((a) => a.status)).to.deep.equal([487]);
  });
});
