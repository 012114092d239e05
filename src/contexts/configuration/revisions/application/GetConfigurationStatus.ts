import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository, type RevisionDiff } from '../../graph/domain/ConfigurationRepository.js';
import type { ConfigurationState } from '../domain/ConfigurationState.js';
import { ConfigurationStateRepository } from '../domain/ConfigurationStateRepository.js';

export interface ConfigurationStatusReport {
  readonly state: ConfigurationState;
  readonly changedObjects: RevisionDiff;
  readonly workingObjectCount: number;
  readonly committedObjectCount: number;
}

/** The configuration's status with the object-level difference between the working and committed configuration, read in one snapshot. */
@injectable()
export class GetConfigurationStatus {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(ConfigurationStateRepository) private readonly states: ConfigurationStateRepository,
  ) {}

  execute(lab: LabId): Promise<ConfigurationStatusReport> {
    return this.unitOfWork.read(async () => ({
      state: await this.states.get(lab),
      changedObjects: await this.objects.diff(lab),
      workingObjectCount: await this.objects.count(lab, 'working'),
      committedObjectCount: await this.objects.count(lab, 'committed'),
    }));
  }
}
