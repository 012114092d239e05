import { CALL_RESULTS, type CallHistoryEntry, type CallResult } from './MonitorRecords.js';

/** How a dial string of the filter matches the stored ones. */
export const DIAL_STRING_MATCH_MODES = ['startswith', 'contains', 'exact'] as const;
export type DialStringMatchMode = (typeof DIAL_STRING_MATCH_MODES)[number];

export const DEFAULT_CALL_HISTORY_COUNT = 100;
export const MAX_CALL_HISTORY_COUNT = 10_000;

/**
 * A checked call-history filter (the wire's CallHistoryFilter, see CallHistoryFilterDto): every condition given
 * must hold. Times: from inclusive, to exclusive. A dial string matches when the inbound OR the outbound one
 * matches; nodeId matches the inbound or the outbound node. Answers are newest first (start time, then the
 * session identifier), `offset` rows skipped, at most `count`.
 */
export interface CallHistoryQuery {
  readonly startFrom?: Date;
  readonly startTo?: Date;
  readonly sessionIdentifier?: string;
  readonly systemIdentifier?: string;
  readonly sourceDialString?: string;
  readonly destinationDialString?: string;
  readonly matchMode: DialStringMatchMode;
  readonly nodeId?: string;
  readonly routeId?: string;
  readonly result?: CallResult;
  readonly sipStatusCode?: number;
  readonly offset: number;
  readonly count: number;
}

export interface CallHistoryPage {
  readonly totalCount: number;
  readonly entries: readonly CallHistoryEntry[];
}

export { CALL_RESULTS };

function matches(value: string | undefined, pattern: string, mode: DialStringMatchMode): boolean {
  if (value === undefined) return false;
  switch (mode) {
    case 'startswith':
      return value.startsWith(pattern);
    case 'contains':
      return value.includes(pattern);
    case 'exact':
      return value === pattern;
  }
}

/** The filter as a predicate: the in-memory store uses it, and the tests hold the database's answers equal to it. */
export function matchesQuery(entry: CallHistoryEntry, query: CallHistoryQuery): boolean {
  const start = entry.startDateTime.getTime();
  if (query.startFrom && start < query.startFrom.getTime()) return false;
  if (query.startTo && start >= query.startTo.getTime()) return false;
  if (query.sessionIdentifier !== undefined && entry.sessionIdentifier !== query.sessionIdentifier) return false;
  if (query.systemIdentifier !== undefined && entry.systemIdentifier !== query.systemIdentifier) return false;
  if (
    query.sourceDialString !== undefined &&
    !matches(entry.inboundSourceDialString, query.sourceDialString, query.matchMode) &&
    !matches(entry.outboundSourceDialString, query.sourceDialString, query.matchMode)
  )
    return false;
  if (
    query.destinationDialString !== undefined &&
    !matches(entry.inboundDestinationDialString, query.destinationDialString, query.matchMode) &&
    !matches(entry.outboundDestinationDialString, query.destinationDialString, query.matchMode)
  )
    return false;
  if (query.nodeId !== undefined && entry.inboundNodeId !== query.nodeId && entry.outboundNodeId !== query.nodeId)
    return false;
  if (query.routeId !== undefined && entry.routeId !== query.routeId) return false;
  if (query.result !== undefined && entry.result !== query.result) return false;
  if (query.sipStatusCode !== undefined && entry.sipStatusCode !== query.sipStatusCode) return false;
  return true;
}

/** Newest first; ties by session identifier, descending (the database orders the same way). */
export function newestFirst(a: CallHistoryEntry, b: CallHistoryEntry): number {
  const byTime = b.startDateTime.getTime() - a.startDateTime.getTime();
  if (byTime !== 0) return byTime;
  return a.sessionIdentifier < b.sessionIdentifier ? 1 : a.sessionIdentifier > b.sessionIdentifier ? -1 : 0;
}

/** Whether the query has any condition beyond paging (then the total is counted; else it is the lab's row count). */
export function hasConditions(query: CallHistoryQuery): boolean {
  return (
    query.startFrom !== undefined ||
    query.startTo !== undefined ||
    query.sessionIdentifier !== undefined ||
    query.systemIdentifier !== undefined ||
    query.sourceDialString !== undefined ||
    query.destinationDialString !== undefined ||
    query.nodeId !== undefined ||
    query.routeId !== undefined ||
    query.result !== undefined ||
    query.sipStatusCode !== undefined
  );
}
