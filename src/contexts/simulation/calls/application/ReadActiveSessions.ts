import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { matchesNumber, sessionSnapshot, type NumberFilterMode, type SessionSnapshot } from '../domain/SessionLegs.js';
import { TrafficLabs } from './TrafficLabs.js';

export interface ActiveSessionsQuery {
  readonly numberFilterMode: NumberFilterMode;
  readonly numberFilter: string;
  /** At most this many sessions (the oldest first); undefined: all. */
  readonly count: number | undefined;
}

/** The lab's sessions in progress, oldest first, filtered by number, at the instant the engine was advanced to. */
@injectable()
export class ReadActiveSessions {
  constructor(@inject(TrafficLabs) private readonly labs: TrafficLabs) {}

  execute(
    lab: LabId,
    query: ActiveSessionsQuery,
  ): { readonly lastUpdated: Date; readonly sessions: readonly SessionSnapshot[] } {
    const { at, calls } = this.labs.sessions(lab);
    const sessions: SessionSnapshot[] = [];
    const limit = query.count ?? Number.POSITIVE_INFINITY;
    const ordered = [...calls].sort((a, b) => a.startAt - b.startAt || a.ordinal - b.ordinal);
    for (const call of ordered) {
      if (sessions.length >= limit) break;
      if (call.route?.match.action !== 'ACCEPT') continue;
      const session = sessionSnapshot(call, at);
      if (matchesNumber(session, query.numberFilterMode, query.numberFilter)) sessions.push(session);
    }
    return { lastUpdated: at, sessions };
  }
}
