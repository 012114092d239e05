import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { InstallFactoryConfiguration } from './InstallFactoryConfiguration.js';

/** A new lab gets the factory-default configuration, committed (a removed lab's rows go with its row). */
@injectable()
export class ConfigurationLabLifecycle extends LabLifecycle {
  readonly name = 'configuration';

  constructor(@inject(InstallFactoryConfiguration) private readonly install: InstallFactoryConfiguration) {
    super();
  }

  async initialize(lab: LabId): Promise<void> {
    await this.install.execute(lab);
  }

  async remove(): Promise<void> {
    // nothing outside the main store: every row of the lab goes with its row, and what is held in memory is
    // keyed by the lab's revision, which a lab made later under the name never repeats
  }
}
