import { expect } from 'chai';
import { header, parseSip, type SipMessage } from '@gwsim/sip';
import type { GatewayPlan } from '../../../../src/contexts/configuration/index.js';
import { TrafficEngine } from '../../../../src/contexts/simulation/calls/domain/TrafficEngine.js';
import type { LabId } from '../../../../src/shared/domain/LabId.js';
import { handPlan, planNode, routeTo } from '../../../support/simulation/handPlan.js';
import { RecordingSinks } from '../../../support/simulation/RecordingSinks.js';
import {
  ScriptedTransport,
  type CallerScript,
  type FarEndScript,
} from '../../../support/simulation/ScriptedTransport.js';
import { OPEN_GATES, START, twoCarrierPlan } from '../../../support/simulation/engineHarness.js';

/** The gateway on a scripted world: no profile, no randomness; the port is the only thing between them. */
function scripted(
  farEnds: Record<string, FarEndScript>,
  callers: readonly CallerScript[],
  plan: GatewayPlan = twoCarrierPlan(),
) {
  const sinks = new RecordingSinks();
  let transport: ScriptedTransport | undefined;
  const engine = new TrafficEngine(
    'default' as LabId,
    START,
    plan,
    OPEN_GATES,
    sinks.recorder(),
    (scheduler) => (transport = new ScriptedTransport(scheduler, farEnds, callers)),
  );
  const run = (seconds: number) => engine.advanceTo(new Date(START.getTime() + seconds * 1000));
  return { engine, sinks, transport: transport!, run };
}

const CALL: CallerScript = { atMs: 1000, nodeId: 'pbx', source: '+49301111', destination: '0301234567' };
const ladder = (messages: readonly { callIndex: number; direction: string; message: string }[]) =>
  messages.map((m) => {
    const parsed = parseSip(m.message);
    return `${m.callIndex} ${m.direction} ${parsed.kind === 'request' ? parsed.method : parsed.status}`;
  });

describe('the gateway behind the SessionTransport port, on a scripted transport', () => {
  it('a far end answering 486 makes the gateway fail over to the next target, whose 200 connects the call; the caller hangs up', () => {
    const { sinks, transport, engine, run } = scripted(
      {
        'carrier-a': { responses: [{ afterMs: 50, status: 486 }] },
        'carrier-b': {
          responses: [
            { afterMs: 10, status: 180 },
            { afterMs: 2000, status: 200 },
          ],
        },
      },
      [{ ...CALL, byeAfterMs: 10_000 }],
    );
    expect(engine.profile, 'no traffic profile anywhere').to.equal(undefined);
    run(5);
    expect(engine.activeCount).to.equal(1);
    const live = [...engine.calls()][0]!;
    expect([live.state, live.attempt?.node.id]).to.deep.equal(['connected', 'carrier-b']);
    run(60);
    expect(engine.activeCount).to.equal(0);
    const entry = sinks.calls[0]!;
    expect(entry.attempts.map((a) => [a.nodeId, a.sipStatusCode])).to.deep.equal([
      ['carrier-a', 486],
      ['carrier-b', 200],
    ]);
    expect([
      entry.result,
      entry.sipStatusCode,
      entry.q850Cause,
      entry.disconnectingSide,
      entry.outboundNodeId,
    ]).to.deep.equal(['ANSWERED', 200, 16, 'inbound', 'carrier-b']);
    expect(entry.connectDateTime!.getTime() - START.getTime()).to.equal(1000 + 50 + 2000);
    expect(entry.durationSeconds).to.equal(10);
    expect(transport.commands.map((c) => `${c.what} ${c.leg} ${c.status ?? c.method ?? ''}`.trim())).to.deep.equal([
      'respond 0 100',
      'invite 1',
      'ack 1',
      'invite 2',
      'respond 0 180',
      'ack 2',
      'respond 0 200',
      'confirm 0 BYE',
      'bye 2',
    ]);
    expect(ladder(sinks.messagesOf(entry.sessionIdentifier))).to.deep.equal([
      '0 received INVITE',
      '0 sent 100',
      '1 sent INVITE',
      '1 received 486',
      '1 sent ACK',
      '2 sent INVITE',
      '2 received 180',
      '0 sent 180',
      '2 received 200',
      '2 sent ACK',
      '0 sent 200',
      '0 received ACK',
      '0 received BYE',
      '0 sent 200',
      '2 sent BYE',
      '2 received 200',
    ]);
  });

  it("the gateway builds its replies from what it received: its responses carry the caller's Call-ID, tags and CSeq", () => {
    const { sinks, run } = scripted({ 'carrier-a': { responses: [{ afterMs: 10, status: 200 }] } }, [
      { ...CALL, byeAfterMs: 1000 },
    ]);
    run(10);
    const messages = sinks.messages.filter((m) => m.callIndex === 0).map((m) => parseSip(m.message));
    const invite = messages[0]! as SipMessage;
    for (const message of messages) expect(header(message, 'Call-ID')).to.equal(header(invite, 'Call-ID'));
    const ok = messages.find((m) => m.kind === 'response' && m.status === 200 && header(m, 'CSeq') === '1 INVITE')!;
    expect(header(ok, 'From')).to.equal(header(invite, 'From'));
    expect(header(ok, 'Via')).to.equal(header(invite, 'Via'));
    expect(ok.body).to.match(/a=rtpmap:8 PCMA\/8000/);
  });

  it('a status the target does not fail over on is relayed with its cause (404: cause 1, disconnecting side outbound)', () => {
    const { sinks, transport, run } = scripted(
      {
        'carrier-a': { responses: [{ afterMs: 30, status: 404 }] },
        'carrier-b': { responses: [{ afterMs: 10, status: 200 }] },
      },
      [CALL],
    );
    run(10);
    const entry = sinks.calls[0]!;
    expect([entry.result, entry.sipStatusCode, entry.q850Cause, entry.disconnectingSide]).to.deep.equal([
      'FAILED',
      404,
      1,
      'outbound',
    ]);
    expect(transport.commands.filter((c) => c.what === 'invite').map((c) => c.node)).to.deep.equal(['carrier-a']);
  });

  it("the caller's CANCEL with Reason cause 19 is relayed; the far end's 487 goes back to the caller: NO_ANSWER, 487, cause 19", () => {
    const { sinks, transport, run } = scripted({ 'carrier-a': { responses: [{ afterMs: 100, status: 180 }] } }, [
      { ...CALL, cancelAfterMs: 30_000, cancelCause: 19 },
    ]);
    run(60);
    const entry = sinks.calls[0]!;
    expect([entry.result, entry.sipStatusCode, entry.q850Cause, entry.disconnectingSide]).to.deep.equal([
      'NO_ANSWER',
      487,
      19,
      'inbound',
    ]);
    expect(
      transport.commands.map((c) => `${c.what} ${c.leg} ${c.status ?? c.method ?? ''}`.trim()).slice(-4),
    ).to.deep.equal(['confirm 0 CANCEL', 'cancel 1', 'ack 1', 'respond 0 487']);
    expect(ladder(sinks.messagesOf(entry.sessionIdentifier)).slice(-8)).to.deep.equal([
      '0 received CANCEL',
      '0 sent 200',
      '1 sent CANCEL',
      '1 received 200',
      '1 received 487',
      '1 sent ACK',
      '0 sent 487',
      '0 received ACK',
    ]);
    const cancel = sinks
      .messagesOf(entry.sessionIdentifier)
      .find((m) => m.message.startsWith('CANCEL') && m.callIndex === 0)!;
    expect(header(parseSip(cancel.message), 'Reason')).to.equal('Q.850;cause=19;text="scripted"');
  });

  it('a CANCEL without a cause ends the call as CANCELLED (cause 16)', () => {
    const { sinks, run } = scripted({ 'carrier-a': { responses: [{ afterMs: 100, status: 180 }] } }, [
      { ...CALL, cancelAfterMs: 3000 },
    ]);
    run(60);
    expect([sinks.calls[0]!.result, sinks.calls[0]!.q850Cause]).to.deep.equal(['CANCELLED', 16]);
  });

  it("the called party hangs up: the gateway answers its BYE and sends one to the caller; the call ends on the caller's 200", () => {
    const { sinks, run } = scripted({ 'carrier-a': { responses: [{ afterMs: 10, status: 200 }], byeAfterMs: 4000 } }, [
      CALL,
    ]);
    run(60);
    const entry = sinks.calls[0]!;
    expect([entry.result, entry.disconnectingSide, entry.durationSeconds]).to.deep.equal(['ANSWERED', 'outbound', 4]);
    expect(ladder(sinks.messagesOf(entry.sessionIdentifier)).slice(-4)).to.deep.equal([
      '1 received BYE',
      '1 sent 200',
      '0 sent BYE',
      '0 received 200',
    ]);
  });

  it("an IGNORE route answers nothing; the call ends when the transport reports the caller's timeout: 408, cause 102", () => {
    const plan = handPlan(
      [planNode('pbx'), planNode('carrier-a')],
      [{ id: 'd', sourceNodeIds: ['pbx'], routes: [routeTo('drop', ['carrier-a'], { action: 'IGNORE' })] }],
    );
    const { sinks, transport, engine, run } = scripted({}, [{ ...CALL, timeoutMs: 32_000 }], plan);
    run(30);
    expect([...engine.calls()]).to.have.length(1);
    expect(engine.activeCount).to.equal(0);
    run(40);
    expect(transport.commands).to.deep.equal([]);
    expect([sinks.calls[0]!.sipStatusCode, sinks.calls[0]!.q850Cause]).to.deep.equal([408, 102]);
  });

  it('gates refuse at the port too: maintenance answers 100 and 503 and offers nothing', () => {
    const sinks = new RecordingSinks();
    let transport: ScriptedTransport | undefined;
    const engine = new TrafficEngine(
      'default' as LabId,
      START,
      twoCarrierPlan(),
      { ...OPEN_GATES, maintenance: true },
      sinks.recorder(),
      (scheduler) => (transport = new ScriptedTransport(scheduler, {}, [CALL])),
    );
    engine.advanceTo(new Date(START.getTime() + 5000));
    expect(transport!.commands.map((c) => `${c.what} ${c.status}`)).to.deep.equal(['respond 100', 'respond 503']);
    expect([sinks.calls[0]!.sipStatusCode, sinks.calls[0]!.q850Cause]).to.deep.equal([503, 42]);
  });
});
