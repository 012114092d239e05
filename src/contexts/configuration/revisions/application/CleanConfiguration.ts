import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { apiReachabilityCore } from '../../graph/domain/ApiReachability.js';
import { ConfigurationStateRepository } from '../domain/ConfigurationStateRepository.js';

export interface CleanResult {
  readonly kept: number;
  readonly removed: number;
}

/**
 * Empties the working configuration of everything but what keeps this API reachable (the connectors serving
 * REST_API and what they reference). Not committed: revert brings everything back until the next commit.
 */
@injectable()
export class CleanConfiguration {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(ConfigurationStateRepository) private readonly states: ConfigurationStateRepository,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(lab: LabId): Promise<CleanResult> {
    return this.unitOfWork.write(lab, async () => {
      const state = await this.states.get(lab);
      state.assertWritable();
      const all = (await this.objects.list(lab)).map((o) => o.snapshot());
      const kept = apiReachabilityCore(all);
      const removed = all.filter((o) => !kept.has(o.id)).map((o) => o.id);
      await this.objects.remove(lab, removed);
      state.clean(this.clock.now(), removed.length);
      await this.states.save(state);
      await this.events.publish(state.pullEvents());
      return { kept: kept.size, removed: removed.length };
    });
  }
}
