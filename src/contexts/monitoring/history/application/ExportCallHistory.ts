import { inject, injectable } from 'inversify';
import { compileTemplate, TemplateError, type Template } from '@gwsim/ftl';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { CallHistoryEntry } from '../domain/MonitorRecords.js';
import { periodWindow, type ExportPeriod } from '../domain/ExportPeriod.js';
import { MonitorAvailability } from './MonitorAvailability.js';
import { MonitorRepository } from './MonitorRepository.js';

export interface ExportRequest {
  readonly period: ExportPeriod;
  readonly count: number;
  readonly systemIdentifier: string | undefined;
  readonly template: string;
}

/** What the export tells its caller: the rendered text, or that the monitor cannot be reached (the real product then answers a page). */
export type ExportOutcome =
  { readonly kind: 'rendered'; readonly text: string } | { readonly kind: 'unreachable'; readonly reason: string };

function templateError(error: TemplateError): DomainError {
  return DomainError.invalid('INVALID_TEMPLATE', `template: ${error.message}`, [
    {
      field: 'template',
      rule: 'template',
      message: `line ${error.line}, column ${error.column}: ${error.description}`,
    },
  ]);
}

/**
 * The call history export: the calls of a period (newest first, at most `count`, one system's when asked)
 * rendered through the caller's FreeMarker-style template over `{ sessions: [...] }`, each session a plain object
 * of the entry's fields (times as dates). A template that does not compile or render is a 400 naming `template`
 * with its line and column.
 */
@injectable()
export class ExportCallHistory {
  constructor(
    @inject(MonitorRepository) private readonly store: MonitorRepository,
    @inject(MonitorAvailability) private readonly availability: MonitorAvailability,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(
    lab: LabId,
    request: ExportRequest,
    session: (entry: CallHistoryEntry) => object,
  ): Promise<ExportOutcome> {
    let template: Template;
    try {
      template = compileTemplate(request.template);
    } catch (error) {
      if (error instanceof TemplateError) throw templateError(error);
      throw error;
    }
    const status = this.availability.status(lab);
    if (!status.reachable) return { kind: 'unreachable', reason: status.reason };
    const window = periodWindow(request.period, this.clock.now());
    let entries: readonly CallHistoryEntry[];
    try {
      ({ entries } = await this.store.queryCalls(lab, {
        startFrom: window.from,
        startTo: window.to,
        systemIdentifier: request.systemIdentifier,
        matchMode: 'startswith',
        offset: 0,
        count: request.count,
      }));
    } catch (error) {
      const now = this.availability.status(lab);
      if (!now.reachable) return { kind: 'unreachable', reason: now.reason };
      throw error;
    }
    try {
      return { kind: 'rendered', text: template.render({ sessions: entries.map(session) }) };
    } catch (error) {
      if (error instanceof TemplateError) throw templateError(error);
      throw error;
    }
  }
}
