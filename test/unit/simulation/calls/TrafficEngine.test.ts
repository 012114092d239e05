import { expect } from 'chai';
import { DialString, DialStrings } from '../../../../src/contexts/configuration/index.js';
import { handPlan, planNode, prefixRewriting, routeTo } from '../../../support/simulation/handPlan.js';
import { only, run } from '../../../support/simulation/engineHarness.js';

describe('TrafficEngine: arrivals', () => {
  it('the same seed, profile, start and configuration give the same calls (ids, times, numbers, messages)', () => {
    const a = run({ seed: 42, callsPerSecond: 5 });
    const b = run({ seed: 42, callsPerSecond: 5 });
    a.advance(300);
    b.advance(300);
    expect(a.sinks.calls.length).to.be.greaterThan(100);
    expect(b.sinks.calls).to.deep.equal(a.sinks.calls);
    expect(b.sinks.messages).to.deep.equal(a.sinks.messages);
    expect([...b.engine.calls()].map((c) => c.sessionIdentifier)).to.deep.equal(
      [...a.engine.calls()].map((c) => c.sessionIdentifier),
    );
  });

  it('another seed gives other calls', () => {
    const a = run({ seed: 1, callsPerSecond: 5 });
    const b = run({ seed: 2, callsPerSecond: 5 });
    a.advance(60);
    b.advance(60);
    expect(b.sinks.calls.map((c) => c.sessionIdentifier)).to.not.deep.equal(
      a.sinks.calls.map((c) => c.sessionIdentifier),
    );
  });

  it('advancing in many small steps gives the same calls as one big step', () => {
    const a = run({ seed: 9, callsPerSecond: 3 });
    const b = run({ seed: 9, callsPerSecond: 3 });
    a.advance(200);
    for (let i = 0; i < 4000; i += 1) b.advance(0.05);
    expect(b.sinks.calls).to.deep.equal(a.sinks.calls);
  });

  it('an advance told to stop between events stops at the last event it ran and answers false; going on gives the same calls as one advance', () => {
    const a = run({ seed: 9, callsPerSecond: 3 });
    const b = run({ seed: 9, callsPerSecond: 3 });
    a.advance(200);
    const until = new Date(b.engine.time.getTime() + 200_000);
    let asked = 0;
    let stops = 0;
    let previous = b.engine.time.getTime();
    // asked every few events: "enough" on every second question
    while (!b.engine.advanceTo(until, () => (asked += 1) % 2 === 0)) {
      stops += 1;
      const time = b.engine.time.getTime();
      expect(time, 'stopped at an event before the target').to.be.within(previous, until.getTime() - 1);
      previous = time;
    }
    expect(stops).to.be.greaterThan(50);
    expect(b.engine.time.getTime()).to.equal(until.getTime());
    expect(b.sinks.calls).to.deep.equal(a.sinks.calls);
    expect(b.sinks.messages).to.deep.equal(a.sinks.messages);
  });

  it('arrivals are Poisson at the profile rate: the count within 3 % over 20,000 expected calls, gaps with a coefficient of variation near 1', () => {
    const r = run({ seed: 7, callsPerSecond: 20, holdingTime: { distribution: 'exponential', meanSeconds: 1 } });
    r.sinks.keepMessages = false;
    r.advance(1000);
    expect(r.engine.counters.started).to.be.within(19_400, 20_600);
    const starts = r.sinks.calls.map((c) => c.startDateTime.getTime()).sort((x, y) => x - y);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((s, g) => s + (g - mean) ** 2, 0) / gaps.length);
    expect(mean).to.be.within(47, 53);
    expect(sd / mean).to.be.within(0.95, 1.05);
  });

  it('stopped arrivals make no new calls; running calls still end', () => {
    const r = run({
      callsPerSecond: 2,
      outcomes: only('answer'),
      holdingTime: { distribution: 'exponential', meanSeconds: 30 },
    });
    r.advance(60);
    const started = r.engine.counters.started;
    expect(r.engine.activeCount).to.be.greaterThan(0);
    r.engine.stopArrivals();
    r.advance(3600);
    expect(r.engine.counters.started).to.equal(started);
    expect(r.engine.activeCount).to.equal(0);
    expect(r.engine.counters.ended).to.equal(started);
  });

  it('holding times follow the distribution: the mean of exponential and lognormal holding times within 5 %', () => {
    for (const holdingTime of [
      { distribution: 'exponential' as const, meanSeconds: 20 },
      { distribution: 'lognormal' as const, meanSeconds: 20, sdSeconds: 10 },
    ]) {
      const r = run({ callsPerSecond: 10, outcomes: only('answer'), holdingTime });
      r.sinks.keepMessages = false;
      r.advance(600);
      r.engine.stopArrivals();
      r.advance(3600);
      const held = r.sinks.calls.map((c) => (c.endDateTime.getTime() - c.connectDateTime!.getTime()) / 1000);
      expect(held.reduce((s, x) => s + x, 0) / held.length, holdingTime.distribution).to.be.within(19, 21);
    }
  });
});

describe('TrafficEngine: the gates, in order', () => {
  const endingOf = (gates: Parameters<typeof run>[1]) => {
    const r = run({ callsPerSecond: 1 }, gates);
    r.advance(30);
    return r.sinks.calls.map((c) => [c.result, c.sipStatusCode, c.q850Cause]);
  };

  it('the inactive side of a hot standby pair refuses every call: 503, cause 41', () => {
    const endings = endingOf({ gates: { thisSystemActive: false, maintenance: true } });
    expect(endings.length).to.be.greaterThan(5);
    expect(endings.every(([, status, cause]) => status === 503 && cause === 41)).to.equal(true);
  });

  it('maintenance mode refuses new calls: 503, cause 42', () => {
    const endings = endingOf({ gates: { maintenance: true, capacity: 0 } });
    expect(endings.length).to.be.greaterThan(5);
    expect(
      endings.every(([result, status, cause]) => result === 'REJECTED' && status === 503 && cause === 42),
    ).to.equal(true);
  });

  it('maintenance mode lets the running calls finish', () => {
    const r = run({ callsPerSecond: 2, outcomes: only('answer') });
    r.advance(30);
    const live = r.engine.activeCount;
    expect(live).to.be.greaterThan(0);
    r.engine.useGates({
      thisSystemActive: true,
      systemIdentifier: 'MAIN',
      maintenance: true,
      capacity: 100,
      cpuLoad: 0,
    });
    r.advance(3600);
    const answered = r.sinks.calls.filter((c) => c.result === 'ANSWERED').length;
    expect(answered).to.be.at.least(live);
    expect(r.sinks.calls.filter((c) => c.q850Cause === 42).length).to.be.greaterThan(1000);
  });

  it('exhausted licensed capacity refuses calls: 503, cause 34; the concurrent calls never exceed it', () => {
    const r = run({ callsPerSecond: 5, outcomes: only('answer') }, { gates: { capacity: 3 } });
    let most = 0;
    for (let i = 0; i < 600; i += 1) {
      r.advance(1);
      most = Math.max(most, r.engine.activeCount);
    }
    expect(most).to.equal(3);
    const refused = r.sinks.calls.filter((c) => c.q850Cause === 34);
    expect(refused.length).to.be.greaterThan(100);
    expect(refused.every((c) => c.sipStatusCode === 503 && c.result === 'REJECTED')).to.equal(true);
    expect(endingOf({ gates: { capacity: 0 } }).every(([, status, cause]) => status === 503 && cause === 34)).to.equal(
      true,
    );
  });

  it('no route: 404, cause 3', () => {
    const plan = handPlan(
      [planNode('pbx'), planNode('carrier-a')],
      [{ id: 'd', sourceNodeIds: ['pbx'], routes: [routeTo('mobile', ['carrier-a'], { prefix: '017' })] }],
    );
    const endings = endingOf({ plan });
    expect(endings.length).to.be.greaterThan(5);
    expect(endings.every(([result, status, cause]) => result === 'REJECTED' && status === 404 && cause === 3)).to.equal(
      true,
    );
  });

  it('a route whose action is REJECT: 403, cause 21, with the route named in the history', () => {
    const plan = handPlan(
      [planNode('pbx'), planNode('carrier-a')],
      [{ id: 'd', sourceNodeIds: ['pbx'], routes: [routeTo('block', ['carrier-a'], { action: 'REJECT' })] }],
    );
    const r = run({ callsPerSecond: 1 }, { plan });
    r.advance(30);
    expect(r.sinks.calls.length).to.be.greaterThan(5);
    for (const call of r.sinks.calls) {
      expect([call.sipStatusCode, call.q850Cause, call.routeName, call.outboundNodeId]).to.deep.equal([
        403,
        21,
        'block',
        undefined,
      ]);
    }
  });

  it('a route whose action is IGNORE: no answer, the caller times out after 32 s (408, cause 102)', () => {
    const plan = handPlan(
      [planNode('pbx'), planNode('carrier-a')],
      [{ id: 'd', sourceNodeIds: ['pbx'], routes: [routeTo('drop', ['carrier-a'], { action: 'IGNORE' })] }],
    );
    const r = run({ callsPerSecond: 1 }, { plan });
    r.advance(31);
    expect(r.sinks.calls).to.have.length(0);
    expect(r.engine.activeCount, 'an ignored call is no session the gateway carries').to.equal(0);
    expect([...r.engine.calls()].length).to.be.greaterThan(10);
    r.advance(40);
    const call = r.sinks.calls[0]!;
    expect([call.sipStatusCode, call.q850Cause]).to.deep.equal([408, 102]);
    expect(call.endDateTime.getTime() - call.startDateTime.getTime()).to.equal(32_000);
    expect(r.sinks.messagesOf(call.sessionIdentifier).map((m) => m.message.split('\r\n')[0])).to.deep.equal([
      `INVITE sip:${call.inboundDestinationDialString}@gw.example.test:5060 SIP/2.0`,
    ]);
  });

  it('a disabled or absent destination node is skipped: the call goes to the next target', () => {
    const plan = handPlan(
      [planNode('pbx'), planNode('carrier-a', { enabled: false }), planNode('carrier-b')],
      [{ id: 'd', sourceNodeIds: ['pbx'], routes: [routeTo('out', ['gone', 'carrier-a', 'carrier-b'])] }],
    );
    const r = run({ callsPerSecond: 1, outcomes: only('busy') }, { plan });
    r.advance(30);
    expect(r.sinks.calls.length).to.be.greaterThan(5);
    for (const call of r.sinks.calls) {
      expect(call.outboundNodeId).to.equal('carrier-b');
      expect(call.attempts.map((a) => a.nodeId)).to.deep.equal(['carrier-b']);
    }
  });

  it('no usable target at all: 503, cause 38', () => {
    const plan = handPlan(
      [planNode('pbx'), planNode('carrier-a', { enabled: false })],
      [{ id: 'd', sourceNodeIds: ['pbx'], routes: [routeTo('out', ['carrier-a'])] }],
    );
    const endings = endingOf({ plan });
    expect(endings.length).to.be.greaterThan(5);
    expect(endings.every(([result, status, cause]) => result === 'FAILED' && status === 503 && cause === 38)).to.equal(
      true,
    );
  });

  it('the gates apply in order: standby before maintenance before capacity before routing', () => {
    const plan = handPlan([planNode('pbx')], [{ id: 'd', sourceNodeIds: ['pbx'], routes: [] }]);
    expect(endingOf({ plan, gates: { thisSystemActive: false, maintenance: true, capacity: 0 } })[0]).to.deep.equal([
      'FAILED',
      503,
      41,
    ]);
    expect(endingOf({ plan, gates: { maintenance: true, capacity: 0 } })[0]).to.deep.equal(['REJECTED', 503, 42]);
    expect(endingOf({ plan, gates: { capacity: 0 } })[0]).to.deep.equal(['REJECTED', 503, 34]);
    expect(endingOf({ plan })[0]).to.deep.equal(['REJECTED', 404, 3]);
  });
});

describe('TrafficEngine: failover', () => {
  it('a target failing with a status its failoverStatusMatch names passes the call to the next target', () => {
    const r = run({ callsPerSecond: 1, outcomes: only('busy') });
    r.advance(30);
    for (const call of r.sinks.calls) {
      expect(call.attempts.map((a) => [a.nodeId, a.sipStatusCode])).to.deep.equal([
        ['carrier-a', 486],
        ['carrier-b', 486],
      ]);
      expect([call.result, call.sipStatusCode, call.q850Cause, call.outboundNodeId]).to.deep.equal([
        'BUSY',
        486,
        17,
        'carrier-b',
      ]);
    }
  });

  it('a status the failoverStatusMatch does not name ends the call at the first target', () => {
    const plan = handPlan(
      [planNode('pbx'), planNode('carrier-a'), planNode('carrier-b')],
      [
        {
          id: 'd',
          sourceNodeIds: ['pbx'],
          routes: [routeTo('out', ['carrier-a', 'carrier-b'], { failover: '500-599' })],
        },
      ],
    );
    const r = run({ callsPerSecond: 1, outcomes: only('busy') }, { plan });
    r.advance(30);
    expect(r.sinks.calls.length).to.be.greaterThan(5);
    for (const call of r.sinks.calls) {
      expect(call.attempts.map((a) => a.nodeId)).to.deep.equal(['carrier-a']);
      expect([call.sipStatusCode, call.q850Cause, call.disconnectingSide]).to.deep.equal([486, 17, 'outbound']);
    }
  });

  it('a failure (500 or 503) fails over on 5xx and is relayed with its cause when no target is left', () => {
    const r = run({ callsPerSecond: 1, outcomes: only('failure') });
    r.advance(60);
    for (const call of r.sinks.calls) {
      expect(call.attempts).to.have.length(2);
      const last = call.attempts[1]!.sipStatusCode;
      expect([call.sipStatusCode, call.q850Cause]).to.deep.equal([last, last === 503 ? 41 : 38]);
    }
  });
});

describe('TrafficEngine: rewriting', () => {
  it('incoming, target segment and outgoing rewritings apply in turn; the history holds what the engines give', () => {
    const pbx = planNode('pbx', { incomingRewriting: prefixRewriting('destination', '0', 1, '+4930') });
    const carrier = planNode('carrier', { outgoingRewriting: prefixRewriting('source', '+49', 3, '0') });
    const plan = handPlan(
      [pbx, carrier],
      [
        {
          id: 'd',
          sourceNodeIds: ['pbx'],
          routes: [routeTo('out', ['carrier'], { destinationRewrite: { delLeading: 3, prefix: '00' } })],
        },
      ],
    );
    const r = run(
      {
        callsPerSecond: 1,
        defaultNumberPlan: {
          callingPrefix: '+4930',
          callingDigits: 4,
          called: [{ pattern: '0301234XXX', weight: 1 }],
          weight: 1,
        },
      },
      { plan },
    );
    r.advance(30);
    expect(r.sinks.calls.length).to.be.greaterThan(5);
    for (const call of r.sinks.calls) {
      const incoming = pbx.incomingRewriting!.apply(
        new DialStrings({
          source: DialString.of(call.inboundSourceDialString),
          destination: DialString.of(call.inboundDestinationDialString),
        }),
      ).dialStrings;
      const routed = plan.route({
        sourceNodeId: 'pbx',
        source: incoming.source.text,
        destination: incoming.destination.text,
      })!;
      const target = routed.match.targets[0]!.dialStrings;
      const out = carrier.outgoingRewriting!.apply(
        new DialStrings({ source: DialString.of(target.source), destination: DialString.of(target.destination) }),
      ).dialStrings;
      expect(call.outboundSourceDialString).to.equal(out.source.text);
      expect(call.outboundDestinationDialString).to.equal(out.destination.text);
      expect(call.outboundDestinationDialString).to.match(/^0030301234\d{3}$/);
      expect(call.outboundSourceDialString).to.match(/^030\d{4}$/);
      expect(call.routeId).to.equal('route-out');
      expect(call.routingDomainId).to.equal('d');
    }
  });
});

describe('TrafficEngine: recording and message keeping', () => {
  it('recorded answered calls produce a recording whose muted spans follow setMute', () => {
    const r = run({
      callsPerSecond: 1,
      recordedShare: 1,
      outcomes: only('answer'),
      holdingTime: { distribution: 'exponential', meanSeconds: 600 },
    });
    r.advance(20);
    const call = [...r.engine.calls()].find((c) => c.state === 'connected')!;
    call.mute(true, r.engine.time.getTime());
    r.advance(5);
    call.mute(false, r.engine.time.getTime());
    r.engine.stopArrivals();
    r.advance(100_000);
    const entry = r.sinks.calls.find((c) => c.sessionIdentifier === call.sessionIdentifier)!;
    const recording = r.sinks.recordings.find((rec) => rec.sessionIdentifier === call.sessionIdentifier)!;
    expect(entry.recordingId).to.equal(recording.recordingId);
    expect(recording.mutedSpans).to.have.length(1);
    expect(recording.mutedSpans[0]![1] - recording.mutedSpans[0]![0]).to.equal(5000);
    expect(recording.durationMs).to.equal(entry.endDateTime.getTime() - entry.connectDateTime!.getTime());
  });

  it('when the monitor keeps no messages, none are built, and the calls are still recorded', () => {
    const r = run({ callsPerSecond: 2 });
    r.sinks.keepMessages = false;
    r.advance(60);
    expect(r.sinks.messages).to.have.length(0);
    expect(r.sinks.calls.length).to.be.greaterThan(10);
  });

  it("numbers follow the source node's plan, nodes chosen by weight", () => {
    const plan = handPlan(
      [planNode('pbx'), planNode('branch'), planNode('carrier-a')],
      [{ id: 'd', sourceNodeIds: ['pbx', 'branch'], routes: [routeTo('out', ['carrier-a'])] }],
    );
    const r = run(
      {
        callsPerSecond: 10,
        numberPlans: [
          {
            nodeId: 'branch',
            callingPrefix: '+4940',
            callingDigits: 3,
            called: [{ pattern: '0N9', weight: 1 }],
            weight: 3,
          },
        ],
      },
      { plan },
    );
    r.advance(200);
    const branch = r.sinks.calls.filter((c) => c.inboundNodeId === 'branch');
    expect(branch.length / r.sinks.calls.length).to.be.within(0.72, 0.78);
    expect(
      branch.every(
        (c) => /^\+4940\d{3}$/.test(c.inboundSourceDialString) && /^0[2-9]9$/.test(c.inboundDestinationDialString),
      ),
    ).to.equal(true);
    expect(
      r.sinks.calls
        .filter((c) => c.inboundNodeId === 'pbx')
        .every((c) => /^0301234\d{3}$/.test(c.inboundDestinationDialString)),
    ).to.equal(true);
  });
});
