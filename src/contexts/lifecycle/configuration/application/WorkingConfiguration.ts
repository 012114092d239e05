import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { ConfigurationStateRepository } from '../domain/ConfigurationStateRepository.js';

/**
 * The one door through which every other context's write use case (detached objects, and the typed areas
 * built on the configuration graph) tells the configuration lifecycle about a change of the working
 * configuration. Inside the use case's `UnitOfWork.write(lab, …)`, after the request is checked and before
 * anything is stored:
 *
 *   await workingConfiguration.markModified(lab);   // 409 CONFIGURATION_COMMIT_PROTECTED while view-only
 *
 * `markModified` refuses a view-only configuration itself; `assertWritable` only refuses, for a use case that
 * must refuse early but finds out later whether it changes anything.
 */
@injectable()
export class WorkingConfiguration {
  constructor(
    @inject(ConfigurationStateRepository) private readonly states: ConfigurationStateRepository,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Refuses with a 409 while the working configuration is a commit-protected (view-only) import. */
  async assertWritable(lab: LabId): Promise<void> {
    (await this.states.get(lab)).assertWritable();
  }

  /** The working configuration changed: the lifecycle state becomes modified (refused while view-only). */
  async markModified(lab: LabId): Promise<void> {
    const state = await this.states.get(lab);
    state.modify(this.clock.now());
    const events = state.pullEvents();
    if (events.length === 0) return;
    await this.states.save(state);
    await this.events.publish(events);
  }
}
