import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { WorkingConfiguration } from '../../../lifecycle/index.js';

/**
 * The one door every detached-objects write goes through: a write unit of the lab (serialised with every
 * other write of the lab, commit included), and `beforeChange`, called once a use case has checked its
 * request and is about to change the working configuration.
 */
@injectable()
export class ObjectWrites {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(WorkingConfiguration) private readonly workingConfiguration: WorkingConfiguration,
  ) {}

  run<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    return this.unitOfWork.write(lab, work);
  }

  /**
   * The configuration lifecycle refuses the change while a commit-protected import is shown (409
   * CONFIGURATION_COMMIT_PROTECTED) and otherwise marks the working configuration modified. Requests that
   * change nothing (a set with the current values, an import that skips everything) never get here.
   */
  beforeChange(lab: LabId): Promise<void> {
    return this.workingConfiguration.markModified(lab);
  }
}
