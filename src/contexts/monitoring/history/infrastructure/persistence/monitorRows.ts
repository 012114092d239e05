import { ENCODED_MESSAGE_KEYS, type EncodedMessageKey } from '../../application/MessageRows.js';
import type { LabRow } from '../../application/MonitorRepository.js';
import type {
  CallHistoryEntry,
  CallResult,
  DisconnectingSide,
  DtmfEntry,
  LegRtpStatistics,
  OutboundAttempt,
  RecordingEntry,
} from '../../domain/MonitorRecords.js';
import type { StoredMessage } from '../../domain/StoredMessage.js';

export type Row = Record<string, unknown>;

/** What ES2024 adds to strings (Node 20 has it; the project's lib is ES2023). */
interface WellFormed {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/**
 * PostgreSQL text cannot hold NUL: it is kept as U+FFFD; so is a lone surrogate (UTF-8 cannot encode it, and a JSON
 * parameter naming one is refused).
 */
function text(value: string): string {
  const whole = (value as unknown as WellFormed).isWellFormed()
    ? value
    : (value as unknown as WellFormed).toWellFormed();
  return whole.includes('\u0000') ? whole.replaceAll('\u0000', '\uFFFD') : whole;
}

function optionalText(value: string | undefined): string | null {
  return value === undefined ? null : text(value);
}

function date(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function optional<T>(value: unknown): T | undefined {
  return value === null || value === undefined ? undefined : (value as T);
}

export const CALL_COLUMNS = [
  'lab',
  'session_identifier',
  'system_identifier',
  'start_date_time',
  'connect_date_time',
  'end_date_time',
  'duration_seconds',
  'inbound_node_id',
  'outbound_node_id',
  'routing_domain_id',
  'route_id',
  'inbound_source_dial_string',
  'inbound_destination_dial_string',
  'outbound_source_dial_string',
  'outbound_destination_dial_string',
  'result',
  'sip_status_code',
  'q850_cause',
  'recording_id',
  'stored_bytes',
  'details',
] as const;

/** What call_history keeps in `details` (jsonb): every field of the entry that no filter reads. */
interface CallDetails {
  readonly inboundNodeName: string;
  readonly outboundNodeName: string | null;
  readonly routeName: string | null;
  readonly sipReasonPhrase: string;
  readonly disconnectingSide: DisconnectingSide;
  readonly inbound: LegRtpStatistics | null;
  readonly outbound: LegRtpStatistics | null;
  readonly mos: number | null;
  readonly attempts: readonly OutboundAttempt[];
  /** The DTMF digits, `at` as ISO-8601 (absent in rows written before the field existed). */
  readonly dtmf?: readonly StoredDtmf[];
}

type StoredDtmf = Omit<DtmfEntry, 'at'> & { readonly at: string };

export function callParams({ lab, row: e }: LabRow<CallHistoryEntry>, bytes: number): unknown[] {
  const details: CallDetails = {
    inboundNodeName: e.inboundNodeName,
    outboundNodeName: e.outboundNodeName ?? null,
    routeName: e.routeName ?? null,
    sipReasonPhrase: e.sipReasonPhrase,
    disconnectingSide: e.disconnectingSide,
    inbound: e.inbound ?? null,
    outbound: e.outbound ?? null,
    mos: e.mos ?? null,
    attempts: e.attempts,
    ...(e.dtmf.length > 0 ? { dtmf: e.dtmf.map((d) => ({ ...d, at: d.at.toISOString() })) } : {}),
  };
  return [
    lab,
    text(e.sessionIdentifier),
    text(e.systemIdentifier),
    e.startDateTime.toISOString(),
    e.connectDateTime?.toISOString() ?? null,
    e.endDateTime.toISOString(),
    e.durationSeconds,
    text(e.inboundNodeId),
    optionalText(e.outboundNodeId),
    optionalText(e.routingDomainId),
    optionalText(e.routeId),
    text(e.inboundSourceDialString),
    text(e.inboundDestinationDialString),
    optionalText(e.outboundSourceDialString),
    optionalText(e.outboundDestinationDialString),
    e.result,
    e.sipStatusCode,
    e.q850Cause,
    optionalText(e.recordingId),
    bytes,
    JSON.stringify(details).replaceAll('\\u0000', '\\ufffd'),
  ];
}

export function callRowToEntry(r: Row): CallHistoryEntry {
  const d = (typeof r['details'] === 'string' ? JSON.parse(r['details']) : r['details']) as CallDetails;
  return {
    sessionIdentifier: r['session_identifier'] as string,
    systemIdentifier: r['system_identifier'] as string,
    startDateTime: date(r['start_date_time']),
    connectDateTime: r['connect_date_time'] === null ? undefined : date(r['connect_date_time']),
    endDateTime: date(r['end_date_time']),
    durationSeconds: Number(r['duration_seconds']),
    inboundNodeId: r['inbound_node_id'] as string,
    inboundNodeName: d.inboundNodeName,
    outboundNodeId: optional(r['outbound_node_id']),
    outboundNodeName: optional(d.outboundNodeName),
    routingDomainId: optional(r['routing_domain_id']),
    routeId: optional(r['route_id']),
    routeName: optional(d.routeName),
    inboundSourceDialString: r['inbound_source_dial_string'] as string,
    inboundDestinationDialString: r['inbound_destination_dial_string'] as string,
    outboundSourceDialString: optional(r['outbound_source_dial_string']),
    outboundDestinationDialString: optional(r['outbound_destination_dial_string']),
    result: r['result'] as CallResult,
    sipStatusCode: Number(r['sip_status_code']),
    sipReasonPhrase: d.sipReasonPhrase,
    q850Cause: Number(r['q850_cause']),
    disconnectingSide: d.disconnectingSide,
    inbound: optional(d.inbound),
    outbound: optional(d.outbound),
    mos: optional(d.mos),
    attempts: d.attempts,
    recordingId: optional(r['recording_id']),
    dtmf: (d.dtmf ?? []).map((digit) => ({ ...digit, at: new Date(digit.at) })),
  };
}

export const MESSAGE_COLUMNS = [
  'lab',
  'session_identifier',
  'system_identifier',
  'call_index',
  'timestamp_micros',
  'direction',
  'protocol',
  'source_ip_address',
  'source_port',
  'destination_ip_address',
  'destination_port',
  'message_length',
  'truncated',
  'message',
  'stored_bytes',
] as const;

/** Where each key of an encoded message row (MessageRows) goes: its column of monitor.sip_message and its SQL type. */
const ENCODED_MESSAGE_TARGETS: Readonly<
  Record<EncodedMessageKey, readonly [column: (typeof MESSAGE_COLUMNS)[number], type: string]>
> = {
  lab: ['lab', 'text'],
  sessionIdentifier: ['session_identifier', 'text'],
  systemIdentifier: ['system_identifier', 'text'],
  callIndex: ['call_index', 'integer'],
  timestampMicros: ['timestamp_micros', 'bigint'],
  direction: ['direction', 'text'],
  protocol: ['protocol', 'text'],
  sourceIpAddress: ['source_ip_address', 'text'],
  sourcePort: ['source_port', 'integer'],
  destinationIpAddress: ['destination_ip_address', 'text'],
  destinationPort: ['destination_port', 'integer'],
  messageLength: ['message_length', 'integer'],
  truncated: ['truncated', 'boolean'],
  message: ['message', 'text'],
  storedBytes: ['stored_bytes', 'integer'],
};

/**
 * The statement that stores a chunk of encoded message rows, given as JSON text in $1: every key of the rows, in the
 * order MessageRows writes them, read by json_to_recordset with its SQL type and inserted into its column.
 */
export const INSERT_ENCODED_MESSAGES_SQL = `INSERT INTO monitor.sip_message (${ENCODED_MESSAGE_KEYS.map((key) => ENCODED_MESSAGE_TARGETS[key][0]).join(', ')})
  SELECT ${ENCODED_MESSAGE_KEYS.map((key) => `m."${key}"`).join(', ')}
  FROM json_to_recordset($1::json) AS m(${ENCODED_MESSAGE_KEYS.map((key) => `"${key}" ${ENCODED_MESSAGE_TARGETS[key][1]}`).join(', ')})`;

/**
 * JSON text as JSON.stringify writes it, with the strings PostgreSQL's text cannot hold made storable: a NUL or a lone
 * surrogate (both escaped by JSON.stringify, as \u0000 and \udXXX) becomes U+FFFD, as `text` does for a parameter.
 * An escaped backslash is stepped over whole, so a backslash followed by "u0000" in the text stays as it is.
 */
export function textSafeJson(json: string): string {
  if (!json.includes('\\u0000') && !/\\ud[89a-f]/.test(json)) return json;
  return json.replace(/\\(\\|u0000|ud[89a-f][0-9a-f]{2})/g, (whole, escaped: string) =>
    escaped === '\\' ? whole : '\\ufffd',
  );
}

export function messageRowToEntry(r: Row): StoredMessage {
  return {
    sessionIdentifier: r['session_identifier'] as string,
    systemIdentifier: r['system_identifier'] as string,
    callIndex: Number(r['call_index']),
    timestampMicros: Number(r['timestamp_micros']),
    direction: r['direction'] as StoredMessage['direction'],
    protocol: r['protocol'] as StoredMessage['protocol'],
    sourceIpAddress: r['source_ip_address'] as string,
    sourcePort: Number(r['source_port']),
    destinationIpAddress: r['destination_ip_address'] as string,
    destinationPort: Number(r['destination_port']),
    message: r['message'] as string,
    messageLength: Number(r['message_length']),
    truncated: r['truncated'] === true || r['truncated'] === 't',
  };
}

export const RECORDING_COLUMNS = [
  'lab',
  'recording_id',
  'session_identifier',
  'start_date_time',
  'duration_ms',
  'codec',
  'muted_spans',
  'seed',
  'stored_bytes',
] as const;

export function recordingParams({ lab, row: r }: LabRow<RecordingEntry>, bytes: number): unknown[] {
  return [
    lab,
    text(r.recordingId),
    text(r.sessionIdentifier),
    r.startDateTime.toISOString(),
    Math.round(r.durationMs),
    text(r.codec),
    JSON.stringify(r.mutedSpans),
    r.seed,
    bytes,
  ];
}

export function recordingRowToEntry(r: Row): RecordingEntry {
  const spans = (typeof r['muted_spans'] === 'string' ? JSON.parse(r['muted_spans']) : r['muted_spans']) as Array<
    [number, number]
  >;
  return {
    recordingId: r['recording_id'] as string,
    sessionIdentifier: r['session_identifier'] as string,
    startDateTime: date(r['start_date_time']),
    durationMs: Number(r['duration_ms']),
    codec: r['codec'] as string,
    mutedSpans: spans.map(([from, to]) => [from, to] as const),
    seed: Number(r['seed']),
  };
}
