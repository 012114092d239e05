import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { InstallFactoryConfiguration } from './InstallFactoryConfiguration.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import { CommittedGateway } from '../../runtime/application/CommittedGateway.js';

/** A new lab gets the factory-default configuration, committed (a removed lab's rows go with its row). */
@injectable()
export class ConfigurationLabLifecycle extends LabLifecycle {
  readonly name = 'configuration';

  constructor(
    @inject(InstallFactoryConfiguration) private readonly install: InstallFactoryConfiguration,
    @inject(ConfigurationReader) private readonly reader: ConfigurationReader,
    @inject(CommittedGateway) private readonly committed: CommittedGateway,
  ) {
    super();
  }

  async initialize(lab: LabId): Promise<void> {
    await this.install.execute(lab);
  }

  async remove(): Promise<void> {
    // nothing outside the main store: every row of the lab goes with its row, and what is held in memory is
    // keyed by the lab's revision, which a lab made later under the name never repeats
  }

  /**
   * Both revisions were replaced under the lab's revision: the working graph held in memory (which a unit that
   * changed no object through the repository would carry over) is read again, and the simulator's plan compiled
   * from the restored committed revision — scheduled, as after a commit: the simulator's next step waits for it.
   */
  override async reload(lab: LabId): Promise<void> {
    this.reader.forget(lab);
    this.committed.refresh(lab).catch(() => undefined);
  }
}
