import { performance } from 'node:perf_hooks';
import { freeUdpPort } from '../support/sip/sipp.js';
import { mainThreadSchedNs, processCpuUs } from './httpBench.js';
import { call, percentile, sampleTargetsUntil, type Samples } from './loadBench.js';
import { configureSipGateway, type SipGatewayPorts } from './sipGateway.js';
import { sipLoad, type SipLoadFigures } from './sipLoad.js';

/**
 * Real SIP through the back-to-back user agent, seen from outside: a gwsim server process gets two nodes (a PBX
 * whose port SIPp's UAC calls, and a far PBX whose peer is SIPp's UAS), a route between them, a license and SIP
 * switched on, all through the API; SIPp then offers `rate` calls per second for `seconds` (INVITE, 100, 180, 200,
 * ACK, BYE, 200 on each leg, the media anchored on the gateway's RTP ports, every message stored). Reported: calls
 * attempted, completed and failed, the rate achieved, the server's CPU, and the p99 of GET /api/nodes/get (a
 * request about every 50 ms, at random instants: see sampleTargetsUntil) under that load against the same requests
 * idle, measured in the same run before the calls start and for as long as the load by default, so that both p99s
 * rest on as many requests (3,600 for 3 minutes) (target ratio under 2). Each phase's p99 is also given per 1,200
 * requests (about a minute): how much it moves within a run.
 * The same SIPp pair calling each other directly, in the same run, is the baseline of the rate; the requests'
 * p99 meanwhile shows what SIPp's own CPU costs them on this machine, the gateway idle.
 * Two servers beside it, sampled in every phase, give the load's cost to requests that carry none of it: a bare Koa
 * server (any server on this machine), and a second gwsim process with no calls (the best a gateway whose API were
 * apart from its calls could do here: its own request path, none of the calls' work on its threads).
 */
export interface SipBenchOptions {
  readonly url: string;
  readonly pid: number | undefined;
  readonly authorization: string;
  readonly rate: number;
  readonly seconds: number;
  /** How long the API is sampled idle (the baseline); the load phase's length by default. */
  readonly idleSeconds?: number;
  /** How long SIPp calls itself (the rate's baseline); the load phase's length by default. */
  readonly directSeconds?: number;
  /**
   * A bare Koa server in a process of its own: sampled alongside the gateway in every phase (the two taking turns,
   * never both at once), it shows what the load costs any server's requests on this machine, the gateway's work aside.
   */
  readonly bareUrl?: string;
  /** A second gwsim process that carries no calls: sampled alongside like the bare server (same authorization). */
  readonly idleGatewayUrl?: string;
  readonly log?: (line: string) => void;
  /** The gateway already configured for SIPp (configureSipGateway); configured here when absent. */
  readonly ports?: SipGatewayPorts;
}

export interface SipBenchFigures {
  readonly direct: SipLoadFigures;
  readonly gateway: SipLoadFigures;
  readonly idleP99Ms: number;
  readonly loadP99Ms: number;
  /** The same requests' p99 while SIPp called itself (the gateway idle, the machine's cores shared with SIPp). */
  readonly besideDirectP99Ms: number;
  readonly p99Ratio: number;
  /** The p99 of each run of about 1,200 requests (about a minute) of the idle and the load phases: their spread within the run. */
  readonly idleP99PerMinuteMs: readonly number[];
  readonly loadP99PerMinuteMs: readonly number[];
  readonly cpuPercent: number;
  /**
   * The server's main thread, in ms per second of each phase (Linux): how long it ran and how long it waited for a
   * core. It shows how fast the machine is for the same work (runs of the bench on different machines compare by it).
   */
  readonly mainThread?: { readonly idle: MainThreadMs; readonly load: MainThreadMs };
  readonly failedRequests: number;
  /** The bare server's p99s (undefined without bareUrl); its failures count in failedRequests. */
  readonly bare?: BesideFigures;
  /** The second, idle gwsim's p99s (undefined without idleGatewayUrl); its failures count in failedRequests. */
  readonly idleGateway?: BesideFigures;
}

/** A server sampled beside the gateway: its p99 in each phase (its own idle, SIPp calling itself, the gateway's SIP load). */
export interface BesideFigures {
  readonly idleP99Ms: number;
  readonly besideDirectP99Ms: number;
  readonly loadP99Ms: number;
}

export interface MainThreadMs {
  readonly runMsPerS: number;
  readonly waitMsPerS: number;
}

/** `work`'s result, and what the process's main thread ran and waited meanwhile, per second (undefined off Linux). */
async function schedDuring<T>(pid: number | undefined, work: () => Promise<T>): Promise<[T, MainThreadMs | undefined]> {
  const before = mainThreadSchedNs(pid);
  const started = performance.now();
  const result = await work();
  const after = mainThreadSchedNs(pid);
  if (!before || !after) return [result, undefined];
  const seconds = (performance.now() - started) / 1000;
  const perS = (ns: number) => Math.round(ns / 1e6 / seconds);
  return [result, { runMsPerS: perS(after.runNs - before.runNs), waitMsPerS: perS(after.waitNs - before.waitNs) }];
}

/** Samples of the gateway and of the servers beside it, if any. */
export interface PhaseSamples {
  readonly gateway: Samples;
  readonly bare: Samples | undefined;
  readonly idleGateway: Samples | undefined;
}

/** The gateway's samples and those of the servers beside it, until `stop` (one request at a time, taking turns). */
export async function sampleUntil(options: SipBenchOptions, stop: () => boolean): Promise<PhaseSamples> {
  const beside = (url: string | undefined) =>
    url === undefined ? [] : [{ url, authorization: options.authorization }];
  const targets = [options, ...beside(options.bareUrl), ...beside(options.idleGatewayUrl)];
  const samples = await sampleTargetsUntil(targets, stop);
  return {
    gateway: samples[0]!,
    bare: options.bareUrl === undefined ? undefined : samples[1],
    idleGateway: options.idleGatewayUrl === undefined ? undefined : samples[options.bareUrl === undefined ? 1 : 2],
  };
}

/** A server's p99 in the three phases, when it was sampled in all of them. */
function besideFigures(
  idle: Samples | undefined,
  direct: Samples | undefined,
  load: Samples | undefined,
): BesideFigures | undefined {
  if (!idle || !direct || !load) return undefined;
  return {
    idleP99Ms: percentile(idle.latencies, 0.99),
    besideDirectP99Ms: percentile(direct.latencies, 0.99),
    loadP99Ms: percentile(load.latencies, 0.99),
  };
}

/** The p99 of each run of about 1,200 samples (about a minute at one every 50 ms; the runs share the samples evenly). */
function p99PerMinute(latencies: readonly number[]): number[] {
  const runs = Math.max(1, Math.round(latencies.length / 1200));
  return Array.from({ length: runs }, (_, i) =>
    percentile(
      latencies.slice(Math.floor((i * latencies.length) / runs), Math.floor(((i + 1) * latencies.length) / runs)),
      0.99,
    ),
  );
}

/**
 * Runs `work` while sampling the API and the servers beside it, if any (sampleUntil): its result, and the samples
 * taken until it ended.
 */
async function sampledDuring<T>(options: SipBenchOptions, work: () => Promise<T>): Promise<[T, PhaseSamples]> {
  let done = false;
  const sampling = sampleUntil(options, () => done);
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
  }
  return [result, await sampling];
}

/** How long the servers are sampled, unmeasured, before the first phase. */
const WARM_UP_MS = 10_000;

export async function sipBench(options: SipBenchOptions): Promise<SipBenchFigures> {
  const log = options.log ?? (() => undefined);
  const { pbxPort, uasPort } = options.ports ?? (await configureSipGateway(options));
  const directPort = await freeUdpPort();

  // Every server answers requests for a while before anything is measured: in a process just started the first
  // requests run cold (compilation, first allocations), and enough of them to move a p99 would land in the first phase.
  const warmUntil = performance.now() + WARM_UP_MS;
  await sampleUntil(options, () => performance.now() > warmUntil);

  // the baseline: the same SIPp pair calling each other directly
  const directSeconds = options.directSeconds ?? options.seconds;
  log(`  SIPp UAC → SIPp UAS directly, ${options.rate} calls/s for ${directSeconds} s (baseline)`);
  // the API sampled meanwhile: what the load generator's own CPU costs the gateway's requests on this machine
  const [direct, besideDirect] = await sampledDuring(options, () =>
    sipLoad({ target: `127.0.0.1:${directPort}`, uasPort: directPort, rate: options.rate, durationS: directSeconds }),
  );

  const idleUntil = performance.now() + (options.idleSeconds ?? options.seconds) * 1000;
  const [idle, idleThread] = await schedDuring(options.pid, () =>
    sampleUntil(options, () => performance.now() > idleUntil),
  );
  log(`  idle: ${idle.gateway.latencies.length} nodes/get, p99 ${percentile(idle.gateway.latencies, 0.99)} ms`);

  log(`  SIPp UAC → gateway (PBX → far PBX) → SIPp UAS, ${options.rate} calls/s for ${options.seconds} s`);
  const cpuBefore = processCpuUs(options.pid);
  const startedAt = new Date();
  const started = performance.now();
  const [[gateway, load], loadThread] = await schedDuring(options.pid, () =>
    sampledDuring(options, () =>
      sipLoad({ target: `127.0.0.1:${pbxPort}`, uasPort, rate: options.rate, durationS: options.seconds }),
    ),
  );
  const cpuAfter = processCpuUs(options.pid);
  const wallUs = (performance.now() - started) * 1000;
  // the same requests as the server timed them (from their parsing to their answer), from its request journal
  const journal = await call(
    options,
    'GET',
    `/_sim/labs/default/journal?limit=10000&since=${encodeURIComponent(startedAt.toISOString())}`,
  );
  const served = (journal.entries as { path: string; latencyMs: number }[])
    .filter((e) => e.path === '/api/nodes/get')
    .map((e) => e.latencyMs);
  log(
    `  under load, as the server timed them: ${served.length} nodes/get, p50 ${percentile(served, 0.5)} ms, p99 ${percentile(served, 0.99)} ms`,
  );
  const idleP99Ms = percentile(idle.gateway.latencies, 0.99);
  const loadP99Ms = percentile(load.gateway.latencies, 0.99);
  const bare = besideFigures(idle.bare, besideDirect.bare, load.bare);
  const idleGateway = besideFigures(idle.idleGateway, besideDirect.idleGateway, load.idleGateway);
  return {
    direct,
    gateway,
    idleP99Ms,
    loadP99Ms,
    besideDirectP99Ms: percentile(besideDirect.gateway.latencies, 0.99),
    p99Ratio: Math.round((loadP99Ms / Math.max(idleP99Ms, 0.01)) * 100) / 100,
    idleP99PerMinuteMs: p99PerMinute(idle.gateway.latencies),
    loadP99PerMinuteMs: p99PerMinute(load.gateway.latencies),
    cpuPercent:
      cpuBefore !== undefined && cpuAfter !== undefined ? Math.round(((cpuAfter - cpuBefore) / wallUs) * 100) : -1,
    ...(idleThread && loadThread ? { mainThread: { idle: idleThread, load: loadThread } } : {}),
    failedRequests: [idle, load, besideDirect]
      .flatMap((phase) => [phase.gateway, phase.bare, phase.idleGateway])
      .reduce((sum, samples) => sum + (samples?.failed ?? 0), 0),
    ...(bare ? { bare } : {}),
    ...(idleGateway ? { idleGateway } : {}),
  };
}
