import { expect } from 'chai';
import { FaultRules } from '../../../src/contexts/control/faults/application/FaultRules.js';
import type { CommittedGateway, GatewayPlan } from '../../../src/contexts/configuration/index.js';
import { GatewayFaultSwitch, type HeldGatewayFault } from '../../../src/shared/application/GatewayFaultSwitch.js';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { AsyncLabScope } from '../../../src/shared/infrastructure/AsyncLabScope.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { SeededIdGenerator } from '../../../src/shared/infrastructure/SeededIdGenerator.js';
import { SeededRandom } from '../../../src/shared/domain/SeededRandom.js';
import { handPlan, planNode } from '../../support/simulation/handPlan.js';

const LAB = 'default' as LabId;
const OTHER = 'other' as LabId;

/** A switch that writes down every hand-over, with the lab the work ran as; `async` ones take a turn of the event loop first. */
class Recorder extends GatewayFaultSwitch {
  readonly calls: Array<{ lab: LabId; scope: LabId | undefined; faults: string[] }> = [];

  constructor(
    readonly kinds: readonly string[],
    private readonly scope: AsyncLabScope,
    private readonly slow = false,
  ) {
    super();
  }

  async hold(lab: LabId, faults: readonly HeldGatewayFault[]): Promise<void> {
    if (this.slow) await new Promise((resolve) => setImmediate(resolve));
    this.calls.push({
      lab,
      scope: this.scope.current(),
      faults: faults.map((f) => `${f.kind}${f.parameters['node'] ? `:${String(f.parameters['node'])}` : ''}`),
    });
  }

  get last(): string[] | undefined {
    return this.calls.at(-1)?.faults;
  }
}

function committed(plan: GatewayPlan): CommittedGateway {
  return { plan: async () => plan, onChange: () => () => undefined } as unknown as CommittedGateway;
}

describe('gateway faults: FaultRules hands each owning context the faults of its kinds', () => {
  let clock: ManualClock;
  let scope: AsyncLabScope;
  let network: Recorder;
  let monitor: Recorder;
  let standby: Recorder;
  let rules: FaultRules;

  beforeEach(() => {
    clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
    scope = new AsyncLabScope();
    network = new Recorder(['nodeDown', 'trunkDown', 'packetLoss'], scope);
    monitor = new Recorder(['monitorUnreachable'], scope);
    standby = new Recorder(['standbyLinkDown'], scope, true);
    const plan = handPlan([planNode('pbx'), planNode('carrier-a'), planNode('carrier-b')], []);
    rules = new FaultRules(
      clock,
      new SeededRandom(1),
      new SeededIdGenerator('rules'),
      [network, monitor, standby],
      committed(plan),
      scope,
    );
  });

  it('says whether switching is under way: nothing while idle, else what settles once the switch has done its work', async () => {
    expect(rules.unsettled()).to.equal(undefined);
    await rules.add(LAB, { effect: { kind: 'standbyLinkDown' } });
    const waiting = rules.unsettled();
    expect(waiting).to.be.instanceOf(Promise);
    expect(standby.calls).to.deep.equal([]);
    await waiting;
    expect(standby.last).to.deep.equal(['standbyLinkDown']);
    expect(rules.unsettled()).to.equal(undefined);
  });

  it('switches a fault on when its rule is added and off when it is removed; other switches hear nothing', async () => {
    const rule = await rules.add(LAB, { effect: { kind: 'nodeDown', node: 'carrier-a' } });
    await rules.settled();
    expect(network.calls).to.deep.equal([{ lab: LAB, scope: LAB, faults: ['nodeDown:carrier-a'] }]);
    expect(monitor.calls).to.deep.equal([]);
    expect(rules.gatewayFaults(LAB)).to.deep.equal([rule.id]);
    await rules.remove(LAB, rule.id);
    await rules.settled();
    expect(network.last).to.deep.equal([]);
    expect(rules.gatewayFaults(LAB)).to.equal(undefined);
    expect(monitor.calls).to.deep.equal([]);
  });

  it('applies several rules at once, each; ending one leaves the other', async () => {
    const first = await rules.add(LAB, { effect: { kind: 'nodeDown', node: 'carrier-a' } });
    await rules.add(LAB, { effect: { kind: 'nodeDown', node: 'carrier-b' } });
    await rules.add(LAB, { effect: { kind: 'trunkDown', node: 'pbx' } });
    await rules.settled();
    expect(network.last).to.deep.equal(['nodeDown:carrier-a', 'nodeDown:carrier-b', 'trunkDown:pbx']);
    await rules.remove(LAB, first.id);
    await rules.settled();
    expect(network.last).to.deep.equal(['nodeDown:carrier-b', 'trunkDown:pbx']);
  });

  it('follows windows and expiry on the lab clock: on when the window begins, off at its end', async () => {
    await rules.add(LAB, {
      effect: { kind: 'monitorUnreachable' },
      window: { from: '2026-03-01T08:10:00Z', until: '2026-03-01T08:20:00Z' },
    });
    await rules.add(LAB, { effect: { kind: 'standbyLinkDown' }, expiresInSeconds: 60 });
    await rules.settled();
    expect(monitor.calls).to.deep.equal([]);
    expect(standby.last).to.deep.equal(['standbyLinkDown']);
    clock.advance(61_000);
    rules.gatewayFaults(LAB); // the first request after the end switches
    await rules.settled();
    expect(standby.last).to.deep.equal([]);
    clock.advance(9 * 60_000);
    rules.refresh(); // the ticker
    await rules.settled();
    expect(monitor.last).to.deep.equal(['monitorUnreachable']);
    clock.advance(10 * 60_000);
    rules.refresh();
    await rules.settled();
    expect(monitor.last).to.deep.equal([]);
    expect(rules.list(LAB)).to.deep.equal([]);
  });

  it('keeps the labs apart, and runs each switch as work of its lab in the order asked', async () => {
    await rules.add(OTHER, { effect: { kind: 'standbyLinkDown' } });
    const mine = await rules.add(LAB, { effect: { kind: 'standbyLinkDown' } });
    await rules.remove(LAB, mine.id);
    await rules.settled();
    expect(standby.calls).to.deep.equal([
      { lab: OTHER, scope: OTHER, faults: ['standbyLinkDown'] },
      { lab: LAB, scope: LAB, faults: ['standbyLinkDown'] },
      { lab: LAB, scope: LAB, faults: [] },
    ]);
    await rules.forgetLab(OTHER);
    expect(standby.calls.at(-1)).to.deep.equal({ lab: OTHER, scope: OTHER, faults: [] });
  });

  it('refuses a node that is not a node of the committed configuration, naming effect.node and the nodes there are', async () => {
    try {
      await rules.add(LAB, { effect: { kind: 'packetLoss', node: 'carrier-z', lossPercent: 3 } });
      expect.fail('accepted');
    } catch (error) {
      expect(error).to.be.instanceOf(DomainError);
      expect((error as DomainError).code).to.equal('INVALID_FAULT_RULE');
      expect((error as DomainError).details.map((d) => d.field)).to.deep.equal(['effect.node']);
      expect((error as DomainError).message)
        .to.contain("'carrier-z' is not a node")
        .and.contain('carrier-a (carrier-a)');
    }
    expect(rules.list(LAB)).to.deep.equal([]);
    expect(network.calls).to.deep.equal([]);
  });

  it('a switch that fails is logged, and the others still switch', async () => {
    const broken = new (class extends GatewayFaultSwitch {
      readonly kinds = ['diskFull'];
      hold(): void {
        throw new Error('store down');
      }
    })();
    const logged: unknown[] = [];
    const logger = {
      error: (...args: unknown[]) => logged.push(args),
      warn: () => undefined,
      info: () => undefined,
      debug: () => undefined,
    } as never;
    const withBroken = new FaultRules(
      clock,
      new SeededRandom(1),
      new SeededIdGenerator('b'),
      [broken, monitor],
      undefined,
      scope,
      logger,
    );
    await withBroken.add(LAB, { effect: { kind: 'diskFull' } });
    await withBroken.add(LAB, { effect: { kind: 'monitorUnreachable' } });
    await withBroken.settled();
    expect(logged).to.have.length(1);
    expect(monitor.last).to.deep.equal(['monitorUnreachable']);
  });
});
