import 'reflect-metadata';
import { expect } from 'chai';
import { CommittedGateway, type GatewayPlan } from '../../../../src/contexts/configuration/index.js';
import { ActiveSide } from '../../../../src/contexts/high-availability/index.js';
import { MaintenanceState } from '../../../../src/contexts/maintenance/index.js';
import { LicensedCapacity } from '../../../../src/contexts/licensing/index.js';
import { GatewayGates } from '../../../../src/contexts/simulation/calls/application/GatewayGates.js';
import { TrafficLabs } from '../../../../src/contexts/simulation/calls/application/TrafficLabs.js';
import { trafficProfile } from '../../../../src/contexts/simulation/calls/domain/TrafficProfile.js';
import type { Scheduler } from '../../../../src/contexts/simulation/calls/domain/Scheduler.js';
import type { SessionTransport } from '../../../../src/contexts/simulation/calls/domain/SessionTransport.js';
import { SyntheticTransports } from '../../../../src/contexts/simulation/synthetic/infrastructure/SyntheticTransports.js';
import { DomainError } from '../../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../../../src/shared/domain/LabId.js';
import { ManualClock } from '../../../../src/shared/infrastructure/ManualClock.js';
import { SilentLogger } from '../../../support/SilentLogger.js';
import { handPlan, planNode, routeTo } from '../../../support/simulation/handPlan.js';
import { RecordingSinks } from '../../../support/simulation/RecordingSinks.js';

class Inputs {
  side: 'MAIN' | 'STANDBY' = 'MAIN';
  maintenance = false;
  capacity = 100;
  reads = 0;
  readonly activeSide = new (class extends ActiveSide {
    constructor(private readonly i: Inputs) {
      super();
    }
    async of() {
      this.i.reads += 1;
      return this.i.side;
    }
  })(this);
  readonly maintenanceState = new (class extends MaintenanceState {
    constructor(private readonly i: Inputs) {
      super();
    }
    async active() {
      return this.i.maintenance;
    }
  })(this);
  readonly licensed = new (class extends LicensedCapacity {
    constructor(private readonly i: Inputs) {
      super();
    }
    async facilities() {
      return new Map([['telrtSession', this.i.capacity]]);
    }
    async facility(_lab: LabId, name: string) {
      return name === 'telrtSession' ? this.i.capacity : 0;
    }
  })(this);
}

class FakeCommitted extends CommittedGateway {
  private readonly listeners = new Set<(plan: GatewayPlan) => void>();
  constructor(public current: GatewayPlan) {
    super();
  }
  async plan(): Promise<GatewayPlan> {
    return this.current;
  }
  onChange(listener: (plan: GatewayPlan) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  commit(plan: GatewayPlan): void {
    this.current = plan;
    for (const listener of this.listeners) listener(plan);
  }
}

const planTo = (carrier: string, generation: number) =>
  handPlan(
    [planNode('pbx'), planNode('carrier-a'), planNode('carrier-b')],
    [{ id: 'd', sourceNodeIds: ['pbx'], routes: [routeTo('out', [carrier])] }],
    DEFAULT_LAB,
    generation,
  );

/** Synthetic transports that count how many of those they made were disposed. */
class CountedTransports extends SyntheticTransports {
  disposed = 0;
  override create(lab: LabId, scheduler: Scheduler): SessionTransport {
    const transport = super.create(lab, scheduler);
    const dispose = transport.dispose.bind(transport);
    transport.dispose = () => {
      this.disposed += 1;
      dispose();
    };
    return transport;
  }
}

function harness(
  committed: CommittedGateway | null = new FakeCommitted(planTo('carrier-a', 1)),
  transports: SyntheticTransports = new SyntheticTransports(),
) {
  const clock = new ManualClock(new Date('2026-05-01T10:00:00Z'));
  const inputs = new Inputs();
  const gates = new GatewayGates(clock, inputs.activeSide, inputs.maintenanceState, inputs.licensed);
  const sinks = new RecordingSinks();
  const labs = new TrafficLabs(clock, gates, transports, new SilentLogger(), committed ?? undefined, sinks);
  const advance = async (seconds: number) => {
    for (let i = 0; i < seconds; i += 1) {
      clock.advance(1000);
      await labs.advance(DEFAULT_LAB);
    }
  };
  return { clock, inputs, gates, sinks, labs, advance, committed: committed as FakeCommitted };
}

describe('GatewayGates', () => {
  it('reads the inputs at most once a second of the clock per lab', async () => {
    const { clock, inputs, gates } = harness();
    await gates.snapshot(DEFAULT_LAB);
    await gates.snapshot(DEFAULT_LAB);
    clock.advance(999);
    inputs.maintenance = true;
    expect((await gates.snapshot(DEFAULT_LAB)).maintenance).to.equal(false);
    expect(inputs.reads).to.equal(1);
    clock.advance(1);
    expect((await gates.snapshot(DEFAULT_LAB)).maintenance).to.equal(true);
    expect(inputs.reads).to.equal(2);
  });

  it('this system is the MAIN side: active while MAIN holds the role', async () => {
    const { inputs, gates } = harness();
    expect(await gates.snapshot(DEFAULT_LAB, true)).to.deep.equal({
      thisSystemActive: true,
      systemIdentifier: 'MAIN',
      maintenance: false,
      capacity: 100,
      cpuLoad: 0,
    });
    inputs.side = 'STANDBY';
    inputs.capacity = 4;
    expect(await gates.snapshot(DEFAULT_LAB, true)).to.deep.include({ thisSystemActive: false, capacity: 4 });
  });
});

describe('TrafficLabs', () => {
  it('starts, counts live sessions (LiveSessions), stops arrivals while the calls in progress run to their end', async () => {
    const { labs, advance, sinks } = harness();
    expect(labs.state(DEFAULT_LAB)).to.deep.include({ running: false, active: 0 });
    await labs.configure(DEFAULT_LAB, {
      running: true,
      profile: trafficProfile({ callsPerSecond: 2, outcomes: { answer: 1 } }),
    });
    await advance(30);
    expect(labs.count(DEFAULT_LAB)).to.be.greaterThan(20);
    const stopped = await labs.configure(DEFAULT_LAB, { running: false });
    expect(stopped.running).to.equal(false);
    const started = stopped.counters!.started;
    await advance(3600);
    expect(labs.count(DEFAULT_LAB)).to.equal(0);
    expect(labs.state(DEFAULT_LAB).counters!.started).to.equal(started);
    expect(sinks.calls).to.have.length(started);
  });

  it('a commit routes the new calls on the new plan; calls keep the route they were given', async () => {
    const { labs, advance, sinks, committed } = harness();
    await labs.configure(DEFAULT_LAB, {
      running: true,
      profile: trafficProfile({ callsPerSecond: 2, outcomes: { answer: 1 } }),
    });
    await advance(10);
    committed.commit(planTo('carrier-b', 2));
    expect(labs.state(DEFAULT_LAB).planGeneration).to.equal(2);
    await advance(10);
    await labs.configure(DEFAULT_LAB, { running: false });
    await advance(3600);
    const early = sinks.calls.filter((c) => c.startDateTime.getTime() < new Date('2026-05-01T10:00:10Z').getTime());
    const late = sinks.calls.filter((c) => c.startDateTime.getTime() > new Date('2026-05-01T10:00:10Z').getTime());
    expect(early.length).to.be.greaterThan(5);
    expect(late.length).to.be.greaterThan(5);
    expect(early.every((c) => c.outboundNodeId === 'carrier-a')).to.equal(true);
    expect(late.every((c) => c.outboundNodeId === 'carrier-b')).to.equal(true);
  });

  it('gates follow the inputs within a second: maintenance turned on refuses the next calls', async () => {
    const { labs, advance, sinks, inputs } = harness();
    await labs.configure(DEFAULT_LAB, { running: true, profile: trafficProfile({ callsPerSecond: 5 }) });
    await advance(5);
    inputs.maintenance = true;
    await advance(10);
    const refused = sinks.calls.filter((c) => c.q850Cause === 42);
    expect(refused.length).to.be.greaterThan(20);
    const firstRefused = Math.min(...refused.map((c) => c.startDateTime.getTime()));
    expect(firstRefused - new Date('2026-05-01T10:00:05Z').getTime()).to.be.at.most(2000);
  });

  it('a new profile takes effect at once: arrivals restart with it', async () => {
    const { labs, advance } = harness();
    await labs.configure(DEFAULT_LAB, {
      running: true,
      profile: trafficProfile({ callsPerSecond: 1, outcomes: { busy: 1 } }),
    });
    await advance(100);
    const slow = labs.state(DEFAULT_LAB).counters!.started;
    await labs.configure(DEFAULT_LAB, { profile: trafficProfile({ callsPerSecond: 10, outcomes: { busy: 1 } }) });
    expect(labs.state(DEFAULT_LAB).running).to.equal(true);
    await advance(100);
    const fast = labs.state(DEFAULT_LAB).counters!.started - slow;
    expect(slow).to.be.within(70, 130);
    expect(fast).to.be.within(850, 1150);
  });

  it('two starts at once: the traffic runs on the profile given last', async () => {
    const { labs, advance } = harness();
    await Promise.all([
      labs.configure(DEFAULT_LAB, { running: true, profile: trafficProfile({ seed: 1, callsPerSecond: 1 }) }),
      labs.configure(DEFAULT_LAB, { running: true, profile: trafficProfile({ seed: 2, callsPerSecond: 10 }) }),
    ]);
    expect(labs.state(DEFAULT_LAB).profile.seed).to.equal(2);
    await advance(100);
    expect(labs.state(DEFAULT_LAB).counters!.started).to.be.within(850, 1150);
  });

  it('a long catch-up runs in slices of a second, letting other work in between, and reaches the clock', async () => {
    const { labs, clock } = harness();
    await labs.configure(DEFAULT_LAB, { running: true, profile: trafficProfile({ callsPerSecond: 20 }) });
    clock.advance(30_000);
    let turns = 0;
    let counting = true;
    const count = () => {
      if (counting) {
        turns += 1;
        setImmediate(count);
      }
    };
    setImmediate(count);
    await labs.advance(DEFAULT_LAB);
    counting = false;
    expect(turns).to.be.at.least(20);
    expect(labs.state(DEFAULT_LAB).time!.getTime()).to.equal(clock.now().getTime());
  });

  it("drops every lab's transport when the gateway stops (close), so that no timer of a call in progress outlives it", async () => {
    const transports = new CountedTransports();
    const { labs, advance } = harness(undefined, transports);
    await labs.configure(DEFAULT_LAB, {
      running: true,
      profile: trafficProfile({ callsPerSecond: 2, outcomes: { answer: 1 } }),
    });
    await advance(5);
    expect(labs.count(DEFAULT_LAB)).to.be.greaterThan(0);
    expect(transports.disposed).to.equal(0);
    labs.close();
    expect(transports.disposed).to.equal(1);
  });

  it('without the committed configuration, traffic cannot start: 503 SIMULATOR_UNAVAILABLE', async () => {
    const { labs } = harness(null);
    const error = await labs.configure(DEFAULT_LAB, { running: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).code).to.equal('SIMULATOR_UNAVAILABLE');
    expect(labs.state(DEFAULT_LAB).running).to.equal(false);
  });
});
