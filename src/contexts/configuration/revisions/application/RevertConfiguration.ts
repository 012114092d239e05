import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { ConfigurationStateRepository } from '../domain/ConfigurationStateRepository.js';

/** Brings the working configuration back to the committed one (also ends a commit-protected import). */
@injectable()
export class RevertConfiguration {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(ConfigurationStateRepository) private readonly states: ConfigurationStateRepository,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(lab: LabId): Promise<void> {
    return this.unitOfWork.write(lab, async () => {
      const state = await this.states.get(lab);
      state.revert(this.clock.now());
      await this.objects.restoreCommitted(lab);
      await this.states.save(state);
      await this.events.publish(state.pullEvents());
    });
  }
}
