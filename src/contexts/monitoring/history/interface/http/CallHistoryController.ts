import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { parseWireDate } from '../../../../../shared/interface/http/WireDates.js';
import { QueryCallHistory } from '../../application/QueryCallHistory.js';
import { DEFAULT_CALL_HISTORY_COUNT, type CallHistoryQuery } from '../../domain/CallHistoryQuery.js';
import { CallHistoryFilterDto } from './CallHistoryFilterDto.js';
import { callHistoryEntryView, type CallHistoryView } from './CallHistoryView.js';

function time(field: string, text: string | null | undefined): Date | undefined {
  if (text === null || text === undefined) return undefined;
  const date = parseWireDate(text);
  if (!date) {
    throw DomainError.invalid(
      'INVALID_CALL_HISTORY_FILTER',
      `${field} must be a time such as 2026-03-01T08:00:00Z or UTC 2026-03-01 08:00:00, got '${text}'`,
      [{ field, rule: 'isDate', message: `${field} must be an ISO-8601 time or UTC yyyy-mm-dd hh:mm:ss` }],
    );
  }
  return date;
}

/** The filter of the wire as the store's query; times checked (400 naming the field). */
export function callHistoryQuery(dto: CallHistoryFilterDto): CallHistoryQuery {
  const startFrom = time('startDateTimeFrom', dto.startDateTimeFrom);
  const startTo = time('startDateTimeTo', dto.startDateTimeTo);
  if (startFrom && startTo && startFrom.getTime() > startTo.getTime()) {
    throw DomainError.invalid(
      'INVALID_CALL_HISTORY_FILTER',
      'startDateTimeFrom must not be later than startDateTimeTo',
      [
        {
          field: 'startDateTimeTo',
          rule: 'order',
          message: 'startDateTimeTo must not be earlier than startDateTimeFrom',
        },
      ],
    );
  }
  const optional = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
  return {
    startFrom,
    startTo,
    sessionIdentifier: optional(dto.sessionIdentifier),
    systemIdentifier: optional(dto.systemIdentifier),
    sourceDialString: optional(dto.sourceDialString),
    destinationDialString: optional(dto.destinationDialString),
    matchMode: dto.dialStringMatchMode ?? 'startswith',
    nodeId: optional(dto.nodeId),
    routeId: optional(dto.routeId),
    result: optional(dto.result),
    sipStatusCode: optional(dto.sipStatusCode),
    offset: dto.offset ?? 0,
    count: dto.count ?? DEFAULT_CALL_HISTORY_COUNT,
  };
}

@injectable()
export class CallHistoryController {
  constructor(@inject(QueryCallHistory) private readonly query: QueryCallHistory) {}

  async get(request: OperationRequest): Promise<CallHistoryView> {
    const filter = callHistoryQuery(validateDto(CallHistoryFilterDto, request.body ?? {}));
    const page = await this.query.execute(request.lab, filter);
    return {
      totalCount: page.totalCount,
      entries: page.entries.map((entry) => callHistoryEntryView(entry, request.dates)),
    };
  }
}
