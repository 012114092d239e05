import { h } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import uPlot from 'uplot';
import type { LabGateway, Scope } from './api.js';
import { usePoll } from './hooks.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

export interface SeriesChartProps {
  readonly title: string;
  /** Seconds since the epoch, one per point. */
  readonly times: readonly number[];
  readonly values: readonly number[];
  /** The time axis, in seconds since the epoch (the window chosen, up to the lab's time). */
  readonly from: number;
  readonly until: number;
  readonly unit: string;
  readonly color: string;
  readonly testId: string;
}

/** A line chart of one series over time (uPlot), redrawn in place when its data or its window changes. */
export function SeriesChart(props: SeriesChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const range = useRef<[number, number]>([props.from, props.until]);
  range.current = [props.from, props.until];
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const width = Math.max(280, element.clientWidth);
    plot.current = new uPlot(
      {
        width,
        height: 180,
        legend: { show: false },
        scales: {
          x: { time: true, range: () => range.current },
          y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.15)] },
        },
        axes: [
          {
            stroke: '#5b6470',
            values: (_u, ticks) =>
              ticks.map((tick) =>
                new Date(tick * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false }),
              ),
          },
          { stroke: '#5b6470', size: 48, label: props.unit },
        ],
        series: [
          {},
          { label: props.title, stroke: props.color, width: 2, fill: `${props.color}22`, points: { show: false } },
        ],
      },
      [[...props.times], [...props.values]],
      element,
    );
    const resize = () => plot.current?.setSize({ width: Math.max(280, element.clientWidth), height: 180 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.current?.destroy();
      plot.current = null;
    };
  }, []);
  useEffect(() => {
    plot.current?.setData([[...props.times], [...props.values]]);
  }, [props.times, props.values]);
  useEffect(() => {
    plot.current?.setScale('x', { min: props.from, max: props.until });
  }, [props.from, props.until]);
  const last = props.values.at(-1);
  return html`<figure
    class="chart"
    data-testid=${props.testId}
    data-from=${props.from}
    data-until=${props.until}
    data-points=${props.times.length}
  >
    <figcaption>
      ${props.title}
      <span class="muted"
        >${last === undefined ? 'no traffic yet' : `now ${Number.isInteger(last) ? last : last.toFixed(2)} ${props.unit}`}</span
      >
    </figcaption>
    <div ref=${host} class="chart-area"></div>
  </figure>`;
}

/** The windows the charts offer, in minutes of the lab's time. */
const WINDOWS = [5, 15, 60] as const;
const WINDOW_KEY = 'gwsim-console-chart-minutes';

/** The window chosen (kept for the browser), 5 minutes at first: what the lab did so far fills the chart at once. */
function useChartWindow(): [number, (minutes: number) => void] {
  const [minutes, setMinutes] = useState<number>(() => {
    const kept = Number(localStorage.getItem(WINDOW_KEY));
    return (WINDOWS as readonly number[]).includes(kept) ? kept : WINDOWS[0];
  });
  const choose = (chosen: number) => {
    localStorage.setItem(WINDOW_KEY, String(chosen));
    setMinutes(chosen);
  };
  return [minutes, choose];
}

/**
 * Calls per second and concurrent sessions over the window chosen (5, 15 or 60 minutes up to the lab's time),
 * refreshed every five seconds: the time axis spans the whole window, and the series fills it as the lab runs.
 */
export function TrafficCharts(props: { gw: LabGateway; onUnauthenticated: (scope: Scope) => void }) {
  const [minutes, setMinutes] = useChartWindow();
  const polled = usePoll(() => props.gw.trafficSeries(minutes), 5000, props.onUnauthenticated);
  const shown = useRef(minutes);
  useEffect(() => {
    if (shown.current === minutes) return;
    shown.current = minutes;
    polled.reload();
  }, [minutes]);
  const points = polled.data?.points ?? [];
  const times = useMemo(() => points.map((p) => new Date(p.time).getTime() / 1000), [polled.data]);
  const perSecond = useMemo(() => points.map((p) => p.callsPerSecond), [polled.data]);
  const concurrent = useMemo(() => points.map((p) => p.concurrentSessions), [polled.data]);
  const until = polled.data ? new Date(polled.data.time).getTime() / 1000 : Date.now() / 1000;
  const from = until - minutes * 60;
  const chart = { times, from, until };
  return html`<section class="panel charts" data-testid="charts">
    <h2>
      Traffic, last ${minutes === 60 ? 'hour' : `${minutes} minutes`}
      <span class="muted"
        >${polled.data ? `of the lab's time, ${polled.data.intervalSeconds}-second intervals` : ''}</span
      >
      <span class="segmented" role="radiogroup" aria-label="chart window" data-testid="chart-window">
        ${WINDOWS.map(
          (choice) =>
            html`<button
              type="button"
              role="radio"
              aria-checked=${choice === minutes}
              class=${choice === minutes ? 'selected' : ''}
              data-minutes=${choice}
              onClick=${() => setMinutes(choice)}
            >
              ${choice} min
            </button>`,
        )}
      </span>
    </h2>
    <${Problem} error=${polled.error} />
    <div class="chart-row">
      <${SeriesChart}
        title="Calls per second"
        unit="calls/s"
        color="#2f6fdb"
        values=${perSecond}
        testId="chart-calls"
        ...${chart}
      />
      <${SeriesChart}
        title="Concurrent sessions"
        unit="sessions"
        color="#1b998b"
        values=${concurrent}
        testId="chart-sessions"
        ...${chart}
      />
    </div>
  </section>`;
}
