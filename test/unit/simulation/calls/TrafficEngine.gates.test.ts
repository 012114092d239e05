import { expect } from 'chai';
import { handPlan, planNode, routeTo } from '../../../support/simulation/handPlan.js';
import { only, run } from '../../../support/simulation/engineHarness.js';

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
