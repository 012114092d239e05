import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import htm from 'htm';
import uPlot from 'uplot';

const html = htm.bind(h);

export interface SeriesChartProps {
  readonly title: string;
  /** Seconds since the epoch, one per point. */
  readonly times: readonly number[];
  readonly values: readonly number[];
  /** The time axis, in seconds since the epoch (the last hour up to the lab's time). */
  readonly from: number;
  readonly until: number;
  readonly unit: string;
  readonly color: string;
  readonly testId: string;
}

/** A line chart of one series over time (uPlot), redrawn in place when its data changes. */
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
  const last = props.values.at(-1);
  return html`<figure class="chart" data-testid=${props.testId}>
    <figcaption>
      ${props.title}
      <span class="muted"
        >${last === undefined ? 'no traffic yet' : `now ${Number.isInteger(last) ? last : last.toFixed(2)} ${props.unit}`}</span
      >
    </figcaption>
    <div ref=${host} class="chart-area"></div>
  </figure>`;
}
