import { expect } from 'chai';
import { handPlan, planNode, routeTo } from '../../../support/simulation/handPlan.js';
import { only, run } from '../../../support/simulation/engineHarness.js';

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
