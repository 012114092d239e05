import { inject, injectable } from 'inversify';
import { ConfigurationStateRepository } from '../domain/ConfigurationStateRepository.js';
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
    @inject(ConfigurationStateRepository) private readonly states: ConfigurationStateRepository,
  ) {}

  /**
   * The working revision is dated now; the committed one by its commit (the epoch for a lab never committed), so
   * that two reads of an unchanged committed configuration are the same file, byte for byte.
   */
  async execute(lab: LabId, revision: Revision = 'working'): Promise<ExportedConfiguration> {
    const [objects, committedAt] = await this.unitOfWork.read(async () => [
      await this.objects.list(lab, undefined, revision),
      revision === 'committed' ? ((await this.states.get(lab)).lastCommit?.at ?? new Date(0)) : undefined,
    ]);
    const now = committedAt ?? this.clock.now();
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
