import { readFileSync } from 'node:fs';
import { performance, PerformanceObserver } from 'node:perf_hooks';

/**
 * Where a server's requests wait, seen from its main thread: a 2 ms interval notes every gap of more than 12 ms
 * between two of its ticks (the event loop could not run it), how long the main thread itself ran and how long it
 * was ready but waited for a core in that gap (Linux's /proc/<pid>/task/<pid>/schedstat, when readable), and how
 * much of the gap V8's collection pauses (the 'gc' performance entries) cover. A gap that the thread spent running
 * with no collection in it is the application's own work; one spent waiting is the machine's other threads.
 *
 * For diagnosis only (BENCH_STALLS=1): reading schedstat 500 times a second costs the server a little CPU, so the
 * figures of a run traced this way are not the bench's figures.
 */
export interface StallFigures {
  readonly gaps: number;
  readonly gapMs: number;
  readonly longestMs: number;
  /** Gaps of 12–20 ms, 20–40 ms and over 40 ms. */
  readonly byLength: readonly [number, number, number];
  /** Undefined where schedstat cannot be read. */
  readonly runningMs: number | undefined;
  readonly waitingMs: number | undefined;
  readonly gcMs: number;
  /** The median time from one gap of over 20 ms to the next (a periodic cause shows as a steady figure). */
  readonly medianSpacingMs: number | undefined;
}

const GAP_MS = 12;
const TICK_MS = 2;

function schedstat(file: string): [number, number] | undefined {
  try {
    const [run, wait] = readFileSync(file, 'latin1').split(' ');
    return [Number(run) / 1e6, Number(wait) / 1e6];
  } catch {
    return undefined;
  }
}

export function traceStalls(): () => StallFigures {
  const file = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  const gaps: { start: number; ms: number; running: number | undefined; waiting: number | undefined }[] = [];
  const pauses: [number, number][] = [];
  let last = performance.now();
  let lastStat = schedstat(file);
  const timer = setInterval(() => {
    const now = performance.now();
    const stat = lastStat && schedstat(file);
    if (now - last > GAP_MS) {
      gaps.push({
        start: last,
        ms: now - last,
        running: stat && lastStat && stat[0] - lastStat[0],
        waiting: stat && lastStat && stat[1] - lastStat[1],
      });
    }
    last = now;
    lastStat = stat;
  }, TICK_MS);
  timer.unref();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push([entry.startTime, entry.duration]);
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    clearInterval(timer);
    observer.disconnect();
    let gcMs = 0;
    for (const gap of gaps) {
      for (const [start, ms] of pauses)
        gcMs += Math.max(0, Math.min(start + ms, gap.start + gap.ms) - Math.max(start, gap.start));
    }
    const sum = (pick: (gap: (typeof gaps)[number]) => number | undefined) =>
      gaps.reduce<number | undefined>((total, gap) => {
        const value = pick(gap);
        return total === undefined || value === undefined ? undefined : total + value;
      }, 0);
    const long = gaps.filter((gap) => gap.ms > 20);
    const spacings = long
      .slice(1)
      .map((gap, i) => gap.start - long[i]!.start)
      .sort((a, b) => a - b);
    return {
      gaps: gaps.length,
      gapMs: Math.round(gaps.reduce((total, gap) => total + gap.ms, 0)),
      longestMs: Math.round(Math.max(0, ...gaps.map((gap) => gap.ms))),
      byLength: [
        gaps.filter((gap) => gap.ms <= 20).length,
        gaps.filter((gap) => gap.ms > 20 && gap.ms <= 40).length,
        gaps.filter((gap) => gap.ms > 40).length,
      ],
      runningMs: gaps.length === 0 ? 0 : sum((gap) => gap.running),
      waitingMs: gaps.length === 0 ? 0 : sum((gap) => gap.waiting),
      gcMs: Math.round(gcMs),
      medianSpacingMs: spacings.length === 0 ? undefined : Math.round(spacings[Math.floor(spacings.length / 2)]!),
    };
  };
}

/** One line of figures, for the bench server's report. */
export function describeStalls(f: StallFigures): string {
  const split =
    f.runningMs === undefined || f.waitingMs === undefined
      ? "the thread's run and wait times unknown here"
      : `the main thread running ${Math.round(f.runningMs)} ms and waiting for a core ${Math.round(f.waitingMs)} ms in them`;
  return (
    `${f.gaps} event-loop gaps over ${GAP_MS} ms (${f.byLength[0]} up to 20 ms, ${f.byLength[1]} up to 40 ms, ${f.byLength[2]} longer; longest ${f.longestMs} ms), ` +
    `${f.gapMs} ms in all: ${split}, collection pauses ${f.gcMs} ms of them; gaps over 20 ms ${f.medianSpacingMs === undefined ? 'too few to space' : `${f.medianSpacingMs} ms apart at the median`}`
  );
}
