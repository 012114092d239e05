import { inject, injectable, optional } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ActiveSide } from '../../../high-availability/index.js';
import { MaintenanceState } from '../../../maintenance/index.js';
import { LicensedCapacity } from '../../../licensing/index.js';
import { MachineStrain } from '../../../monitoring/index.js';
import type { GateSnapshot } from '../domain/CallRecorder.js';

/** The licence facility that grants concurrent routed sessions. */
export const SESSION_FACILITY = 'telrtSession';
/** The side of the hot standby pair the simulated traffic is offered to: this system. */
export const THIS_SYSTEM = 'MAIN';
/** How old a lab's gate snapshot may get before it is read again. */
export const GATE_REFRESH_MS = 1000;

/**
 * The gates' inputs (active side, maintenance mode, the machine's CPU load, licensed capacity) read through their contexts' ports, at
 * most once per GATE_REFRESH_MS of the clock per lab: the engine reads the snapshot for every call, never the stores.
 */
@injectable()
export class GatewayGates {
  private readonly snapshots = new Map<LabId, { readonly at: number; readonly gates: GateSnapshot }>();

  constructor(
    @inject(Clock) private readonly clock: Clock,
    @inject(ActiveSide) private readonly activeSide: ActiveSide,
    @inject(MaintenanceState) private readonly maintenance: MaintenanceState,
    @inject(LicensedCapacity) private readonly capacity: LicensedCapacity,
    @inject(MachineStrain) @optional() private readonly strain: MachineStrain | undefined = undefined,
  ) {}

  /** The lab's gates were replaced in the store (a snapshot restored): the next step reads them. */
  forget(lab: LabId): void {
    this.snapshots.delete(lab);
  }

  /** The lab's snapshot, read again when it is older than GATE_REFRESH_MS (or `force`). */
  async snapshot(lab: LabId, force = false): Promise<GateSnapshot> {
    const now = this.clock.now().getTime();
    const held = this.snapshots.get(lab);
    if (held && !force && now - held.at < GATE_REFRESH_MS && now >= held.at) return held.gates;
    const [side, maintenance, capacity] = await Promise.all([
      this.activeSide.of(lab),
      this.maintenance.active(lab),
      this.capacity.facility(lab, SESSION_FACILITY),
    ]);
    const gates: GateSnapshot = {
      thisSystemActive: side === THIS_SYSTEM,
      systemIdentifier: THIS_SYSTEM,
      maintenance,
      capacity,
      cpuLoad: this.strain?.cpuLoad(lab) ?? 0,
    };
    this.snapshots.set(lab, { at: now, gates });
    return gates;
  }
}
