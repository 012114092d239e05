import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { sbaDirectory, type SbaUser } from '../domain/SbaDirectory.js';
import { SbaDirectorySetting, SbaServiceSetting } from './SbaServiceSetting.js';

/** users/get: the directory as last read. */
@injectable()
export class GetSbaUsers {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SbaDirectorySetting) private readonly reads: SbaDirectorySetting,
  ) {}

  execute(lab: LabId): Promise<SbaUser[]> {
    return this.unitOfWork.read(async () => sbaDirectory(lab, (await this.reads.get(lab)).generation));
  }
}

/** users/refresh: re-reads the directory from the platform, which needs a RUNNING service (409 otherwise). */
@injectable()
export class RefreshSbaUsers {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SbaServiceSetting) private readonly services: SbaServiceSetting,
    @inject(SbaDirectorySetting) private readonly reads: SbaDirectorySetting,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(lab: LabId): Promise<SbaUser[]> {
    return this.unitOfWork.write(lab, async () => {
      const service = await this.services.get(lab);
      if (service.state.state !== 'RUNNING') {
        throw DomainError.conflict(
          'SBA_NOT_RUNNING',
          `the SBA service is ${service.state.state}: the directory can only be re-read while it is RUNNING (complete the options, then sba/enable)`,
        );
      }
      const current = await this.reads.read(lab);
      const next = { generation: current.value.generation + 1, refreshedAt: this.clock.now().toISOString() };
      await this.reads.save(lab, next, current.version);
      return sbaDirectory(lab, next.generation);
    });
  }
}
