import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { RandomSource } from '../../../../shared/domain/RandomSource.js';
import { LoadGauge } from '../domain/LoadGauge.js';
import { MACHINE, type ResourceUsage } from '../domain/ResourceUsage.js';

const MIB = 1024 ** 2;

/**
 * A plausible reading of the simulated machine: an idle baseline with a little noise, plus CPU and RAM per
 * live session, RAM for what the monitor holds waiting to be stored, and disk for what it stored, capped by the
 * machine's size.
 */
@injectable()
export class ReadResourceUsage {
  constructor(
    @inject(LoadGauge) private readonly load: LoadGauge,
    @inject(RandomSource) private readonly random: RandomSource,
  ) {}

  execute(lab: LabId): ResourceUsage {
    const sessions = this.load.activeSessions(lab);
    const cpu = Math.min(100, Math.round(2 + this.random.next() * 3 + sessions * 0.35));
    const ramUsed = Math.min(
      MACHINE.ramTotal,
      Math.round(
        MACHINE.ramBaseUsed + this.random.next() * 64 * MIB + sessions * 2.5 * MIB + this.load.bufferedBytes(),
      ),
    );
    const diskUsed = Math.min(MACHINE.diskTotal, Math.round(MACHINE.diskBaseUsed + this.load.storedBytes(lab)));
    return { disk: { total: MACHINE.diskTotal, used: diskUsed }, cpu, ram: { total: MACHINE.ramTotal, used: ramUsed } };
  }
}
