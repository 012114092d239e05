import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationLifecycleRepository } from '../../revisions/domain/ConfigurationLifecycleRepository.js';

/**
 * The one write door of the working configuration: every use case that changes objects of the graph (the
 * detached-objects view, and the typed views built on the graph) runs in `run(lab, …)` — a write unit of the
 * lab, serialised with every other write of the lab, commit and revert included — and calls
 * `beforeChange(lab)` once it has checked its request and is about to store something:
 *
 *   return this.working.run(lab, async () => {
 *     …check…
 *     await this.working.beforeChange(lab);   // 409 CONFIGURATION_COMMIT_PROTECTED while view-only
 *     await this.objects.save(object);        // the repository records the id as changed since the last commit
 *   });
 *
 * Requests that change nothing (a set with the current values, an import that skips everything) never call
 * beforeChange, so they leave the lifecycle state as it is.
 */
@injectable()
export class WorkingConfiguration {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationLifecycleRepository) private readonly lifecycles: ConfigurationLifecycleRepository,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  run<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    return this.unitOfWork.write(lab, work);
  }

  /** The working configuration is about to change: refused while view-only, else the lifecycle state becomes modified. */
  async beforeChange(lab: LabId): Promise<void> {
    const lifecycle = await this.lifecycles.get(lab);
    lifecycle.modify(this.clock.now());
    const events = lifecycle.pullEvents();
    if (events.length === 0) return;
    await this.lifecycles.save(lifecycle);
    await this.events.publish(events);
  }
}
