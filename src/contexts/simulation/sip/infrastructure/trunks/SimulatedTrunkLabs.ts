import { inject, injectable, optional } from 'inversify';
import { BackgroundService } from '../../../../../shared/application/BackgroundService.js';
import { LabDirectory } from '../../../../../shared/application/LabDirectory.js';
import { LabLeases } from '../../../../../shared/application/LabLeases.js';
import { Logger } from '../../../../../shared/application/Logger.js';
import { DEFAULT_LAB, type LabId } from '../../../../../shared/domain/LabId.js';
import { LabClocks } from '../../../../clock/index.js';
import { CommittedGateway, type GatewayPlan } from '../../../../configuration/index.js';
import { NetworkFaults } from '../../../network/application/NetworkFaults.js';
import type { FarEndOutage } from '../../domain/PeriodicRequests.js';
import { SimulatedTrunks, type SimulatedTrunkState, type SupervisedTrunk } from '../../domain/SimulatedTrunks.js';
import { defaultSipSetting, farEndIsReal, type SipSetting } from '../../domain/SipSetting.js';
import type { TrunkView } from '../../application/SipListening.js';
import { SipLabs } from '../SipLabs.js';
import { peerAddress } from './TrunkSupervision.js';

interface Watched {
  plan: GatewayPlan | undefined;
  /** What the trunks were last made to follow (the plan, the SIP setting and whether SIP is on). */
  followed: readonly [GatewayPlan, SipSetting, boolean] | undefined;
  readonly trunks: SimulatedTrunks;
}

/**
 * The trunks a lab's gateway watches whose far end is simulated: every supervised node of the committed plan while
 * the lab carries no real SIP, and while it does, the nodes whose far end is not real (TrunkSupervision watches
 * those). The same conditions as a real trunk's otherwise: the node enabled, not a phone registrar, with a peer,
 * and the lab's `supervision` on. Their state (SimulatedTrunks) follows the lab's clock, the faults nodeDown and
 * trunkDown from the instant NetworkFaults switches them, and the clock's jumps. Held for the labs this process
 * holds (LabLeases), from its start or the lab's first plan; the lab's SIP state lists them beside the real ones.
 */
@injectable()
export class SimulatedTrunkLabs extends BackgroundService {
  readonly name = 'simulated trunks';
  private readonly labs = new Map<LabId, Watched>();
  private unsubscribe: Array<() => void> = [];

  constructor(
    @inject(LabClocks) private readonly clocks: LabClocks,
    @inject(CommittedGateway) private readonly committed: CommittedGateway,
    @inject(NetworkFaults) private readonly network: NetworkFaults,
    @inject(SipLabs) private readonly sip: SipLabs,
    @inject(Logger) private readonly logger: Logger,
    @inject(LabDirectory) @optional() private readonly directory: LabDirectory | undefined = undefined,
    @inject(LabLeases) @optional() private readonly leases: LabLeases | undefined = undefined,
  ) {
    super();
  }

  /** Follows the labs this process holds, each from its latest plan (a plan read before the demo was installed is not). */
  async start(): Promise<void> {
    this.listen();
    for (const entry of this.directory?.list() ?? [{ id: DEFAULT_LAB }])
      if (this.holds(entry.id)) this.load(this.watch(entry.id), entry.id);
  }

  async stop(): Promise<void> {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.labs.clear();
  }

  /** A removed lab's trunks go. */
  forget(lab: LabId): void {
    this.labs.delete(lab);
  }

  /**
   * The lab's simulated trunks now, as the SIP state shows them (none while its plan is not held yet: a lab this
   * process has just taken, whose plan is being read).
   */
  views(lab: LabId): TrunkView[] {
    const watched = this.labs.get(lab) ?? (this.holds(lab) ? this.watch(lab) : undefined);
    if (!watched?.plan) return [];
    this.follow(lab, watched);
    return watched.trunks.states(this.now(lab)).map(view);
  }

  private holds(lab: LabId): boolean {
    return this.leases?.holds(lab) ?? true;
  }

  private watch(lab: LabId): Watched {
    let watched = this.labs.get(lab);
    if (watched) return watched;
    this.listen();
    watched = { plan: undefined, followed: undefined, trunks: new SimulatedTrunks() };
    this.labs.set(lab, watched);
    this.load(watched, lab);
    return watched;
  }

  /** Hears the plans compiled, the faults switched, the clocks' jumps and the labs taken and given up (once). */
  private listen(): void {
    if (this.unsubscribe.length > 0) return;
    this.unsubscribe.push(
      this.committed.onChange((plan) => {
        if (this.holds(plan.lab)) this.hold(this.watch(plan.lab), plan);
      }),
      this.network.onChange((lab) => this.labs.get(lab)?.trunks.faults(this.now(lab), this.outages(lab))),
      this.clocks.onJump((lab, jumpMs) => this.labs.get(lab)?.trunks.clockJumped(jumpMs, this.now(lab))),
    );
    const off = this.leases?.onChange((lab, held) => {
      if (held) this.watch(lab);
      else this.forget(lab);
    });
    if (off) this.unsubscribe.push(off);
  }

  private load(watched: Watched, lab: LabId): void {
    this.committed
      .plan(lab)
      .then((plan) => {
        if (this.labs.get(lab) === watched) this.hold(watched, plan);
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, lab }, "a lab's simulated trunks could not read its committed plan"),
      );
  }

  /** The lab's plan is `plan` from now on (unless a later one is held already). */
  private hold(watched: Watched, plan: GatewayPlan): void {
    if (watched.plan && watched.plan.generation > plan.generation) return;
    watched.plan = plan;
    this.follow(plan.lab, watched);
  }

  /** The trunks as the lab's plan and its SIP setting (as its listeners last followed it) ask, when either changed. */
  private follow(lab: LabId, watched: Watched): void {
    const { plan } = watched;
    if (!plan) return;
    const runtime = this.sip.find(lab);
    const setting = runtime?.setting ?? defaultSipSetting(false);
    const sipOn = runtime?.enabled ?? false;
    const [plan0, setting0, on0] = watched.followed ?? [];
    if (plan0 === plan && setting0 === setting && on0 === sipOn) return;
    watched.followed = [plan, setting, sipOn];
    watched.trunks.follow(supervisedTrunks(plan, setting, sipOn), this.now(lab), this.outages(lab));
  }

  private now(lab: LabId): number {
    return this.clocks.nowOf(lab).getTime();
  }

  /** What the faults held now do to each node's far end: nodeDown silences it, trunkDown has it refuse. */
  private outages(lab: LabId): (nodeId: string) => FarEndOutage {
    const impairments = this.network.of(lab);
    return (nodeId) => (impairments.isDown(nodeId) ? 'silent' : impairments.trunkRefuses(nodeId) ? 'refusing' : 'none');
  }
}

/** The plan's supervised trunks whose far end is simulated (see SimulatedTrunkLabs). */
export function supervisedTrunks(plan: GatewayPlan, setting: SipSetting, sipOn: boolean): SupervisedTrunk[] {
  if (!setting.supervision) return [];
  const trunks: SupervisedTrunk[] = [];
  for (const node of plan.nodes.values()) {
    const { keepAliveSeconds, registration } = node.sip.supervision;
    const peer = peerAddress(node);
    if (keepAliveSeconds === 0 && !registration) continue;
    if (!node.enabled || !peer || node.sip.registrar !== undefined) continue;
    if (sipOn && farEndIsReal(node, setting)) continue;
    trunks.push({
      nodeId: node.id,
      nodeName: node.displayName,
      target: `${peer.transport} ${peer.host}:${peer.port}`,
      keepAliveSeconds,
      registration: registration && {
        registrarUri: registration.registrarUri,
        addressOfRecord: registration.addressOfRecord,
        expiresSeconds: registration.expiresSeconds,
      },
    });
  }
  return trunks;
}

/** A simulated trunk as the lab's SIP state shows it (instants in ISO 8601, fields without a value left out). */
function view(trunk: SimulatedTrunkState): TrunkView {
  const { keepAlive, registration } = trunk;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    nodeId: trunk.nodeId,
    nodeName: trunk.nodeName,
    target: trunk.target,
    farEnd: 'simulated',
    state: trunk.state,
    ...(keepAlive
      ? {
          keepAlive: {
            intervalSeconds: keepAlive.intervalSeconds,
            state: keepAlive.state,
            sent: keepAlive.sent,
            answered: keepAlive.answered,
            failed: keepAlive.failed,
            ...(keepAlive.lastStatus !== undefined ? { lastStatus: keepAlive.lastStatus } : {}),
            ...(keepAlive.lastAt !== undefined ? { lastAt: iso(keepAlive.lastAt) } : {}),
          },
        }
      : {}),
    ...(registration
      ? {
          registration: {
            registrarUri: registration.registrarUri,
            addressOfRecord: registration.addressOfRecord,
            state: registration.state,
            sent: registration.sent,
            failed: registration.failed,
            ...(registration.lastStatus !== undefined ? { lastStatus: registration.lastStatus } : {}),
            ...(registration.expiresAt !== undefined ? { expiresAt: iso(registration.expiresAt) } : {}),
          },
        }
      : {}),
  };
}
