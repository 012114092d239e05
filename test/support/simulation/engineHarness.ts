import type { GatewayPlan } from '../../../src/contexts/configuration/index.js';
import type { GateSnapshot } from '../../../src/contexts/simulation/calls/domain/CallRecorder.js';
import { TrafficEngine } from '../../../src/contexts/simulation/calls/domain/TrafficEngine.js';
import {
  trafficProfile,
  type TrafficProfileInput,
} from '../../../src/contexts/simulation/calls/domain/TrafficProfile.js';
import { SyntheticTransport } from '../../../src/contexts/simulation/synthetic/infrastructure/SyntheticTransport.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { handPlan, planNode, routeTo } from './handPlan.js';
import { RecordingSinks } from './RecordingSinks.js';

export const START = new Date('2026-01-01T00:00:00Z');
export const OPEN_GATES: GateSnapshot = {
  thisSystemActive: true,
  systemIdentifier: 'MAIN',
  maintenance: false,
  capacity: 10_000,
  cpuLoad: 0,
};

/** A PBX calling out through carrier-a, failing over to carrier-b on 486 and 5xx. */
export function twoCarrierPlan(): GatewayPlan {
  return handPlan(
    [planNode('pbx'), planNode('carrier-a'), planNode('carrier-b')],
    [
      {
        id: 'domain',
        sourceNodeIds: ['pbx'],
        routes: [routeTo('out', ['carrier-a', 'carrier-b'], { failover: '486,500-599' })],
      },
    ],
  );
}

export interface Run {
  readonly engine: TrafficEngine;
  readonly sinks: RecordingSinks;
  /** Advances the engine by `seconds` from where it is. */
  advance(seconds: number): void;
}

export function run(
  profile: TrafficProfileInput = {},
  options: { plan?: GatewayPlan; gates?: Partial<GateSnapshot>; start?: Date } = {},
): Run {
  const sinks = new RecordingSinks();
  const engine = new TrafficEngine(
    'default' as LabId,
    options.start ?? START,
    options.plan ?? twoCarrierPlan(),
    { ...OPEN_GATES, ...options.gates },
    sinks.recorder(),
    (scheduler) => new SyntheticTransport(scheduler),
  );
  engine.startArrivals(trafficProfile(profile));
  return { engine, sinks, advance: (seconds) => engine.advanceTo(new Date(engine.time.getTime() + seconds * 1000)) };
}

/** Every outcome weight 0 but the one named. */
export function only(outcome: 'answer' | 'busy' | 'noAnswer' | 'failure' | 'cancel'): Record<string, number> {
  return { [outcome]: 1 };
}
