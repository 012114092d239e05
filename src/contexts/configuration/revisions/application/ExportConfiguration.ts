import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { ConfigurationFile } from './ConfigurationFile.js';

export interface ExportedConfiguration {
  readonly fileName: string;
  readonly content: Buffer;
}

/** The current working configuration as a configuration file, private data included: what import takes back. */
@injectable()
export class ExportConfiguration {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(lab: LabId): Promise<ExportedConfiguration> {
    const objects = await this.unitOfWork.read(() => this.objects.list(lab));
    const now = this.clock.now();
    return {
      fileName: ConfigurationFile.fileName(lab, now),
      content: ConfigurationFile.write(
        objects.map((o) => o.snapshot()),
        now,
      ),
    };
  }
}
