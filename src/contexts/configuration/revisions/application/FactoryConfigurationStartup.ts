import { inject, injectable } from 'inversify';
import { Logger } from '../../../../shared/application/Logger.js';
import { StartupTask } from '../../../../shared/application/StartupTask.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationStateRepository } from '../domain/ConfigurationStateRepository.js';
import { InstallFactoryConfiguration } from './InstallFactoryConfiguration.js';

/** At start-up, every lab without a configuration gets the factory-default one, committed. */
@injectable()
export class FactoryConfigurationStartup extends StartupTask {
  readonly name = 'factory-default configuration';

  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationStateRepository) private readonly states: ConfigurationStateRepository,
    @inject(InstallFactoryConfiguration) private readonly install: InstallFactoryConfiguration,
    @inject(Logger) private readonly logger: Logger,
  ) {
    super();
  }

  async run(): Promise<void> {
    const labs = await this.unitOfWork.read(() => this.states.labsWithoutConfiguration());
    for (const lab of labs) {
      if (await this.install.execute(lab))
        this.logger.info({ lab }, 'factory-default configuration installed and committed');
    }
  }
}
