import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { factoryConfiguration } from '../domain/factory/factoryConfiguration.js';
import { ConfigurationStateRepository } from '../domain/ConfigurationStateRepository.js';

/**
 * Gives a lab whose configuration was never installed the factory-default configuration, committed, like a
 * freshly installed gateway (raising ConfigurationCommitted). Does nothing for a lab that has a configuration.
 * Returns whether it installed.
 */
@injectable()
export class InstallFactoryConfiguration {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(ConfigurationStateRepository) private readonly states: ConfigurationStateRepository,
    @inject(EventBus) private readonly events: EventBus,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(lab: LabId): Promise<boolean> {
    return this.unitOfWork.write(lab, async () => {
      const state = await this.states.get(lab);
      if (!state.isNew) return false;
      const objects = factoryConfiguration(() => this.ids.uuid());
      await this.objects.replaceWorking(lab, objects);
      await this.objects.publishWorking(lab);
      state.commit(this.ids.uuid(), this.clock.now(), objects.length);
      await this.states.save(state);
      await this.events.publish(state.pullEvents());
      return true;
    });
  }
}
