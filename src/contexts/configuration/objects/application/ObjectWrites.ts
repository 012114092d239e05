import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';

/**
 * The one door every detached-objects write goes through: a write unit of the lab (serialised with every
 * other write of the lab, commit included), and `beforeChange`, called once a use case has checked its
 * request and is about to change the working configuration.
 */
@injectable()
export class ObjectWrites {
  constructor(@inject(UnitOfWork) private readonly unitOfWork: UnitOfWork) {}

  run<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    return this.unitOfWork.write(lab, work);
  }

  /**
   * Where the configuration lifecycle asserts that the working copy may change (refused while a
   * commit-protected import is shown) and marks it modified. The lifecycle context's write service is
   * called here once it exists; until then every working copy is writable.
   */
  async beforeChange(_lab: LabId): Promise<void> {
    // wired to the lifecycle context's working-copy service (see src/contexts/lifecycle/index.ts)
  }
}
