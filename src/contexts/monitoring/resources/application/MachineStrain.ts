import { injectable } from 'inversify';
import { GatewayFaultSwitch, type HeldGatewayFault } from '../../../../shared/application/GatewayFaultSwitch.js';
import type { LabId } from '../../../../shared/domain/LabId.js';

/** What strains a lab's machine beyond its calls: a full disk, a CPU load forced up. */
export interface Strain {
  readonly diskFull: boolean;
  /** The CPU load in percent (1 to 100) the machine is held at; undefined: its own load. */
  readonly cpuLoad: number | undefined;
}

const NONE: Strain = { diskFull: false, cpuLoad: undefined };

/**
 * The simulated machine's strain per lab, switched by the gateway faults diskFull and cpuOverload (several
 * cpuOverload rules at once: the highest load holds). The decorators of the resource readings and of the
 * monitor's sinks read it, and the simulator's gates read the CPU load (its overload control sheds calls).
 */
@injectable()
export class MachineStrain extends GatewayFaultSwitch {
  readonly kinds = ['diskFull', 'cpuOverload'] as const;
  private readonly strains = new Map<LabId, Strain>();

  of(lab: LabId): Strain {
    return this.strains.get(lab) ?? NONE;
  }

  diskFull(lab: LabId): boolean {
    return this.of(lab).diskFull;
  }

  /** The CPU load the machine is held at (percent), or undefined when nothing forces it. */
  cpuLoad(lab: LabId): number | undefined {
    return this.of(lab).cpuLoad;
  }

  hold(lab: LabId, faults: readonly HeldGatewayFault[]): void {
    const loads = faults
      .filter((fault) => fault.kind === 'cpuOverload')
      .map((fault) => Number(fault.parameters['loadPercent']));
    const strain: Strain = {
      diskFull: faults.some((fault) => fault.kind === 'diskFull'),
      cpuLoad: loads.length > 0 ? Math.max(...loads) : undefined,
    };
    if (!strain.diskFull && strain.cpuLoad === undefined) this.strains.delete(lab);
    else this.strains.set(lab, strain);
  }
}
