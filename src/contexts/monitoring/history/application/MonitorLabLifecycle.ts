import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { MonitorRepository } from './MonitorRepository.js';
import { BatchingMonitorSinks } from './BatchingMonitorSinks.js';
import { MonitorSettingsCache } from '../../settings/application/MonitorSettingsCache.js';

/** A removed lab's call history, SIP messages and recordings are deleted from the monitor's own store. */
@injectable()
export class MonitorLabLifecycle extends LabLifecycle {
  readonly name = 'monitor records';

  constructor(
    @inject(MonitorRepository) private readonly store: MonitorRepository,
    @inject(BatchingMonitorSinks) private readonly sinks: BatchingMonitorSinks,
    @inject(MonitorSettingsCache) private readonly settings: MonitorSettingsCache,
  ) {
    super();
  }

  async initialize(): Promise<void> {
    // nothing: a lab starts with an empty history
  }

  async remove(lab: LabId): Promise<void> {
    // rows of the lab still queued are written first, so that the delete finds them
    await this.sinks.flush();
    await this.store.forgetLab(lab);
  }

  /** The monitor's settings restored (call history and SIP flow recording): the sinks read them again. The records stay: a snapshot holds none. */
  override async reload(lab: LabId): Promise<void> {
    this.settings.forget(lab);
  }
}
