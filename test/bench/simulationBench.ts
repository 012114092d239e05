import { DEFAULT_LAB } from '../../src/shared/domain/LabId.js';
import type { SipMessageEntry } from '../../src/contexts/monitoring/index.js';
import type { CallRecorder } from '../../src/contexts/simulation/calls/domain/CallRecorder.js';
import { TrafficEngine } from '../../src/contexts/simulation/calls/domain/TrafficEngine.js';
import { trafficProfile } from '../../src/contexts/simulation/calls/domain/TrafficProfile.js';
import { SyntheticTransport } from '../../src/contexts/simulation/synthetic/infrastructure/SyntheticTransport.js';
import { handPlan, planNode, routeTo } from '../support/simulation/handPlan.js';

export interface SimulationBenchFigures {
  readonly keepsMessages: boolean;
  readonly callsPerSecond: number;
  readonly warmUpSeconds: number;
  readonly simulatedSeconds: number;
  /** Calls in progress when the measured span began and ended. */
  readonly concurrentAtStart: number;
  readonly concurrentAtEnd: number;
  readonly callsStarted: number;
  readonly callsEnded: number;
  readonly messages: number;
  readonly wallMs: number;
  readonly cpuMs: number;
  /** Simulated seconds per wall second (the pump needs at least 1). */
  readonly realTimeFactor: number;
  /** The slowest 50 ms step (what one pump tick costs at most). */
  readonly slowestStepMs: number;
  readonly rssMiB: number;
  readonly heapUsedMiB: number;
}

/** A recorder that counts what it is handed and lets it go (the monitor's sinks only enqueue). */
class CountingRecorder implements CallRecorder {
  messagesSeen = 0;
  callsSeen = 0;
  constructor(private readonly keep: boolean) {}
  keepsMessages(): boolean {
    return this.keep;
  }
  messages(batch: readonly SipMessageEntry[]): void {
    this.messagesSeen += batch.length;
  }
  call(): void {
    this.callsSeen += 1;
  }
  recording(): void {
    /* counted with the calls */
  }
}

/**
 * 100 calls a second, all answered, mean holding time 45 s (with ringing, about 5,000 calls in progress at
 * steady state), advanced on a manual timeline in 50 ms steps as the pump does: a warm-up to the steady state,
 * then 60 measured simulated seconds with the SIP messages built (or not).
 */
export function simulationBench(
  keepsMessages: boolean,
  measuredSeconds = 60,
  warmUpSeconds = 240,
): SimulationBenchFigures {
  const nodes = [planNode('pbx'), planNode('carrier-a'), planNode('carrier-b')];
  const plan = handPlan(nodes, [
    {
      id: 'main',
      sourceNodeIds: ['pbx'],
      routes: [
        routeTo('national', ['carrier-a', 'carrier-b'], {
          failover: '486,500-599',
          destinationRewrite: { delLeading: 1, prefix: '+49' },
        }),
      ],
    },
  ]);
  const recorder = new CountingRecorder(keepsMessages);
  const start = new Date('2026-01-01T00:00:00Z');
  const engine = new TrafficEngine(
    DEFAULT_LAB,
    start,
    plan,
    { thisSystemActive: true, systemIdentifier: 'MAIN', maintenance: false, capacity: 1_000_000, cpuLoad: 0 },
    recorder,
    (scheduler) => new SyntheticTransport(scheduler),
  );
  engine.startArrivals(
    trafficProfile({
      seed: 5,
      callsPerSecond: 100,
      outcomes: { answer: 1 },
      holdingTime: { distribution: 'exponential', meanSeconds: 45 },
      recordedShare: 0.1,
    }),
  );
  let at = start.getTime();
  const step = (ms: number) => {
    at += ms;
    engine.advanceTo(new Date(at));
  };
  for (let t = 0; t < warmUpSeconds * 1000; t += 50) step(50);
  const concurrentAtStart = engine.activeCount;
  const started = engine.counters.started;
  const ended = engine.counters.ended;
  const messages = recorder.messagesSeen;
  const cpu = process.cpuUsage();
  const wall = process.hrtime.bigint();
  let slowest = 0;
  for (let t = 0; t < measuredSeconds * 1000; t += 50) {
    const before = process.hrtime.bigint();
    step(50);
    slowest = Math.max(slowest, Number(process.hrtime.bigint() - before) / 1e6);
  }
  const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
  const used = process.cpuUsage(cpu);
  const memory = process.memoryUsage();
  return {
    keepsMessages,
    callsPerSecond: 100,
    warmUpSeconds,
    simulatedSeconds: measuredSeconds,
    concurrentAtStart,
    concurrentAtEnd: engine.activeCount,
    callsStarted: engine.counters.started - started,
    callsEnded: engine.counters.ended - ended,
    messages: recorder.messagesSeen - messages,
    wallMs: Math.round(wallMs),
    cpuMs: Math.round((used.user + used.system) / 1000),
    realTimeFactor: Math.round(((measuredSeconds * 1000) / wallMs) * 10) / 10,
    slowestStepMs: Math.round(slowest * 10) / 10,
    rssMiB: Math.round(memory.rss / 1048576),
    heapUsedMiB: Math.round(memory.heapUsed / 1048576),
  };
}
