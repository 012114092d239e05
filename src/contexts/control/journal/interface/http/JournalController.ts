import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { RequestJournal } from '../../application/RequestJournal.js';
import type { JournalEntry } from '../../domain/JournalEntry.js';
import { MAX_JOURNAL_LIMIT } from '../../domain/JournalQuery.js';
import type { FaultEffectDto } from '../../../faults/interface/http/faultShapes.js';
import type { JournalEntryView, JournalView } from './journalShapes.js';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function since(raw: string | undefined): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const time = ISO_INSTANT.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(time)) {
    throw DomainError.invalid('INVALID_QUERY_PARAMETER', "query parameter 'since' must be an ISO-8601 instant with its offset, such as 2026-03-01T08:00:00Z",
      [{ field: 'since', rule: 'isoInstant', message: 'since must be an ISO-8601 instant with its offset, such as 2026-03-01T08:00:00Z' }]);
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
    ...(entry.fault ? { fault: { ruleId: entry.fault.ruleId, effect: entry.fault.effect as FaultEffectDto, ...(entry.fault.latencyMs !== undefined ? { latencyMs: entry.fault.latencyMs } : {}) } } : {}),
    ...(entry.gatewayFaults ? { gatewayFaults: [...entry.gatewayFaults] } : {}),
  };
}

/** GET/DELETE /_sim/labs/{lab}/journal. */
@injectable()
export class JournalController {
  constructor(
    @inject(RequestJournal) private readonly journal: RequestJournal,
  ) {}

  async find(request: OperationRequest): Promise<JournalView> {
    const lab = request.lab; // the router resolved `{lab}` (404 LAB_NOT_FOUND for an unknown one)
    const { query } = request;
    const page = this.journal.find(lab, {
      method: query.optionalString('method') || undefined,
      path: query.optionalString('path') || undefined,
      status: query.optionalString('status') || undefined,
      since: since(query.optionalString('since')),
      limit: query.optionalInteger('limit', 1, MAX_JOURNAL_LIMIT),
    });
    return { lab, capacity: page.capacity, held: page.held, dropped: page.dropped, entries: page.entries.map(entryView) };
  }

  async clear(request: OperationRequest): Promise<Reply> {
    const lab = request.lab; // the router resolved `{lab}` (404 LAB_NOT_FOUND for an unknown one)
    this.journal.clear(lab);
    return Reply.empty();
  }
}
