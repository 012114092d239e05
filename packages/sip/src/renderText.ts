import {
  endpoint,
  endpointsOf,
  flowRows,
  flowSteps,
  formatClock,
  formatDateTime,
  formatOffset,
  orderMessages,
  wireLength,
  type CapturedMessage,
  type RenderOptions,
} from './flow.js';

/** Width of the time column ("HH:MM:SS.mmm") and the gap after it. */
const TIME_WIDTH = 12;
const TIME_GAP = 2;
/** Narrowest distance between two lanes. */
const MIN_SPACING = 20;

/**
 * A text ladder: one lane per endpoint (ip:port) in order of first appearance, a header line naming them (after
 * the time zone of the times shown), a line of lanes, then
 * one line per message: its time (HH:MM:SS.mmm at the offset) and an arrow such as `-----INVITE (SDP)----->`
 * between the two lanes. Plain ASCII apart from what the messages themselves contain; trailing spaces trimmed;
 * every line ends with LF.
 *
 * Lanes are `spacing` columns apart, where spacing = max(20, longest endpoint + 2, longest label + 6), so
 * every label fits between two neighbouring lanes with at least two dashes of arrow. An arrow that spans
 * several lanes is drawn over the lanes it crosses. A message an endpoint sends to itself is drawn to the
 * right of its lane as `|--label--+`. A note (`options.notes`) is a line of its own at its time, `[text]` just
 * right of its lane, drawn over the lanes further right.
 */
export function renderTextFlow(messages: readonly CapturedMessage[], options: RenderOptions = {}): string {
  const offset = options.timezoneOffsetSeconds ?? 0;
  const steps = flowSteps(messages);
  const lanes = endpointsOf(steps);
  const longestName = Math.max(0, ...lanes.map((l) => l.length));
  const longestLabel = Math.max(0, ...steps.map((s) => s.label.length));
  const spacing = Math.max(MIN_SPACING, longestName + 2, longestLabel + 6);
  const prefix = TIME_WIDTH + TIME_GAP;
  const centre = (i: number): number => prefix + Math.floor(longestName / 2) + i * spacing;
  const width = centre(Math.max(0, lanes.length - 1)) + spacing + 1;
  const index = new Map(lanes.map((l, i) => [l, i]));

  const out: string[] = [];
  if (options.title !== undefined && options.title !== '') out.push(options.title);
  const names = blank(width);
  put(names, 0, formatOffset(offset)); // the zone of the times below, at most 9 characters: fits the time column
  lanes.forEach((l, i) => put(names, centre(i) - Math.floor(l.length / 2), l));
  out.push(line(names));
  const rails = blank(width);
  lanes.forEach((_, i) => {
    rails[centre(i)] = '|';
  });
  out.push(line(rails));

  for (const r of flowRows(steps, options.notes)) {
    if (r.kind === 'note') {
      const row = [...rails];
      put(row, 0, formatClock(r.note.timestampMicros, offset));
      const lane = lanes.length === 0 ? prefix - 2 : centre(index.get(r.note.at ?? '') ?? 0);
      put(row, lane + 2, `[${r.note.text}]`);
      out.push(line(row));
      continue;
    }
    const s = r.step;
    const row = [...rails];
    put(row, 0, formatClock(s.timestampMicros, offset));
    const a = centre(index.get(s.from)!);
    const b = centre(index.get(s.to)!);
    if (a === b) {
      put(row, a + 1, `--${s.label}--+`);
    } else {
      const left = Math.min(a, b);
      const right = Math.max(a, b);
      put(row, left + 1, arrow(s.label, right - left - 1, b > a));
    }
    out.push(line(row));
  }
  return out.join('\n') + '\n';
}

/**
 * `----label--->` (or `<---label----`) exactly `length` characters long, the label centred; an odd dash goes to
 * the arrowhead's side, so the head never eats the only dash next to the label.
 */
function arrow(label: string, length: number, rightwards: boolean): string {
  const dashes = length - label.length;
  const before = rightwards ? Math.floor(dashes / 2) : Math.ceil(dashes / 2);
  const body = '-'.repeat(before) + label + '-'.repeat(dashes - before);
  return rightwards ? body.slice(0, -1) + '>' : '<' + body.slice(1);
}

function blank(width: number): string[] {
  return Array.from({ length: width }, () => ' ');
}

function put(row: string[], at: number, text: string): void {
  for (let i = 0; i < text.length; i++) row[at + i] = text[i]!;
}

function line(row: readonly string[]): string {
  return row.join('').trimEnd();
}

/**
 * Every message in ladder order: a header line (number, date and time at the offset with microseconds,
 * direction when known, leg when known, protocol, source -> destination, length on the wire in bytes), then the
 * message text with CRLF shown as LF and its trailing line ends dropped; messages are separated by one blank
 * line.
 */
export function renderTextMessages(messages: readonly CapturedMessage[], options: RenderOptions = {}): string {
  const offset = options.timezoneOffsetSeconds ?? 0;
  const blocks = orderMessages(messages).map((m, i) => {
    const parts = [`#${i + 1}`, `${formatDateTime(m.timestampMicros, offset)} ${formatOffset(offset)}`];
    if (m.direction) parts.push(m.direction);
    if (m.callIndex !== undefined) parts.push(`leg ${m.callIndex}`);
    parts.push(m.protocol, `${endpoint(m.sourceIp, m.sourcePort)} -> ${endpoint(m.destinationIp, m.destinationPort)}`);
    parts.push(`(${wireLength(m.text)} bytes)`);
    return `${parts.join(' ')}\n${m.text.replace(/\r\n?/g, '\n').replace(/\n+$/, '')}`;
  });
  const head = options.title !== undefined && options.title !== '' ? `${options.title}\n\n` : '';
  return blocks.length === 0 ? head : head + blocks.join('\n\n') + '\n';
}
