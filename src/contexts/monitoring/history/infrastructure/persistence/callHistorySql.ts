import type { LabId } from '../../../../../shared/domain/LabId.js';
import type { CallHistoryQuery, DialStringMatchMode } from '../../domain/CallHistoryQuery.js';

/** A WHERE clause with its parameters. */
export interface Condition {
  readonly sql: string;
  readonly params: unknown[];
}

/** A LIKE pattern for the match mode, the user's text escaped (\ % _ are literal). */
function likePattern(text: string, mode: DialStringMatchMode): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return mode === 'startswith' ? `${escaped}%` : `%${escaped}%`;
}

/**
 * The filter as SQL over monitor.call_history. A dial string matches the inbound OR the outbound one: a prefix
 * (`startswith`) is a LIKE each text_pattern_ops index answers (planned with the value, so the index is used),
 * `exact` an equality, `contains` a scan of the lab's rows.
 */
export function callHistoryCondition(lab: LabId, query: CallHistoryQuery): Condition {
  const params: unknown[] = [lab];
  const parts = ['lab = $1'];
  const param = (value: unknown): string => { params.push(value); return `$${params.length}`; };
  if (query.startFrom) parts.push(`start_date_time >= ${param(query.startFrom.toISOString())}`);
  if (query.startTo) parts.push(`start_date_time < ${param(query.startTo.toISOString())}`);
  if (query.sessionIdentifier !== undefined) parts.push(`session_identifier = ${param(query.sessionIdentifier)}`);
  if (query.systemIdentifier !== undefined) parts.push(`system_identifier = ${param(query.systemIdentifier)}`);
  for (const [text, inbound, outbound] of [
    [query.sourceDialString, 'inbound_source_dial_string', 'outbound_source_dial_string'],
    [query.destinationDialString, 'inbound_destination_dial_string', 'outbound_destination_dial_string'],
  ] as const) {
    if (text === undefined) continue;
    if (query.matchMode === 'exact') {
      const p = param(text);
      parts.push(`(${inbound} = ${p} OR ${outbound} = ${p})`);
    } else {
      const p = param(likePattern(text, query.matchMode));
      parts.push(`(${inbound} LIKE ${p} OR ${outbound} LIKE ${p})`);
    }
  }
  if (query.nodeId !== undefined) {
    const p = param(query.nodeId);
    parts.push(`(inbound_node_id = ${p} OR outbound_node_id = ${p})`);
  }
  if (query.routeId !== undefined) parts.push(`route_id = ${param(query.routeId)}`);
  if (query.result !== undefined) parts.push(`result = ${param(query.result)}`);
  if (query.sipStatusCode !== undefined) parts.push(`sip_status_code = ${param(query.sipStatusCode)}`);
  return { sql: parts.join(' AND '), params };
}
