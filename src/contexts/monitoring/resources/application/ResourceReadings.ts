import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ResourceUsage } from '../domain/ResourceUsage.js';
import { MachineStrain } from './MachineStrain.js';
import { ReadResourceUsage } from './ReadResourceUsage.js';

/** What resources/get answers: the lab's machine readings (a port, so a decorator may bend them). */
export abstract class ResourceReadings {
  abstract read(lab: LabId): ResourceUsage;
}

/**
 * The machine's readings (ReadResourceUsage) under its strain: a full disk reads `used = total`, a forced CPU
 * load reads at least that load. With no strain, the readings pass unchanged.
 */
@injectable()
export class StrainedResourceReadings extends ResourceReadings {
  constructor(
    @inject(ReadResourceUsage) private readonly machine: ReadResourceUsage,
    @inject(MachineStrain) private readonly strain: MachineStrain,
  ) {
    super();
  }

  read(lab: LabId): ResourceUsage {
    const usage = this.machine.execute(lab);
    const { diskFull, cpuLoad } = this.strain.of(lab);
    if (!diskFull && cpuLoad === undefined) return usage;
    return {
      disk: diskFull ? { total: usage.disk.total, used: usage.disk.total } : usage.disk,
      cpu: cpuLoad === undefined ? usage.cpu : Math.max(usage.cpu, cpuLoad),
      ram: usage.ram,
    };
  }
}
