import {
  endpoint,
  endpointsOf,
  flowRows,
  flowSteps,
  formatClock,
  formatDateTime,
  formatOffset,
  orderMessages,
  sipSummary,
  wireLength,
  type CapturedMessage,
  type FlowNote,
  type FlowStep,
  type RenderOptions,
} from './flow.js';

/** Geometry of the ladder, in CSS pixels. The labels use a 12 px monospace font (about 7.3 px a character). */
const CHAR = 7.3;
const TIME_COLUMN = 100;
const HEADER = 56;
const ROW = 30;
const MIN_LANE_SPACING = 190;

const STYLE = `
body{font-family:system-ui,sans-serif;margin:16px;color:#1b1b1b;background:#fff}
h1{font-size:20px;margin:0 0 4px}
h2{font-size:16px;margin:0 0 8px}
p.meta{color:#555;margin:0 0 12px}
.ladder{overflow-x:auto;border:1px solid #ddd;background:#fcfcfc}
svg{display:block;font-family:ui-monospace,monospace;font-size:12px}
svg .lane{stroke:#999;stroke-width:1;stroke-dasharray:4 3}
svg .name{font-weight:bold;fill:#1b1b1b}
svg .time{fill:#555}
svg a.arrow line,svg a.arrow path{stroke-width:1.5;fill:none}
svg a.arrow text{text-anchor:middle}
svg a.request line,svg a.request path{stroke:#1f5fbf}svg a.request polygon,svg a.request text{fill:#1f5fbf}
svg a.provisional line,svg a.provisional path{stroke:#777}svg a.provisional polygon,svg a.provisional text{fill:#555}
svg a.success line,svg a.success path{stroke:#1e7a34}svg a.success polygon,svg a.success text{fill:#1e7a34}
svg a.failure line,svg a.failure path{stroke:#b3261e}svg a.failure polygon,svg a.failure text{fill:#b3261e}
svg a.arrow:hover text{text-decoration:underline}
svg g.note circle{fill:#8a4baf}svg g.note text{fill:#8a4baf;font-style:italic}
section.message{border-top:1px solid #ddd;margin-top:16px;padding-top:12px}
section.message:target{background:#fff8d6}
table.fields{border-collapse:collapse;margin-bottom:8px;font-size:13px}
table.fields th{text-align:left;padding:2px 12px 2px 0;color:#555;font-weight:normal}
table.fields td{padding:2px 0;font-family:ui-monospace,monospace}
pre{background:#f4f4f4;border:1px solid #e0e0e0;padding:8px;overflow-x:auto;font-size:12px;margin:0}
`;

/**
 * One self-contained HTML5 page: inline CSS, no script, no external asset. An inline SVG ladder has one lane per
 * endpoint (order of first appearance) and one arrow per message (`<a class="arrow">`, labelled as in
 * `flowSteps`) linking to `#msg-N`, the message's section below (`<section class="message">`: its fields and
 * the raw message, HTML-escaped, in `<pre>`). N counts from 1 in ladder order. A note (`options.notes`) is a row
 * of its own at its time: a dot on its lane and its text (`<g class="note">`).
 */
export function renderHtml(messages: readonly CapturedMessage[], options: RenderOptions = {}): string {
  const offset = options.timezoneOffsetSeconds ?? 0;
  const ordered = orderMessages(messages);
  const steps = flowSteps(messages);
  const title = options.title !== undefined && options.title !== '' ? options.title : 'SIP message flow';
  const when =
    ordered.length === 0
      ? 'no messages'
      : `${ordered.length} message${ordered.length === 1 ? '' : 's'}, ${formatDateTime(ordered[0]!.timestampMicros, offset)} to ` +
        `${formatDateTime(ordered[ordered.length - 1]!.timestampMicros, offset)} ${formatOffset(offset)}`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="meta">${escapeHtml(when)}</p>`,
    `<div class="ladder" id="ladder">${ladderSvg(steps, options.notes ?? [], offset)}</div>`,
    ...ordered.map((m, i) => details(m, steps[i]!, i + 1, offset)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function ladderSvg(steps: readonly FlowStep[], notes: readonly FlowNote[], offset: number): string {
  const lanes = endpointsOf(steps);
  const longest = Math.max(0, ...steps.map((s) => s.label.length), ...lanes.map((l) => l.length));
  const spacing = Math.max(MIN_LANE_SPACING, Math.ceil(longest * CHAR) + 40);
  const x = (i: number): number => TIME_COLUMN + spacing / 2 + i * spacing;
  const index = new Map(lanes.map((l, i) => [l, i]));
  const noteX = (note: FlowNote): number => (lanes.length === 0 ? TIME_COLUMN : x(index.get(note.at ?? '') ?? 0));
  const rows = flowRows(steps, notes);
  const noteEnd = Math.max(0, ...notes.map((n) => noteX(n) + 12 + Math.ceil(n.text.length * CHAR) + 8));
  // room for a self-message loop, and for the notes' text
  const width = Math.max(TIME_COLUMN + Math.max(1, lanes.length) * spacing + 40, noteEnd);
  const height = HEADER + Math.max(1, rows.length) * ROW + 12;
  const parts: string[] = [
    `<svg class="flow" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="SIP ladder">`,
  ];
  lanes.forEach((l, i) => {
    parts.push(`<text class="name" x="${x(i)}" y="24" text-anchor="middle">${escapeHtml(l)}</text>`);
    parts.push(`<line class="lane" x1="${x(i)}" y1="34" x2="${x(i)}" y2="${height - 4}"/>`);
  });
  rows.forEach((row, r) => {
    const y = HEADER + r * ROW + ROW / 2;
    if (row.kind === 'note') {
      const time = formatClock(row.note.timestampMicros, offset);
      const at = noteX(row.note);
      parts.push(`<text class="time" x="8" y="${y + 4}">${time}</text>`);
      parts.push(
        `<g class="note"><title>${escapeHtml(`${time} ${row.note.text}`)}</title><circle cx="${at}" cy="${y}" r="4"/>` +
          `<text x="${at + 12}" y="${y + 4}">${escapeHtml(row.note.text)}</text></g>`,
      );
      return;
    }
    parts.push(arrowSvg(row.step, row.n, y, x(index.get(row.step.from)!), x(index.get(row.step.to)!), offset));
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/** The time and the arrow of the n-th step (from 0) at height y, from lane x a to lane x b. */
function arrowSvg(s: FlowStep, n: number, y: number, a: number, b: number, offset: number): string {
  const kind = arrowKind(s.label);
  const time = formatClock(s.timestampMicros, offset);
  const tip = escapeHtml(`${time} ${s.from} -> ${s.to}: ${s.label}`);
  let shape: string;
  let labelX: number;
  if (a === b) {
    shape = `<path d="M ${a} ${y - 6} h 30 v 12 h -26"/><polygon points="${a},${y + 6} ${a + 8},${y + 2} ${a + 8},${y + 10}"/>`;
    labelX = a + 30 + (s.label.length * CHAR) / 2 + 6;
  } else {
    const dir = b > a ? 1 : -1;
    const tipX = b - dir;
    shape =
      `<line x1="${a}" y1="${y}" x2="${tipX - dir * 8}" y2="${y}"/>` +
      `<polygon points="${tipX},${y} ${tipX - dir * 9},${y - 4} ${tipX - dir * 9},${y + 4}"/>`;
    labelX = (a + b) / 2;
  }
  return (
    `<text class="time" x="8" y="${y + 4}">${time}</text>\n` +
    `<a class="arrow ${kind}" id="step-${n + 1}" href="#msg-${n + 1}"><title>${tip}</title>${shape}` +
    `<text x="${labelX}" y="${y - 5}">${escapeHtml(s.label)}</text></a>`
  );
}

function arrowKind(label: string): 'request' | 'provisional' | 'success' | 'failure' {
  const status = /^(\d)\d\d\b/.exec(label);
  if (!status) return 'request';
  return status[1] === '1' ? 'provisional' : status[1] === '2' ? 'success' : 'failure';
}

function details(m: CapturedMessage, step: FlowStep, n: number, offset: number): string {
  const s = sipSummary(m.text);
  const rows: [string, string][] = [['Time', `${formatDateTime(m.timestampMicros, offset)} ${formatOffset(offset)}`]];
  if (m.direction) rows.push(['Direction', m.direction]);
  if (m.callIndex !== undefined) rows.push(['Leg', m.callIndex === 0 ? '0 (inbound)' : `${m.callIndex} (outbound)`]);
  rows.push(
    ['Protocol', m.protocol],
    ['Source', endpoint(m.sourceIp, m.sourcePort)],
    ['Destination', endpoint(m.destinationIp, m.destinationPort)],
    ['Length', `${wireLength(m.text)} bytes`],
  );
  if (s.kind === 'request') rows.push(['Request-URI', s.requestUri]);
  if (s.kind !== 'unknown') rows.push(['Call-ID', s.callId], ['CSeq', `${s.cseq.seq} ${s.cseq.method}`]);
  else rows.push(['Parse error', s.error]);
  return [
    `<section class="message" id="msg-${n}">`,
    `<h2>${n}. ${escapeHtml(step.label)}</h2>`,
    `<table class="fields">${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    `<pre>${escapeHtml(m.text.replace(/\r\n?/g, '\n'))}</pre>`,
    `<p><a href="#step-${n}">back to the ladder</a></p>`,
    '</section>',
  ].join('\n');
}

/** Escapes text for HTML element content and quoted attributes; control characters become U+FFFD. */
export function escapeHtml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
