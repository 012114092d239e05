import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LAB_PRIVATE_KEY_FILE, signLicenseFile } from '@gwsim/license-file';
import { processCpuUs } from './httpBench.js';

/**
 * The simulator under load, seen from outside: a gwsim server process (embedded store in memory, or the
 * PostgreSQL server of a URL) gets the demo configuration and a license through the API, then carries
 * `concurrent` calls at `callsPerSecond` new calls per second with every SIP message stored, for `seconds`
 * after the ramp. Reported: the p99 of GET /api/nodes/get (one request every 50 ms) under load against the same
 * requests with the simulator idle, measured in the same run before the traffic starts (target ratio under 2);
 * the server's CPU and RSS; SIP messages and calls stored per second (from the monitor's rows in /_sim/metrics)
 * and rows the monitor had to drop.
 */
export interface LoadOptions {
  readonly url: string;
  readonly pid: number | undefined;
  readonly authorization: string;
  readonly concurrent: number;
  readonly callsPerSecond: number;
  readonly seconds: number;
  readonly idleSeconds?: number;
  readonly log?: (line: string) => void;
}

export interface LoadFigures {
  readonly idleP50Ms: number;
  readonly idleP99Ms: number;
  readonly loadP50Ms: number;
  readonly loadP99Ms: number;
  readonly p99Ratio: number;
  readonly rampSeconds: number;
  readonly concurrentMin: number;
  readonly concurrentMax: number;
  readonly cpuPercent: number;
  readonly rssStartMiB: number;
  readonly rssMaxMiB: number;
  readonly messagesStoredPerSecond: number;
  readonly callsStoredPerSecond: number;
  readonly callsStartedPerSecond: number;
  readonly droppedRows: number;
  readonly failedRequests: number;
  /** messageHistory as pcap for 1,000 stored calls, one request each, after the run. */
  readonly pcapCalls: number;
  readonly pcapTotalMs: number;
  readonly pcapP50Ms: number;
  readonly pcapP95Ms: number;
  readonly pcapBytes: number;
}

const DEMO = path.resolve(__dirname, '..', '..', '..', 'demo');

function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 100) / 100;
}

/** A gateway request of a benchmark (Basic credentials); `version` for a gateway operation that is not at version 0. Throws on a non-2xx answer. */
export async function call(
  options: Pick<LoadOptions, 'url' | 'authorization'>,
  method: string,
  route: string,
  body?: { json?: unknown; file?: { name: string; content: Buffer } },
  version = 0,
): Promise<any> {
  const headers: Record<string, string> = { authorization: options.authorization };
  let payload: string | FormData | undefined;
  if (body?.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body?.file) {
    payload = new FormData();
    payload.append('file', new Blob([body.file.content]), body.file.name);
  }
  const separator = route.includes('?') ? '&' : '?';
  const url = route.startsWith('/_sim/')
    ? `${options.url}${route}`
    : `${options.url}${route}${separator}version=${version}`;
  const response = await fetch(url, { method, headers, body: payload });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** The monitor's stored rows and drops, and the simulator's calls, from the Prometheus text of /_sim/metrics. */
async function counters(
  options: LoadOptions,
): Promise<{ messages: number; calls: number; dropped: number; started: number; active: number }> {
  const response = await fetch(`${options.url}/_sim/metrics`, { headers: { authorization: options.authorization } });
  const text = await response.text();
  const sum = (pattern: RegExp) =>
    text
      .split('\n')
      .filter((l) => pattern.test(l))
      .reduce((total, l) => total + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  return {
    messages: sum(/^gwsim_sip_message_records[ {]/),
    calls: sum(/^gwsim_call_history_records[ {]/),
    dropped: sum(/^gwsim_monitor_dropped_rows_total[ {]/),
    started: sum(/^gwsim_calls_total[ {]/),
    active: sum(/^gwsim_active_sessions[ {]/),
  };
}

/** Sequential GET /api/nodes/get about every 50 ms for `seconds`: the latencies in ms and how many failed. */
function sampleNodes(options: LoadOptions, seconds: number, during?: () => void): Promise<Samples> {
  const end = performance.now() + seconds * 1000;
  return sampleNodesUntil(options, () => performance.now() >= end, during);
}

/**
 * Sequential GET /api/nodes/get about every 50 ms until `stop` says so (`during` runs after each request): the
 * latencies in ms and how many failed. See sampleTargetsUntil.
 */
export async function sampleNodesUntil(
  options: { url: string; authorization: string },
  stop: () => boolean,
  during?: () => void,
): Promise<Samples> {
  return (await sampleTargetsUntil([options], stop, during))[0]!;
}

export type Samples = { latencies: number[]; failed: number };

/**
 * GET /api/nodes/get of each target in turn, one request at a time, until `stop` says so (`during` runs after each
 * request): each target's latencies in ms and how many failed. The requests start at random instants (exponential
 * gaps, a mean of 50 ms per target: Poisson sampling, as RFC 2330 and RFC 7679 recommend), never on a fixed period:
 * a fixed one locks onto the server's own periodic work (its traffic pump runs every 50 ms, its batches every
 * 250 ms), so that a run's requests either all meet that work or all miss it, and the p99 of one run is not that of
 * the next.
 */
export async function sampleTargetsUntil(
  targets: readonly { url: string; authorization: string }[],
  stop: () => boolean,
  during?: () => void,
): Promise<Samples[]> {
  const samples = targets.map((): Samples => ({ latencies: [], failed: 0 }));
  const meanGapMs = 50 / targets.length;
  let next = performance.now();
  for (let turn = 0; !stop(); turn = (turn + 1) % targets.length) {
    const target = targets[turn]!;
    const sample = samples[turn]!;
    const started = performance.now();
    try {
      const response = await fetch(`${target.url}/api/nodes/get?version=0`, {
        headers: { authorization: target.authorization },
      });
      await response.arrayBuffer();
      if (response.ok) sample.latencies.push(performance.now() - started);
      else sample.failed += 1;
    } catch {
      sample.failed += 1;
    }
    during?.();
    // an exponential gap (capped at ten times its mean), from the previous planned instant: on average the rate
    // stays one request per 50 ms per target even when a request is slow
    next += Math.min(-Math.log(1 - Math.random()) * meanGapMs, 10 * meanGapMs);
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return samples;
}

export async function loadBench(options: LoadOptions): Promise<LoadFigures> {
  const log = options.log ?? (() => undefined);
  // The demo configuration, loaded as a user would; a license for the sessions the run needs.
  await call(options, 'PUT', '/api/coreConfig/set', {
    file: { name: 'gateway.xzconfig', content: readFileSync(path.join(DEMO, 'gateway.xzconfig')) },
  });
  await call(options, 'POST', '/api/coreConfig/commit');
  const now = new Date();
  const license = signLicenseFile(
    {
      identifier: `BENCH-${now.getTime()}`,
      name: 'load bench',
      products: ['gwsim'],
      application: 'gateway',
      requiredSystemIds: [],
      validFrom: `${new Date(now.getTime() - 3600_000).toISOString().slice(0, 19)}Z`,
      validUntil: `${new Date(now.getTime() + 86400_000).toISOString().slice(0, 19)}Z`,
      facilities: [{ name: 'telrtSession', value: Math.ceil(options.concurrent * 1.5) }],
      constraints: [],
      invalidates: [],
    },
    readFileSync(LAB_PRIVATE_KEY_FILE, 'utf8'),
  );
  await call(options, 'PUT', '/api/licenses/importFile', { file: { name: 'bench.xzlicense', content: license } });

  const idle = await sampleNodes(options, options.idleSeconds ?? 20);
  log(`  idle: ${idle.latencies.length} nodes/get, p99 ${percentile(idle.latencies, 0.99)} ms`);

  // Every call answered and held long enough for `concurrent` calls in progress at the rate (Little's law).
  const profile = JSON.parse(readFileSync(path.join(DEMO, 'traffic.json'), 'utf8')) as Record<string, unknown>;
  Object.assign(profile, {
    seed: 20261123,
    callsPerSecond: options.callsPerSecond,
    holdingTime: { distribution: 'exponential', meanSeconds: options.concurrent / options.callsPerSecond },
    outcomes: { answer: 100, busy: 0, noAnswer: 0, failure: 0, cancel: 0 },
    recordedShare: 0,
  });
  await call(options, 'PUT', '/_sim/labs/default/traffic', { json: { running: true, profile } });
  const rampStart = performance.now();
  // An exponential holding time reaches 90 % of its steady state after 2.3 mean holding times.
  for (;;) {
    const { active } = await counters(options);
    if (active >= options.concurrent * 0.9) break;
    if (performance.now() - rampStart > 1000 * ((3 * options.concurrent) / options.callsPerSecond + 60))
      throw new Error(`the ramp stalled at ${active} calls in progress`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const rampSeconds = Math.round((performance.now() - rampStart) / 1000);
  log(`  ramp: ${rampSeconds} s to ${Math.round(options.concurrent * 0.9)} calls in progress`);

  const before = await counters(options);
  const cpuBefore = processCpuUs(options.pid);
  const rssStartMiB = rssMiB(options.pid);
  let rssMaxMiB = rssStartMiB;
  let concurrentMin = before.active;
  let concurrentMax = before.active;
  let lastSample = performance.now();
  const started = performance.now();
  const load = await sampleNodes(options, options.seconds, () => {
    if (performance.now() - lastSample < 1000) return;
    lastSample = performance.now();
    rssMaxMiB = Math.max(rssMaxMiB, rssMiB(options.pid));
    void counters(options).then(
      (c) => {
        concurrentMin = Math.min(concurrentMin, c.active);
        concurrentMax = Math.max(concurrentMax, c.active);
      },
      () => undefined,
    );
  });
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = processCpuUs(options.pid);
  const after = await counters(options);
  await call(options, 'PUT', '/_sim/labs/default/traffic', { json: { running: false } });
  const pcap = await pcapExport(options, 1000);

  const idleP99Ms = percentile(idle.latencies, 0.99);
  const loadP99Ms = percentile(load.latencies, 0.99);
  return {
    idleP50Ms: percentile(idle.latencies, 0.5),
    idleP99Ms,
    loadP50Ms: percentile(load.latencies, 0.5),
    loadP99Ms,
    p99Ratio: Math.round((loadP99Ms / Math.max(idleP99Ms, 0.01)) * 100) / 100,
    rampSeconds,
    concurrentMin,
    concurrentMax,
    cpuPercent:
      cpuBefore !== undefined && cpuAfter !== undefined
        ? Math.round(((cpuAfter - cpuBefore) / (elapsed * 1e6)) * 1000) / 10
        : 0,
    rssStartMiB,
    rssMaxMiB,
    messagesStoredPerSecond: Math.round((after.messages - before.messages) / elapsed),
    callsStoredPerSecond: Math.round(((after.calls - before.calls) / elapsed) * 10) / 10,
    callsStartedPerSecond: Math.round(((after.started - before.started) / elapsed) * 10) / 10,
    droppedRows: after.dropped,
    failedRequests: idle.failed + load.failed,
    pcapCalls: pcap.calls,
    pcapTotalMs: pcap.totalMs,
    pcapP50Ms: percentile(pcap.latencies, 0.5),
    pcapP95Ms: percentile(pcap.latencies, 0.95),
    pcapBytes: pcap.bytes,
  };
}

/** The pcap of each of `count` stored calls (the newest), fetched one after the other: total time and each one's. */
async function pcapExport(
  options: LoadOptions,
  count: number,
): Promise<{ calls: number; totalMs: number; latencies: number[]; bytes: number }> {
  const history = (await call(options, 'POST', '/api/callHistory/get', { json: { count } })) as {
    entries: Array<{ sessionIdentifier: string }>;
  };
  const latencies: number[] = [];
  let bytes = 0;
  const started = performance.now();
  for (const { sessionIdentifier } of history.entries) {
    const at = performance.now();
    const response = await fetch(
      `${options.url}/api/messageHistory?version=0&resultFormat=pcap&filterSessionIdentifier=${encodeURIComponent(sessionIdentifier)}`,
      { headers: { authorization: options.authorization } },
    );
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`messageHistory pcap of ${sessionIdentifier}: ${response.status}`);
    bytes += body.byteLength;
    latencies.push(performance.now() - at);
  }
  return { calls: history.entries.length, totalMs: Math.round(performance.now() - started), latencies, bytes };
}
