import { inject, injectable, optional } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { RequestJournal } from '../../application/RequestJournal.js';
import type { JournalEntry } from '../../domain/JournalEntry.js';
import { DEFAULT_JOURNAL_LIMIT as DEFAULT_LIMIT, MAX_JOURNAL_LIMIT } from '../../domain/JournalQuery.js';
import type { FaultEffectDto } from '../../../faults/interface/http/faultShapes.js';
import type { JournalEntryView, JournalView } from './JournalViews.js';
import { PeerJournals } from './PeerJournals.js';

/** The header of a request another process forwarded (checked by the HTTP edge): such a request is answered from this process alone. */
const FORWARDED = 'x-gwsim-forwarded';

/** The endpoint's path and query, as a peer is asked it. */
function requestPath(lab: string, query: Readonly<Record<string, string | undefined>>): string {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  ).toString();
  return `/_sim/labs/${encodeURIComponent(lab)}/journal${search ? `?${search}` : ''}`;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function since(raw: string | undefined): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const time = ISO_INSTANT.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(time)) {
    throw DomainError.invalid(
      'INVALID_QUERY_PARAMETER',
      "query parameter 'since' must be an ISO-8601 instant with its offset, such as 2026-03-01T08:00:00Z",
      [
        {
          field: 'since',
          rule: 'isoInstant',
          message: 'since must be an ISO-8601 instant with its offset, such as 2026-03-01T08:00:00Z',
        },
      ],
    );
  }
  return new Date(time);
}

function entryView(entry: JournalEntry): JournalEntryView {
  return {
    sequence: entry.sequence,
    time: entry.time.toISOString(),
    method: entry.method,
    path: entry.path,
    ...(entry.operation !== undefined ? { operation: entry.operation } : {}),
    ...(entry.status !== undefined ? { status: entry.status } : {}),
    ...(entry.user !== undefined ? { user: entry.user } : {}),
    latencyMs: entry.latencyMs,
    requestId: entry.requestId,
    ...(entry.fault
      ? {
          fault: {
            ruleId: entry.fault.ruleId,
            effect: entry.fault.effect as FaultEffectDto,
            ...(entry.fault.latencyMs !== undefined ? { latencyMs: entry.fault.latencyMs } : {}),
          },
        }
      : {}),
    ...(entry.gatewayFaults ? { gatewayFaults: [...entry.gatewayFaults] } : {}),
  };
}

/** GET/DELETE /_sim/labs/{lab}/journal. */
@injectable()
export class JournalController {
  constructor(
    @inject(RequestJournal) private readonly journal: RequestJournal,
    @inject(PeerJournals) @optional() private readonly peers: PeerJournals | undefined = undefined,
  ) {}

  /**
   * The lab's journal: this process's, merged with every other live process's when several share a server (each
   * entry then names the process that served it), the newest `limit` matches of them all, oldest first.
   */
  async find(request: OperationRequest): Promise<JournalView> {
    const lab = request.lab; // the router resolved `{lab}` (404 LAB_NOT_FOUND for an unknown one)
    const { query } = request;
    const given = {
      method: query.optionalString('method') || undefined,
      path: query.optionalString('path') || undefined,
      status: query.optionalString('status') || undefined,
      since: query.optionalString('since') || undefined,
    };
    const limit = query.optionalInteger('limit', 1, MAX_JOURNAL_LIMIT);
    const page = this.journal.find(lab, { ...given, since: since(given.since), limit });
    const own: JournalView = {
      lab,
      capacity: page.capacity,
      held: page.held,
      dropped: page.dropped,
      entries: page.entries.map(entryView),
    };
    if (!this.peers || request.header(FORWARDED)) return own;
    const others = await this.peers.find(
      request.principal,
      requestPath(lab, { ...given, ...(limit !== undefined ? { limit: String(limit) } : {}) }),
    );
    if (others.length === 0) return own;
    const tagged = (view: JournalView, process: string) => view.entries.map((entry) => ({ ...entry, process }));
    const entries = [
      ...tagged(own, this.journal.process),
      ...others.flatMap(({ view, process }) => tagged(view, process)),
    ].sort((x, y) => x.time.localeCompare(y.time) || x.process.localeCompare(y.process) || x.sequence - y.sequence);
    return {
      lab,
      capacity: own.capacity + others.reduce((sum, { view }) => sum + view.capacity, 0),
      held: own.held + others.reduce((sum, { view }) => sum + view.held, 0),
      dropped: own.dropped + others.reduce((sum, { view }) => sum + view.dropped, 0),
      processes: 1 + others.length,
      entries: entries.slice(Math.max(0, entries.length - (limit ?? DEFAULT_LIMIT))),
    };
  }

  async clear(request: OperationRequest): Promise<Reply> {
    const lab = request.lab; // the router resolved `{lab}` (404 LAB_NOT_FOUND for an unknown one)
    this.journal.clear(lab);
    if (this.peers && !request.header(FORWARDED)) await this.peers.clear(request.principal, requestPath(lab, {}));
    return Reply.empty();
  }
}
