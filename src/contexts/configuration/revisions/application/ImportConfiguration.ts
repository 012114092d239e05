import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { ConfigurationStateRepository } from '../domain/ConfigurationStateRepository.js';
import { ConfigurationFile } from './ConfigurationFile.js';

export interface ImportRequest {
  readonly fileName: string;
  readonly content: Buffer;
  /** True: the import can only be viewed (commit and writes refused) until a revert or another import. */
  readonly commitProtection: boolean;
}

/**
 * Replaces the working configuration with a configuration file, without committing. The whole file is read
 * and checked before anything changes (a bad file is a 400 and leaves the working configuration as it was).
 * Allowed in every state, a commit-protected import included.
 */
@injectable()
export class ImportConfiguration {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(ConfigurationStateRepository) private readonly states: ConfigurationStateRepository,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(lab: LabId, request: ImportRequest): Promise<number> {
    const objects = ConfigurationFile.read(request.content);
    return this.unitOfWork.write(lab, async () => {
      const state = await this.states.get(lab);
      state.imported(this.clock.now(), request.commitProtection, request.fileName, objects.length);
      await this.objects.replaceWorking(lab, objects);
      await this.states.save(state);
      await this.events.publish(state.pullEvents());
      return objects.length;
    });
  }
}
