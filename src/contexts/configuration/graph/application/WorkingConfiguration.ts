import { inject, injectable, optional } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationStateRepository } from '../../revisions/domain/ConfigurationStateRepository.js';
import type { ConfigObject } from '../domain/ConfigObject.js';
import { ConfigurationRepository } from '../domain/ConfigurationRepository.js';
import { IndexedGraph, type GraphView } from '../domain/GraphView.js';
import { ConfigurationReader } from './ConfigurationReader.js';
import { WorkingChanges } from './WorkingChanges.js';

/** The graph held in memory and the changes of the running unit, when the container provides them. */
@injectable()
export class WorkingGraphs {
  constructor(
    @inject(ConfigurationReader) readonly reader: ConfigurationReader,
    @inject(WorkingChanges) readonly changes: WorkingChanges,
  ) {}
}

/**
 * The one write door of the working configuration: every use case that changes objects of the graph (the
 * detached-objects view, and the typed views built on the graph) runs in `run(lab, …)` — a write unit of the
 * lab, serialised with every other write of the lab, commit and revert included — and calls
 * `beforeChange(lab)` once it has checked its request and is about to store something:
 *
 *   return this.working.run(lab, async () => {
 *     const graph = await this.working.graph(lab);   // the working revision as the unit sees it
 *     …map objects to entities, check the request…
 *     await this.working.beforeChange(lab);          // 409 CONFIGURATION_COMMIT_PROTECTED while view-only
 *     await this.working.save(object);               // recorded as changed since the last commit
 *   });
 *
 * Requests that change nothing (a set with the current values, an import that skips everything) never call
 * beforeChange, so they leave the lifecycle state as it is. Objects from `graph` are shared: change a `copy()`.
 */
@injectable()
export class WorkingConfiguration {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationStateRepository) private readonly states: ConfigurationStateRepository,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
    @inject(WorkingGraphs) @optional() private readonly graphs?: WorkingGraphs,
  ) {}

  run<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    return this.unitOfWork.write(lab, work);
  }

  /**
   * Inside `run`: the working revision as the unit sees it now (earlier saves of the unit included). Read it
   * first, then write: a graph taken before a save does not show that save.
   */
  async graph(lab: LabId): Promise<GraphView> {
    const changes = this.graphs?.changes.current(lab);
    if (this.graphs && changes?.whole) {
      const base = this.graphs.reader.keptAt(lab, changes.base);
      if (base) return changes.applyTo(base);
    }
    return new IndexedGraph(await this.objects.list(lab));
  }

  /** The working configuration is about to change: refused while view-only, else the lifecycle state becomes modified. */
  async beforeChange(lab: LabId): Promise<void> {
    const state = await this.states.get(lab);
    state.modify(this.clock.now());
    const events = state.pullEvents();
    if (events.length === 0) return;
    await this.states.save(state);
    await this.events.publish(events);
  }

  /** Inside `run`, after beforeChange: inserts (version 0) or updates (version must match) objects, in order. */
  async save(...objects: ConfigObject[]): Promise<void> {
    for (const object of objects) await this.objects.save(object);
  }

  /** Inside `run`, after beforeChange: removes objects (reference checks are the caller's). */
  async remove(lab: LabId, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.objects.remove(lab, ids);
  }
}
