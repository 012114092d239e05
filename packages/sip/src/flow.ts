/**
 * The flow of a captured SIP exchange: the captured message, its summary, its ladder label, and the one order
 * every renderer uses (capture time, ties kept in input order).
 */
import { header, parseCSeq, type CSeq } from './message.js';
import { parseSip } from './parse.js';

/** One SIP message as captured on the wire. */
export interface CapturedMessage {
  /** Microseconds since the epoch. */
  readonly timestampMicros: number;
  readonly protocol: 'UDP' | 'TCP' | 'TLS' | 'WS' | 'WSS';
  readonly sourceIp: string;
  readonly sourcePort: number;
  readonly destinationIp: string;
  readonly destinationPort: number;
  /** The SIP message exactly as on the wire. */
  readonly text: string;
  /** From the gateway's point of view. */
  readonly direction?: 'received' | 'sent';
  /** The call leg: 0 inbound, 1.. outbound attempts. */
  readonly callIndex?: number;
}

export interface RenderOptions {
  /** A title printed above the ladder (text) or as the page title (HTML). */
  title?: string;
  /** Offset from UTC of the times shown, in seconds (default 0: UTC). */
  timezoneOffsetSeconds?: number;
  /** Rows of the ladder that are no message (e.g. a DTMF digit seen in the media), each at its time. */
  notes?: readonly FlowNote[];
}

/** A row of the ladder that is no message: something that happened at an instant, beside an endpoint's lane. */
export interface FlowNote {
  /** Microseconds since the epoch. */
  readonly timestampMicros: number;
  /** The lane ("ip:port", as the steps name the endpoints) the note stands at; unknown or absent: the first lane. */
  readonly at?: string;
  readonly text: string;
}

/** One row of the ladder: the n-th step (n from 0, in ladder order), or a note. */
export type FlowRow =
  | { readonly kind: 'step'; readonly step: FlowStep; readonly n: number }
  | { readonly kind: 'note'; readonly note: FlowNote };

/** One arrow of the ladder. */
export interface FlowStep {
  timestampMicros: number;
  /** "ip:port" of the sender. */
  from: string;
  /** "ip:port" of the receiver. */
  to: string;
  /** `INVITE`, `180 Ringing`, with ` (SDP)` appended when the body is SDP. */
  label: string;
}

export type SipSummary =
  | { kind: 'request'; method: string; requestUri: string; callId: string; cseq: CSeq; sdp: boolean }
  | { kind: 'response'; status: number; reason: string; callId: string; cseq: CSeq; sdp: boolean }
  | { kind: 'unknown'; startLine: string; error: string };

/**
 * What a message is, read with the package's parser. Malformed text gives `kind: 'unknown'` with the first line
 * and the parser's complaint; it never throws.
 */
export function sipSummary(text: string): SipSummary {
  try {
    const m = parseSip(text);
    const callId = header(m, 'Call-ID') ?? '';
    const cseq = parseCSeq(header(m, 'CSeq') ?? '');
    const type = (header(m, 'Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    const sdp = m.body.length > 0 && type === 'application/sdp';
    return m.kind === 'request'
      ? { kind: 'request', method: m.method, requestUri: m.uri, callId, cseq, sdp }
      : { kind: 'response', status: m.status, reason: m.reason, callId, cseq, sdp };
  } catch (e) {
    return { kind: 'unknown', startLine: firstLine(text), error: e instanceof Error ? e.message : String(e) };
  }
}

/** The ladder label of a message: method, or status and reason, plus ` (SDP)` for an SDP body. */
export function stepLabel(text: string): string {
  const s = sipSummary(text);
  if (s.kind === 'request') return s.method + (s.sdp ? ' (SDP)' : '');
  if (s.kind === 'response') return `${s.status} ${s.reason}`.trim() + (s.sdp ? ' (SDP)' : '');
  // Not parseable as a whole: label it by its start line when that looks like SIP, else say so.
  const status = /^SIP\/2\.0 (\d{3})(?: (.*))?$/.exec(s.startLine);
  if (status) return `${status[1]} ${status[2] ?? ''}`.trim();
  const request = /^([A-Za-z]+) \S+ SIP\/2\.0$/.exec(s.startLine);
  if (request) return request[1]!;
  return '(malformed)';
}

/** The messages in the order every renderer uses: by capture time, ties in input order. */
export function orderMessages(messages: readonly CapturedMessage[]): CapturedMessage[] {
  return messages
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.timestampMicros - b.m.timestampMicros || a.i - b.i)
    .map((x) => x.m);
}

/** One step per message, in capture-time order (stable). */
export function flowSteps(messages: readonly CapturedMessage[]): FlowStep[] {
  return orderMessages(messages).map((m) => ({
    timestampMicros: m.timestampMicros,
    from: endpoint(m.sourceIp, m.sourcePort),
    to: endpoint(m.destinationIp, m.destinationPort),
    label: stepLabel(m.text),
  }));
}

/**
 * The steps and the notes in one time order: the notes by time (ties in input order), each after the steps of the
 * same instant and before the later ones.
 */
export function flowRows(steps: readonly FlowStep[], notes: readonly FlowNote[] = []): FlowRow[] {
  const sorted = notes
    .map((note, i) => ({ note, i }))
    .sort((a, b) => a.note.timestampMicros - b.note.timestampMicros || a.i - b.i)
    .map((x) => x.note);
  const rows: FlowRow[] = [];
  let next = 0;
  steps.forEach((step, n) => {
    while (next < sorted.length && sorted[next]!.timestampMicros < step.timestampMicros)
      rows.push({ kind: 'note', note: sorted[next++]! });
    rows.push({ kind: 'step', step, n });
  });
  while (next < sorted.length) rows.push({ kind: 'note', note: sorted[next++]! });
  return rows;
}

/** The endpoints of the steps in order of first appearance (sender before receiver). */
export function endpointsOf(steps: readonly FlowStep[]): string[] {
  const seen = new Set<string>();
  for (const s of steps) {
    seen.add(s.from);
    seen.add(s.to);
  }
  return [...seen];
}

export function endpoint(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

function firstLine(text: string): string {
  const trimmed = text.replace(/^(\r?\n)+/, '');
  const end = trimmed.search(/\r?\n/);
  return end < 0 ? trimmed : trimmed.slice(0, end);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Splits a capture time, shifted by the offset, into calendar fields (UTC arithmetic on the shifted time). */
function shifted(timestampMicros: number, offsetSeconds: number): { date: Date; millis: number } {
  const ms = Math.floor(timestampMicros / 1000) + Math.round(offsetSeconds) * 1000;
  return { date: new Date(ms), millis: ((ms % 1000) + 1000) % 1000 };
}

/** HH:MM:SS.mmm at the offset. */
export function formatClock(timestampMicros: number, offsetSeconds = 0): string {
  const { date, millis } = shifted(timestampMicros, offsetSeconds);
  return `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}.${String(millis).padStart(3, '0')}`;
}

/** YYYY-MM-DD HH:MM:SS.uuuuuu at the offset (microseconds kept). */
export function formatDateTime(timestampMicros: number, offsetSeconds = 0): string {
  const { date } = shifted(timestampMicros, offsetSeconds);
  const micros = ((Math.floor(timestampMicros) % 1_000_000) + 1_000_000) % 1_000_000;
  return (
    `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())} ` +
    `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}.${String(micros).padStart(6, '0')}`
  );
}

/** "UTC", "UTC+02:00", "UTC-05:30". */
export function formatOffset(offsetSeconds = 0): string {
  if (Math.round(offsetSeconds) === 0) return 'UTC';
  const total = Math.round(Math.abs(offsetSeconds) / 60);
  return `UTC${offsetSeconds < 0 ? '-' : '+'}${pad2(Math.floor(total / 60))}:${pad2(total % 60)}`;
}

/** Length of the message on the wire, in bytes (UTF-8). */
export function wireLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
