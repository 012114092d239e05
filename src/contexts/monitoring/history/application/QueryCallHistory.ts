import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { CallHistoryPage, CallHistoryQuery } from '../domain/CallHistoryQuery.js';
import { MonitorAvailability } from './MonitorAvailability.js';
import { MonitorRepository } from './MonitorRepository.js';

/** The lab's call history matching a filter, newest first; 503 MONITOR_UNREACHABLE while the monitor cannot be reached. */
@injectable()
export class QueryCallHistory {
  constructor(
    @inject(MonitorRepository) private readonly store: MonitorRepository,
    @inject(MonitorAvailability) private readonly availability: MonitorAvailability,
  ) {}

  execute(lab: LabId, query: CallHistoryQuery): Promise<CallHistoryPage> {
    this.availability.assertReachable(lab);
    return this.store.queryCalls(lab, query);
  }
}
