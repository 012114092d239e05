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
  const { parts, params, node } = conditions(lab, query);
  return {
    sql: [...parts, ...(node ? [`(inbound_node_id = ${node} OR outbound_node_id = ${node})`] : [])].join(' AND '),
    params,
  };
}

/**
 * How many calls match, as one statement. A node filter is counted as two disjoint parts (entered on the node; left
 * on it having entered elsewhere), each of which the node indexes answer alone (they include the time, result
 * and status), by an index-only scan once the table's pages are all-visible, instead of reading every matching
 * row from the table as the OR of the page query would.
 */
export function callHistoryCount(lab: LabId, query: CallHistoryQuery): Condition {
  const { parts, params, node } = conditions(lab, query);
  const where = parts.join(' AND ');
  if (!node) return { sql: `SELECT count(*)::float8 AS total FROM monitor.call_history WHERE ${where}`, params };
  return {
    sql: `SELECT ((SELECT count(*) FROM monitor.call_history WHERE ${where} AND inbound_node_id = ${node})
      + (SELECT count(*) FROM monitor.call_history WHERE ${where} AND outbound_node_id = ${node} AND inbound_node_id <> ${node}))::float8 AS total`,
    params,
  };
}

function conditions(
  lab: LabId,
  query: CallHistoryQuery,
): { parts: string[]; params: unknown[]; node: string | undefined } {
  const params: unknown[] = [lab];
  const parts = ['lab = $1'];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
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
  const node = query.nodeId !== undefined ? param(query.nodeId) : undefined;
  if (query.routeId !== undefined) parts.push(`route_id = ${param(query.routeId)}`);
  if (query.result !== undefined) parts.push(`result = ${param(query.result)}`);
  if (query.sipStatusCode !== undefined) parts.push(`sip_status_code = ${param(query.sipStatusCode)}`);
  return { parts, params, node };
}
