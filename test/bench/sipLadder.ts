import { performance } from 'node:perf_hooks';
import { freeUdpPort, runSipp, startSipp, type RunningSipp } from '../support/sip/sipp.js';
import { kamailioBinary, startKamailio, type RunningKamailio } from './kamailioProxy.js';
import { cpuUs, pssMiB, rssMiB } from './procStats.js';
import { type SipGatewayPorts } from './sipGateway.js';

/**
 * The SIP capacity ladder: at each rate of a list, SIPp's UAC offers short calls (INVITE, 200, ACK, BYE, 200) for a
 * step's seconds through each peer to SIPp's UAS: the gateway (a gwsim server configured by configureSipGateway),
 * Kamailio as a minimal stateful proxy (when installed), and nothing (SIPp calling itself, the rate's baseline). The
 * peers take turns at each rate, so that the machine's load drifts over all three alike. Per step and peer: the rate
 * achieved, calls failed, SIPp's retransmissions, the peer's CPU per call (all its threads, all its processes) and
 * its resident memory at the end of the step.
 */

/** One peer of the ladder: where SIPp's UAC sends, where SIPp's UAS listens, and the peer's processes. */
interface LadderPeer {
  readonly name: string;
  readonly target: string;
  readonly uasPort: number;
  /** The peer's processes (none for SIPp calling itself). */
  readonly pids: () => readonly number[];
}

/** One step of one peer. */
export interface LadderStep {
  readonly peer: string;
  readonly attempted: number;
  readonly failed: number;
  /** failed ÷ attempted × 100. */
  readonly failedPercent: number;
  /** Calls created per second, from the UAC's start to the end of its last call. */
  readonly achievedCps: number;
  /** Messages SIPp's UAC resent (INVITEs and BYEs that went unanswered for a timer's while). */
  readonly retransmissions: number;
  /** When calls failed: the first events of the UAC's error trace. */
  readonly failures: string;
  readonly offeredCps: number;
  /** CPU time of the peer's processes over the step per call attempted, ms (undefined without processes). */
  readonly cpuMsPerCall?: number;
  /** The peer's processes' resident memory at the end of the step, VmRSS added up, MiB. */
  readonly rssMiB?: number;
  /** Their proportional set size added up (shared pages split between the processes), MiB. */
  readonly pssMiB?: number;
}

export interface LadderOptions {
  readonly rates: readonly number[];
  readonly stepSeconds: number;
  /** The gwsim server, already a SIP gateway. */
  readonly gateway: { readonly pid: number; readonly ports: SipGatewayPorts };
  /** Unmeasured calls through the gateway before the first step (its code compiled, its first allocations made). */
  readonly warmUpSeconds: number;
  readonly log: (line: string) => void;
}

export interface LadderFigures {
  readonly steps: readonly LadderStep[];
  /** Each peer's SIPp UAS over the whole ladder: the messages it resent (200s whose ACK was late or lost). */
  readonly uasRetransmissions: ReadonlyMap<string, number>;
  /** Each peer's CPU while no call passed it, ms per second (over IDLE_SECONDS before the first step). */
  readonly idleCpuMsPerS: ReadonlyMap<string, number>;
  /** Why Kamailio has no rows ('' when it has). */
  readonly kamailioSkipped: string;
}

export const GATEWAY = 'gwsim';
export const KAMAILIO = 'Kamailio';
export const DIRECT = 'SIPp direct';

/** Starts Kamailio when it is installed and starts; otherwise says why not (the ladder goes on without it). */
async function kamailioPeer(): Promise<{ peer?: LadderPeer; running?: RunningKamailio; skipped: string }> {
  const binary = kamailioBinary();
  if (!binary)
    return { skipped: 'Kamailio is not installed (apt-get install kamailio, or KAMAILIO=<binary>): no Kamailio rows' };
  const [port, uasPort] = [await freeUdpPort(), await freeUdpPort()];
  try {
    const running = await startKamailio(binary, port, uasPort);
    return {
      peer: { name: KAMAILIO, target: `127.0.0.1:${port}`, uasPort, pids: () => running.pids() },
      running,
      skipped: '',
    };
  } catch (error) {
    return {
      skipped: `Kamailio did not start, no Kamailio rows: ${String(error).split('\n').slice(0, 6).join(' / ')}`,
    };
  }
}

/** How long a call may wait for a message before SIPp's UAC fails it (instead of holding its run open). */
const RECV_TIMEOUT_MS = 10_000;

/**
 * The first two events of a SIPp error trace that are not a late message to a call already ended ("Dead call"),
 * cut short: SIPp writes its events one after another, often without a line break, each after its date and time.
 */
function firstFailures(trace: string): string {
  const events = trace.split(/(?=\d{4}-\d\d-\d\d\s+\d\d:\d\d:\d\d\.\d+\s)/);
  return events
    .filter((event) => /\d{4}-\d\d-\d\d/.test(event.slice(0, 12)) && !/Dead call/.test(event))
    .slice(0, 2)
    .map((event) => event.replace(/\s+/g, ' ').trim().slice(0, 300))
    .join('\n    ');
}

/** One step: SIPp's UAC offers `rate` calls/s for `seconds` through the peer, whose processes are measured around it. */
async function step(peer: LadderPeer, rate: number, seconds: number): Promise<LadderStep> {
  const pids = peer.pids();
  const before = pids.length > 0 ? cpuUs(pids) : undefined;
  const started = performance.now();
  const uac = await runSipp({
    scenario: 'uac',
    remote: peer.target,
    rate,
    calls: Math.round(rate * seconds),
    timeoutMs: (seconds + 60) * 1000,
    extra: ['-recv_timeout', String(RECV_TIMEOUT_MS)],
  });
  const elapsedS = (performance.now() - started) / 1000;
  const after = pids.length > 0 ? cpuUs(pids) : undefined;
  if (uac.exitCode !== 0 && uac.exitCode !== 1)
    throw new Error(`SIPp ended with ${uac.exitCode}:\n${uac.stderr}\n${uac.errors.slice(0, 2000)}`);
  const cpuMsPerCall =
    before !== undefined && after !== undefined && uac.attempted > 0
      ? Math.round(((after - before) / 1000 / uac.attempted) * 1000) / 1000
      : undefined;
  const rss = pids.length > 0 ? rssMiB(pids) : undefined;
  const pss = pids.length > 0 ? pssMiB(pids) : undefined;
  return {
    peer: peer.name,
    offeredCps: rate,
    attempted: uac.attempted,
    failed: uac.failed,
    failedPercent: uac.attempted === 0 ? 0 : Math.round((uac.failed / uac.attempted) * 10_000) / 100,
    achievedCps: Math.round((uac.attempted / elapsedS) * 10) / 10,
    retransmissions: uac.retransmissions,
    failures: uac.failed === 0 ? '' : firstFailures(uac.errors),
    ...(cpuMsPerCall !== undefined ? { cpuMsPerCall } : {}),
    ...(rss !== undefined ? { rssMiB: rss } : {}),
    ...(pss !== undefined ? { pssMiB: pss } : {}),
  };
}

/** How long a UAS may run: the whole ladder and its grace (it is stopped at the end). */
const UAS_TIMEOUT_MS = 3_600_000;

/** The steps, rate by rate, each peer in turn; each peer's SIPp UAS runs for the whole ladder. */
async function climb(
  options: LadderOptions,
  peers: readonly LadderPeer[],
): Promise<{ steps: LadderStep[]; uasRetransmissions: Map<string, number> }> {
  const uas = new Map<string, RunningSipp>();
  const steps: LadderStep[] = [];
  const uasRetransmissions = new Map<string, number>();
  try {
    for (const peer of peers)
      uas.set(peer.name, await startSipp({ scenario: 'uas', localPort: peer.uasPort, timeoutMs: UAS_TIMEOUT_MS }));
    const gateway = peers.find((peer) => peer.name === GATEWAY)!;
    if (options.warmUpSeconds > 0) {
      options.log(`  warm-up: ${options.rates[0]} calls/s through gwsim for ${options.warmUpSeconds} s, not measured`);
      await step(gateway, options.rates[0] ?? 100, options.warmUpSeconds);
    }
    for (const rate of options.rates) {
      for (const peer of peers) {
        const result = await step(peer, rate, options.stepSeconds);
        options.log(`  ${describeStep(result)}`);
        if (result.failures !== '') options.log(`    ${result.failures.replace(/\s+/g, ' ')}`);
        steps.push(result);
      }
    }
  } finally {
    for (const [name, running] of uas) uasRetransmissions.set(name, (await running.stop()).retransmissions);
  }
  return { steps, uasRetransmissions };
}

/** How long the peers' CPU is measured with no call, before the ladder. */
const IDLE_SECONDS = 5;

/** The CPU each peer with processes spends with no call, ms per second: a part of every step's CPU per call. */
async function idleCpu(peers: readonly LadderPeer[]): Promise<Map<string, number>> {
  const measured = peers.filter((peer) => peer.pids().length > 0);
  const before = measured.map((peer) => cpuUs(peer.pids()));
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = new Map<string, number>();
  measured.forEach((peer, i) => {
    const after = cpuUs(peer.pids());
    const start = before[i];
    if (after !== undefined && start !== undefined)
      idle.set(peer.name, Math.round((after - start) / 1000 / IDLE_SECONDS));
  });
  return idle;
}

export async function sipLadder(options: LadderOptions): Promise<LadderFigures> {
  const directPort = await freeUdpPort();
  const direct: LadderPeer = { name: DIRECT, target: `127.0.0.1:${directPort}`, uasPort: directPort, pids: () => [] };
  const gateway: LadderPeer = {
    name: GATEWAY,
    target: `127.0.0.1:${options.gateway.ports.pbxPort}`,
    uasPort: options.gateway.ports.uasPort,
    pids: () => [options.gateway.pid],
  };
  const kamailio = await kamailioPeer();
  if (kamailio.skipped !== '') options.log(`  ${kamailio.skipped}`);
  try {
    const peers = [direct, ...(kamailio.peer ? [kamailio.peer] : []), gateway];
    const idleCpuMsPerS = await idleCpu(peers);
    const climbed = await climb(options, peers);
    return { ...climbed, idleCpuMsPerS, kamailioSkipped: kamailio.skipped };
  } finally {
    await kamailio.running?.stop();
  }
}

function describeStep(s: LadderStep): string {
  const cpu = s.cpuMsPerCall !== undefined ? `, ${s.cpuMsPerCall} ms CPU/call, RSS ${s.rssMiB} MiB` : '';
  return `${s.offeredCps} calls/s ${s.peer}: ${s.achievedCps}/s achieved, ${s.failed}/${s.attempted} failed, ${s.retransmissions} retransmissions${cpu}`;
}

/** The ladder's rates from BENCH_SIP_LADDER (a comma list; empty, 0 or off: none). */
export function ladderRates(raw: string | undefined): number[] {
  const text = (raw ?? '200,400,600,800,1000,1200').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'off') return [];
  const rates = text.split(',').map((item) => Number(item.trim()));
  if (rates.some((rate) => !Number.isFinite(rate) || rate <= 0))
    throw new Error(`BENCH_SIP_LADDER must be a comma list of calls per second, got '${raw}'`);
  return rates;
}
