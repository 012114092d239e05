import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository, type Revision } from '../../graph/domain/ConfigurationRepository.js';
import { ConfigurationFile } from './ConfigurationFile.js';

export interface ExportedConfiguration {
  readonly fileName: string;
  readonly content: Buffer;
}

/**
 * A revision of the configuration as a configuration file, private data included: the working one (what
 * coreConfig/get downloads and import takes back), or the committed one the gateway runs (its name says so).
 */
@injectable()
export class ExportConfiguration {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(lab: LabId, revision: Revision = 'working'): Promise<ExportedConfiguration> {
    const objects = await this.unitOfWork.read(() => this.objects.list(lab, undefined, revision));
    const now = this.clock.now();
    const fileName = ConfigurationFile.fileName(lab, now);
    return {
      fileName: revision === 'working' ? fileName : fileName.replace(/(\.[a-z]+)$/, '-committed$1'),
      content: ConfigurationFile.write(
        objects.map((o) => o.snapshot()),
        now,
      ),
    };
  }
}
