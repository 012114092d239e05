import { h } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import htm from 'htm';
import { ApiError, type CapturedSipMessage, type CommittedGateway, type LabGateway, type Scope } from './api.js';
import { dateAndTime, timeZone } from './format.js';
import { ladderOf, type Lane, type LadderStep } from './ladderLanes.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

/**
 * Geometry of the ladder, in CSS pixels: a lane's name in 13 px bold (about 8 px a character), its other lines in
 * 11 px monospace (about 6.7 px), the messages' labels in 12 px monospace (about 7.3 px).
 */
const NAME_CHAR = 8;
const SMALL_CHAR = 6.7;
const LABEL_CHAR = 7.3;
const TIME_COLUMN = 92;
const HEAD = 68;
const ROW = 30;
const MIN_SPACING = 150;
const MARGIN = 24;

/** hh:mm:ss.mmm of a lab instant (milliseconds) in the browser's time zone. */
function stamp(ms: number): string {
  const at = dateAndTime(new Date(ms).toISOString());
  return at ? `${at.time}.${String(ms % 1000).padStart(3, '0')}` : '';
}

/** The lanes' names, what each is and its address, over the lanes (kept in view while the ladder scrolls down). */
function LaneHeads(props: { lanes: readonly Lane[]; x: (i: number) => number; width: number }) {
  return html`<svg class="ladder-head" width=${props.width} height=${HEAD}>
    ${props.lanes.map(
      (lane, i) =>
        html`<g
          class=${`lane-head lane-${lane.side.replace(' ', '-')}`}
          data-testid="ladder-lane"
          data-node=${lane.node ?? ''}
        >
          <text class="name" x=${props.x(i)} y="15" text-anchor="middle" data-testid="lane-name"
            >${lane.node ?? lane.address}</text
          >
          <text class="detail" x=${props.x(i)} y="30" text-anchor="middle" data-testid="lane-side">${lane.side}</text>
          <text class="detail" x=${props.x(i)} y="44" text-anchor="middle" data-testid="lane-host"
            >${lane.host ?? ''}</text
          >
          <text class="detail" x=${props.x(i)} y="58" text-anchor="middle" data-testid="lane-address"
            >${lane.address}</text
          >
        </g>`,
    )}
  </svg>`;
}

/** One message: its time, and an arrow from lane to lane with the message's first words (a click shows it). */
function Arrow(props: {
  step: LadderStep;
  y: number;
  a: number;
  b: number;
  width: number;
  picked: boolean;
  onPick: () => void;
}) {
  const { step, y, a, b } = props;
  const self = a === b;
  const dir = b >= a ? 1 : -1;
  const tip = b - dir;
  return html`<g
    class=${`arrow ${step.kind}${props.picked ? ' picked' : ''}`}
    data-testid="ladder-arrow"
    role="button"
    tabindex="0"
    onClick=${props.onPick}
    onKeyDown=${(event: KeyboardEvent) => {
      if (event.key === 'Enter') props.onPick();
    }}
  >
    <title>${stamp(step.timestamp)} ${step.label}</title>
    <rect class="row" x="0" y=${y - ROW / 2} width=${props.width} height=${ROW} />
    <text class="time" x="8" y=${y + 4}>${stamp(step.timestamp)}</text>
    ${
      self
        ? html`<path d=${`M ${a} ${y - 6} h 30 v 12 h -26`} />
            <polygon points=${`${a},${y + 6} ${a + 8},${y + 2} ${a + 8},${y + 10}`} />`
        : html`<line x1=${a} y1=${y} x2=${tip - dir * 8} y2=${y} />
            <polygon points=${`${tip},${y} ${tip - dir * 9},${y - 4} ${tip - dir * 9},${y + 4}`} />`
    }
    <text class="label" x=${self ? a + 36 : (a + b) / 2} y=${y - 6} text-anchor=${self ? 'start' : 'middle'}>
      ${step.label}
    </text>
  </g>`;
}

/** How far apart the lanes are: room for the widest name, line or label, and the frame's width shared out. */
function laneSpacing(lanes: readonly Lane[], steps: readonly LadderStep[], frame: number): number {
  const widest = Math.max(
    MIN_SPACING,
    ...steps.map((s) => s.label.length * LABEL_CHAR + 24),
    ...lanes.map((l) => (l.node ?? l.address).length * NAME_CHAR + 16),
    ...lanes.map((l) => Math.max(l.side.length, (l.host ?? '').length, l.address.length) * SMALL_CHAR + 16),
  );
  const shared = (frame - TIME_COLUMN - MARGIN) / Math.max(1, lanes.length);
  return Math.max(Math.ceil(widest), Math.floor(shared));
}

/** The width of an element, followed as the window's size changes. */
function useWidth(): [(element: HTMLDivElement | null) => void, number] {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return undefined;
    const measure = () => setWidth(element.clientWidth);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [element]);
  return [setElement, width];
}

/** The ladder: lanes side by side, one row per message; it scrolls both ways inside its frame. */
function Ladder(props: { lanes: readonly Lane[]; steps: readonly LadderStep[] }) {
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const [frame, frameWidth] = useWidth();
  const { lanes, steps } = props;
  const spacing = laneSpacing(lanes, steps, frameWidth);
  const x = (i: number) => TIME_COLUMN + spacing / 2 + i * spacing;
  const width = TIME_COLUMN + Math.max(1, lanes.length) * spacing + MARGIN;
  const height = Math.max(1, steps.length) * ROW + 10;
  const message = picked === undefined ? undefined : steps[picked]?.message;
  return html`<div class="ladder-scroll" data-testid="ladder-scroll" ref=${frame}>
      <div class="ladder-heads"><${LaneHeads} lanes=${lanes} x=${x} width=${width} /></div>
      <svg class="ladder-body" width=${width} height=${height} role="img" aria-label="SIP ladder">
        ${lanes.map((_lane, i) => html`<line class="lane" x1=${x(i)} y1="0" x2=${x(i)} y2=${height} />`)}
        ${steps.map(
          (step, r) =>
            html`<${Arrow}
              key=${step.index}
              step=${step}
              y=${r * ROW + ROW / 2 + 4}
              a=${x(step.from)}
              b=${x(step.to)}
              width=${width}
              picked=${picked === r}
              onPick=${() => setPicked(picked === r ? undefined : r)}
            />`,
        )}
      </svg>
    </div>
    ${message ? html`<${MessageText} message=${message} lanes=${lanes} step=${steps[picked!]!} />` : ''}`;
}

/** The message picked in the ladder: where it went, and its text. */
function MessageText(props: { message: CapturedSipMessage; step: LadderStep; lanes: readonly Lane[] }) {
  const { message, step, lanes } = props;
  const name = (lane: Lane | undefined) => (lane ? `${lane.node ?? lane.address} (${lane.address})` : '');
  return html`<div class="sip-message" data-testid="ladder-message">
    <p class="muted">
      ${stamp(step.timestamp)} · ${message.protocol} · ${name(lanes[step.from])} → ${name(lanes[step.to])}
    </p>
    <pre>${message.message.replace(/\r\n?/g, '\n')}</pre>
  </div>`;
}

/** A call's messages (messageHistory), read once per call picked; a 401 ends the lab's session. */
function useMessages(gw: LabGateway, session: string | undefined, onUnauthenticated: (scope: Scope) => void) {
  const [state, setState] = useState<{ messages?: readonly CapturedSipMessage[]; error?: string }>({});
  useEffect(() => {
    setState({});
    if (!session) return undefined;
    let alive = true;
    gw.messageHistory(session).then(
      (messages) => {
        if (alive) setState({ messages });
      },
      (error) => {
        if (!alive) return;
        if (error instanceof ApiError && error.answer.status === 401) onUnauthenticated(error.scope);
        else setState({ error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      alive = false;
    };
  }, [gw, session]);
  return state;
}

/**
 * The SIP ladder of one call, drawn from its message history: a lane per address, named after the committed node it
 * belongs to (the gateway's side of a node, or its far end, with the far end's host and the address under the
 * name); a click on an arrow shows that message. Links to the gateway's own HTML page, the pcap and the text flow.
 */
export function CallLadder(props: {
  gw: LabGateway;
  session: string | undefined;
  nodes: CommittedGateway['nodes'] | undefined;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const { gw, session } = props;
  const loaded = useMessages(gw, session, props.onUnauthenticated);
  const ladder = useMemo(() => ladderOf(loaded.messages ?? [], props.nodes ?? []), [loaded.messages, props.nodes]);
  if (!session) {
    return html`<section class="panel wide" data-testid="ladder">
      <h2>SIP ladder</h2>
      <p class="muted">Pick a call in the call history.</p>
    </section>`;
  }
  return html`<section class="panel wide" data-testid="ladder">
    <h2>
      SIP ladder
      <span class="muted">${session}; times on the lab's clock in ${timeZone()}; pick an arrow for its message</span>
    </h2>
    <p class="links">
      <a href=${gw.messageHistoryUrl(session, 'HTML')} target="_blank" rel="noopener">open in a tab</a>
      <a href=${gw.messageHistoryUrl(session, 'pcap')}>download pcap</a>
      <a href=${gw.messageHistoryUrl(session, 'textFlow')} target="_blank" rel="noopener">text flow</a>
    </p>
    <${Problem} error=${loaded.error} />
    ${
      loaded.messages === undefined
        ? loaded.error
          ? ''
          : html`<p class="muted">Loading…</p>`
        : loaded.messages.length === 0
          ? html`<p class="muted">The gateway kept no SIP message of this call.</p>`
          : html`<${Ladder} key=${session} lanes=${ladder.lanes} steps=${ladder.steps} />`
    }
  </section>`;
}
