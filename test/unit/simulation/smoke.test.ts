import 'reflect-metadata';
import { expect } from 'chai';
import { TrafficEngine } from '../../../src/contexts/simulation/traffic/domain/TrafficEngine.js';
import { trafficProfile } from '../../../src/contexts/simulation/traffic/domain/TrafficProfile.js';
import { handPlan, planNode, routeTo } from '../../support/simulation/handPlan.js';
import { RecordingSinks } from '../../support/simulation/RecordingSinks.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';

describe('smoke', () => {
  it('runs', () => {
    const sinks = new RecordingSinks();
    const plan = handPlan([planNode('pbx'), planNode('carrier')], [{ id: 'd', sourceNodeIds: ['pbx'], routes: [routeTo('all', ['carrier'])] }]);
    const start = new Date('2026-01-01T00:00:00Z');
    const engine = new TrafficEngine('default' as LabId, trafficProfile({ callsPerSecond: 2 }), start, plan,
      { thisSystemActive: true, systemIdentifier: 'MAIN', maintenance: false, capacity: 100 }, sinks.recorder());
    engine.advanceTo(new Date(start.getTime() + 600_000));
    console.log(engine.counters, engine.activeCount, sinks.messages.length);
    console.log(sinks.messagesOf(sinks.calls.find((c) => c.result === 'ANSWERED')!.sessionIdentifier).map((m) => `${m.callIndex} ${m.direction} ${m.message.split('\r\n')[0]}`).join('\n'));
    console.log(JSON.stringify(sinks.calls[0], null, 1));
    expect(engine.counters.started).to.be.greaterThan(0);
  });
});
