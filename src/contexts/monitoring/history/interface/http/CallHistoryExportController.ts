import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { ExportCallHistory } from '../../application/ExportCallHistory.js';
import { MAX_CALL_HISTORY_COUNT } from '../../domain/CallHistoryQuery.js';
import { EXPORT_PERIODS, type ExportPeriod } from '../../domain/ExportPeriod.js';
import type { CallHistoryEntry } from '../../domain/MonitorRecords.js';
import { callHistoryEntryView } from './CallHistoryView.js';
import { WireDates } from '../../../../../shared/interface/http/WireDates.js';

export const EXPORT_FIELDS = ['filterDateTimePeriod', 'filterCount', 'filterSystemIdentifier', 'template'] as const;
const DEFAULT_EXPORT_COUNT = 1000;
const ISO = new WireDates('ISO-8601');

function invalid(field: string, message: string): DomainError {
  return DomainError.invalid('INVALID_EXPORT_FORM', `${field} ${message}`, [{ field, message: `${field} ${message}` }]);
}

/** A session of the export's model: callHistory/get's fields and names, times as dates (`${s.startDateTime}` is ISO-8601 UTC, `?string(…)` formats it). */
export function exportSession(entry: CallHistoryEntry): object {
  return {
    ...callHistoryEntryView(entry, ISO),
    startDateTime: entry.startDateTime,
    connectDateTime: entry.connectDateTime ?? null,
    endDateTime: entry.endDateTime,
    dtmf: entry.dtmf.map((d) => ({ at: d.at, digit: d.digit, source: d.source, method: d.method })),
  };
}

/** The small page the real product answers (with 200) while the monitor cannot be reached. */
export function unreachablePage(reason: string): string {
  const escaped = reason.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Call history export</title></head>' +
    `<body><h1>No connection to the monitor</h1><p>The call history cannot be exported: there is no connection to the monitor component (${escaped}).</p></body></html>\n`
  );
}

/**
 * The call history export form: filterDateTimePeriod (TODAY, YESTERDAY, THIS_WEEK, LAST_7_DAYS, THIS_MONTH,
 * LAST_MONTH, ALL; default THIS_MONTH), filterCount (digits, 1 to 10,000; default 1,000), filterSystemIdentifier
 * (optional) and template (required). Answers the rendered text; a page saying so, with 200, while the monitor
 * cannot be reached.
 */
@injectable()
export class CallHistoryExportController {
  constructor(@inject(ExportCallHistory) private readonly exporter: ExportCallHistory) {}

  async export(request: OperationRequest): Promise<Reply> {
    const form = (request.body ?? {}) as Record<string, string>;
    const unknown = Object.keys(form).filter((name) => !(EXPORT_FIELDS as readonly string[]).includes(name));
    if (unknown.length > 0) {
      throw DomainError.invalid(
        'UNKNOWN_FIELD',
        `the export form takes ${EXPORT_FIELDS.join(', ')}; not ${unknown.slice(0, 5).join(', ')}`,
        unknown
          .slice(0, 5)
          .map((field) => ({ field, rule: 'unknown', message: `${field} is not a field of the export form` })),
      );
    }
    for (const [name, value] of Object.entries(form))
      if (typeof value !== 'string') throw invalid(name, 'must be given once');
    const period = form['filterDateTimePeriod'] || 'THIS_MONTH';
    if (!(EXPORT_PERIODS as readonly string[]).includes(period))
      throw invalid('filterDateTimePeriod', `must be one of ${EXPORT_PERIODS.join(', ')}, got '${period}'`);
    const rawCount = form['filterCount'] || String(DEFAULT_EXPORT_COUNT);
    if (!/^\d{1,6}$/.test(rawCount) || Number(rawCount) < 1 || Number(rawCount) > MAX_CALL_HISTORY_COUNT) {
      throw invalid(
        'filterCount',
        `must be a whole number from 1 to ${MAX_CALL_HISTORY_COUNT}, got '${rawCount.slice(0, 40)}'`,
      );
    }
    const systemIdentifier = form['filterSystemIdentifier'] || undefined;
    if (systemIdentifier?.includes('\u0000'))
      throw invalid('filterSystemIdentifier', 'must not contain the NUL character');
    const template = form['template'];
    if (template === undefined || template.trim() === '')
      throw invalid(
        'template',
        'is required: a FreeMarker-style template such as <#list sessions as s>${s.sessionIdentifier}\n</#list>',
      );
    const outcome = await this.exporter.execute(
      request.lab,
      { period: period as ExportPeriod, count: Number(rawCount), systemIdentifier, template },
      exportSession,
    );
    return outcome.kind === 'rendered' ? Reply.text(outcome.text) : Reply.html(unreachablePage(outcome.reason));
  }
}
