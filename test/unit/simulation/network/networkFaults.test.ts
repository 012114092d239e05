import { expect } from 'chai';
import type { GatewayPlan } from '../../../../src/contexts/configuration/index.js';
import { NetworkFaults } from '../../../../src/contexts/simulation/network/application/NetworkFaults.js';
import { TrafficEngine } from '../../../../src/contexts/simulation/calls/domain/TrafficEngine.js';
import {
  trafficProfile,
  type TrafficProfileInput,
} from '../../../../src/contexts/simulation/calls/domain/TrafficProfile.js';
import { meanOpinionScore } from '../../../../src/contexts/simulation/calls/domain/MediaQuality.js';
import { impairedMedia } from '../../../../src/contexts/simulation/network/domain/NodeImpairments.js';
import { shedShare } from '../../../../src/contexts/simulation/calls/domain/OverloadControl.js';
import {
  ImpairedTransport,
  INVITE_TIMEOUT_MS,
} from '../../../../src/contexts/simulation/network/infrastructure/ImpairedTransport.js';
import { SyntheticTransport } from '../../../../src/contexts/simulation/synthetic/infrastructure/SyntheticTransport.js';
import type { HeldGatewayFault } from '../../../../src/shared/application/GatewayFaultSwitch.js';
import type { LabId } from '../../../../src/shared/domain/LabId.js';
import { handPlan, planNode, routeTo } from '../../../support/simulation/handPlan.js';
import { RecordingSinks } from '../../../support/simulation/RecordingSinks.js';
import { OPEN_GATES, only, START } from '../../../support/simulation/engineHarness.js';

const LAB = 'default' as LabId;

/** A PBX calling out through carrier-a, then carrier-b, failing over on `failover`; carrier-a also calls the PBX. */
function plan(failover = '408,500-599'): GatewayPlan {
  return handPlan(
    [planNode('pbx'), planNode('carrier-a'), planNode('carrier-b')],
    [
      { id: 'out', sourceNodeIds: ['pbx'], routes: [routeTo('out', ['carrier-a', 'carrier-b'], { failover })] },
      { id: 'in', sourceNodeIds: ['carrier-a'], routes: [routeTo('in', ['pbx'])] },
    ],
  );
}

const fault = (
  kind: string,
  parameters: Record<string, string | number>,
  ruleId = `${kind}-${JSON.stringify(parameters)}`,
): HeldGatewayFault => ({ ruleId, kind, parameters });

/** The engine on the synthetic world behind the network NetworkFaults leaves (the decorator as the module binds it). */
function impairedRun(
  faults: NetworkFaults,
  profile: TrafficProfileInput,
  options: { plan?: GatewayPlan; cpuLoad?: number } = {},
) {
  const sinks = new RecordingSinks();
  const engine = new TrafficEngine(
    LAB,
    START,
    options.plan ?? plan(),
    { ...OPEN_GATES, cpuLoad: options.cpuLoad ?? 0 },
    sinks.recorder(),
    (scheduler) =>
      new ImpairedTransport(
        scheduler,
        () => faults.of(LAB),
        (inner) => new SyntheticTransport(inner),
      ),
  );
  engine.startArrivals(
    trafficProfile({
      seed: 5,
      callsPerSecond: 2,
      holdingTime: { distribution: 'exponential', meanSeconds: 5 },
      ...profile,
    }),
  );
  return {
    engine,
    sinks,
    advance: (seconds: number) => engine.advanceTo(new Date(engine.time.getTime() + seconds * 1000)),
  };
}

/** The engine's calls from the PBX only (the carrier's calls weigh 0). */
const fromPbx = (over: TrafficProfileInput = {}): TrafficProfileInput => ({
  outcomes: only('answer'),
  packetLossPercent: 0,
  jitterMs: 8,
  numberPlans: [
    {
      nodeId: 'carrier-a',
      callingPrefix: '+49',
      callingDigits: 8,
      weight: 0,
      called: [{ pattern: '0301234XXX', weight: 1 }],
    },
  ],
  ...over,
});

describe('gateway faults in the network (NetworkFaults and the session transport decorator)', () => {
  it('nodeDown: the INVITE goes unanswered (retransmitted over UDP), Timer B ends it with 408 and the call fails over', () => {
    const faults = new NetworkFaults();
    faults.hold(LAB, [fault('nodeDown', { node: 'carrier-a' })]);
    const r = impairedRun(faults, fromPbx());
    r.advance(20);
    r.engine.stopArrivals();
    r.advance(600);
    expect(r.sinks.calls.length).to.be.greaterThan(20);
    for (const call of r.sinks.calls) {
      expect(call.attempts.map((a) => [a.nodeId, a.sipStatusCode])).to.deep.equal([
        ['carrier-a', 408],
        ['carrier-b', 200],
      ]);
      expect(call).to.include({ result: 'ANSWERED', outboundNodeId: 'carrier-b' });
    }
    const sample = r.sinks.calls[0]!;
    const towardA = r.sinks.messagesOf(sample.sessionIdentifier).filter((m) => m.callIndex === 1);
    // the first INVITE and six retransmissions (0.5, 1.5, 3.5, 7.5, 15.5, 31.5 s), nothing received, no ACK
    expect(towardA.map((m) => `${m.direction} ${m.message.split(' ')[0]}`)).to.deep.equal(Array(7).fill('sent INVITE'));
    const first = towardA[0]!.timestampMicros;
    expect(towardA.map((m) => Math.round((m.timestampMicros - first) / 1000))).to.deep.equal([
      0, 500, 1500, 3500, 7500, 15500, 31500,
    ]);
    const towardB = r.sinks.messagesOf(sample.sessionIdentifier).find((m) => m.callIndex === 2)!;
    expect(Math.round((towardB.timestampMicros - first) / 1000)).to.be.within(INVITE_TIMEOUT_MS, INVITE_TIMEOUT_MS + 5);
  });

  it('nodeDown without a failover on 408: the caller gets 408, cause 102', () => {
    const faults = new NetworkFaults();
    faults.hold(LAB, [fault('nodeDown', { node: 'carrier-a' })]);
    const r = impairedRun(faults, fromPbx(), { plan: plan('500-599') });
    r.advance(10);
    r.engine.stopArrivals();
    r.advance(120);
    expect(r.sinks.calls.length).to.be.greaterThan(5);
    for (const call of r.sinks.calls)
      expect(call).to.include({ result: 'FAILED', sipStatusCode: 408, q850Cause: 102, outboundNodeId: 'carrier-a' });
  });

  it('nodeDown on a source node: its calls stop arriving; when the rule ends they arrive again', () => {
    const faults = new NetworkFaults();
    const both = fromPbx({
      numberPlans: [
        {
          nodeId: 'carrier-a',
          callingPrefix: '+49',
          callingDigits: 8,
          weight: 1,
          called: [{ pattern: '0301234XXX', weight: 1 }],
        },
      ],
    });
    faults.hold(LAB, [fault('nodeDown', { node: 'pbx' })]);
    const r = impairedRun(faults, both);
    r.advance(60);
    const during = r.sinks.calls.length + r.engine.activeCount;
    expect(during).to.be.greaterThan(30);
    expect(r.sinks.calls.every((call) => call.inboundNodeId === 'carrier-a')).to.equal(true);
    expect([...r.engine.calls()].every((call) => call.source.id === 'carrier-a')).to.equal(true);
    faults.hold(LAB, []);
    r.advance(60);
    expect(r.sinks.calls.some((call) => call.inboundNodeId === 'pbx')).to.equal(true);
  });

  it('trunkDown: the trunk answers 503 at once (ACKed), the call fails over; without a next target 503 cause 41', () => {
    const faults = new NetworkFaults();
    faults.hold(LAB, [fault('trunkDown', { node: 'carrier-a' })]);
    const r = impairedRun(faults, fromPbx());
    r.advance(10);
    r.engine.stopArrivals();
    r.advance(600);
    expect(r.sinks.calls.length).to.be.greaterThan(5);
    for (const call of r.sinks.calls)
      expect(call.attempts.map((a) => [a.nodeId, a.sipStatusCode])).to.deep.equal([
        ['carrier-a', 503],
        ['carrier-b', 200],
      ]);
    const flow = r.sinks
      .messagesOf(r.sinks.calls[0]!.sessionIdentifier)
      .filter((m) => m.callIndex === 1)
      .map((m) => `${m.direction} ${m.message.split('\r\n')[0]}`);
    expect(flow).to.deep.equal([
      'sent INVITE sip:0301234' + flow[0]!.slice('sent INVITE sip:0301234'.length),
      'received SIP/2.0 503 Service Unavailable',
      flow[2]!,
    ]);
    expect(flow[2]).to.match(/^sent ACK /);

    faults.hold(LAB, [fault('trunkDown', { node: 'carrier-a' }), fault('trunkDown', { node: 'carrier-b' })]);
    const both = impairedRun(faults, fromPbx());
    both.advance(10);
    both.engine.stopArrivals();
    both.advance(60);
    expect(both.sinks.calls.length).to.be.greaterThan(5);
    for (const call of both.sinks.calls)
      expect(call).to.include({ result: 'FAILED', sipStatusCode: 503, q850Cause: 41, outboundNodeId: 'carrier-b' });
  });

  it('two rules: ending one leaves the other', () => {
    const faults = new NetworkFaults();
    faults.hold(LAB, [fault('nodeDown', { node: 'carrier-a' }, 'r1'), fault('nodeDown', { node: 'carrier-b' }, 'r2')]);
    expect([faults.of(LAB).isDown('carrier-a'), faults.of(LAB).isDown('carrier-b')]).to.deep.equal([true, true]);
    faults.hold(LAB, [fault('nodeDown', { node: 'carrier-b' }, 'r2')]);
    expect([faults.of(LAB).isDown('carrier-a'), faults.of(LAB).isDown('carrier-b')]).to.deep.equal([false, true]);
    expect(faults.of('other' as LabId).isDown('carrier-b')).to.equal(false);
    faults.hold(LAB, []);
    expect(faults.of(LAB).empty).to.equal(true);
  });

  it('packetLoss: calls through the node carry its loss and jitter in their RTP counters and MOS, others not', () => {
    const faults = new NetworkFaults();
    faults.hold(LAB, [fault('packetLoss', { node: 'carrier-b', lossPercent: 5, jitterMs: 40 })]);
    const r = impairedRun(faults, fromPbx({ outcomes: { answer: 1, failure: 1 } }));
    r.advance(30);
    const live = [...r.engine.calls()].filter((call) => call.connectAt !== undefined);
    expect(
      live.some((call) => call.attempt?.node.id === 'carrier-b' && call.lossPercent === 5 && call.jitterMs === 40),
    ).to.equal(true);
    r.engine.stopArrivals();
    r.advance(600);
    const answered = r.sinks.calls.filter(
      (call) => call.result === 'ANSWERED' && (call.outbound?.packetsSent ?? 0) >= 100,
    );
    const viaB = answered.filter((call) => call.outboundNodeId === 'carrier-b');
    const viaA = answered.filter((call) => call.outboundNodeId === 'carrier-a');
    expect(viaB.length).to.be.greaterThan(2);
    expect(viaA.length).to.be.greaterThan(2);
    for (const call of viaB) {
      expect(call.mos).to.equal(meanOpinionScore(call.outbound!.codec as never, 5, 40));
      expect(call.outbound!.packetsLost).to.equal(Math.floor(call.outbound!.packetsSent * 0.05));
      expect(call.outbound!.jitterMs).to.equal(40);
    }
    for (const call of viaA) {
      expect(call.mos).to.equal(meanOpinionScore(call.outbound!.codec as never, 0, 8));
      expect(call.outbound!.packetsLost).to.equal(0);
    }
    expect(viaB[0]!.mos!).to.be.lessThan(viaA[0]!.mos!);
  });

  it('packetLoss on a source node: calls arriving on it carry it; losses on two stretches add up; jitter never improves', () => {
    expect(impairedMedia({ lossPercent: 1, jitterMs: 20 }, { lossPercent: 5, jitterMs: 10 })).to.deep.equal({
      lossPercent: 5.95,
      jitterMs: 20,
    });
    expect(impairedMedia({ lossPercent: 0, jitterMs: 8 }, { lossPercent: 2, jitterMs: undefined })).to.deep.equal({
      lossPercent: 2,
      jitterMs: 8,
    });
    const faults = new NetworkFaults();
    faults.hold(LAB, [fault('packetLoss', { node: 'pbx', lossPercent: 10 })]);
    const r = impairedRun(faults, fromPbx());
    r.advance(20);
    const calls = [...r.engine.calls()];
    expect(calls.length).to.be.greaterThan(5);
    expect(calls.every((call) => call.lossPercent === 10 && call.jitterMs === 8)).to.equal(true);
  });

  it('with no fault the decorator changes nothing: the same calls, byte for byte, as the synthetic transport alone', () => {
    const profile = {
      seed: 9,
      callsPerSecond: 3,
      holdingTime: { distribution: 'exponential', meanSeconds: 5 },
      outcomes: { answer: 5, busy: 1, failure: 1, noAnswer: 1, cancel: 1 },
    } as const;
    const plain = new RecordingSinks();
    const engine = new TrafficEngine(
      LAB,
      START,
      plan(),
      OPEN_GATES,
      plain.recorder(),
      (scheduler) => new SyntheticTransport(scheduler),
    );
    engine.startArrivals(trafficProfile(profile));
    engine.advanceTo(new Date(START.getTime() + 120_000));
    const r = impairedRun(new NetworkFaults(), profile);
    r.advance(120);
    expect(r.sinks.calls).to.deep.equal(plain.calls);
    expect(r.sinks.messages).to.deep.equal(plain.messages);
  });

  it('cpuOverload: the overload control sheds a share of new calls by the load (503, cause 42), the same calls each run', () => {
    expect([50, 80, 90, 98, 100].map(shedShare)).to.deep.equal([0, 0, 0.5, 0.9, 1]);
    const endings = (cpuLoad: number) => {
      const r = impairedRun(new NetworkFaults(), fromPbx(), { cpuLoad });
      r.advance(200);
      return r.sinks.calls.map((call) => `${call.sessionIdentifier} ${call.sipStatusCode} ${call.q850Cause}`);
    };
    const at98 = endings(98);
    const shed = at98.filter((line) => line.endsWith(' 503 42'));
    expect(shed.length / at98.length).to.be.within(0.8, 0.97);
    expect(endings(98)).to.deep.equal(at98);
    expect(endings(70).some((line) => line.endsWith(' 42'))).to.equal(false);
  });
});
