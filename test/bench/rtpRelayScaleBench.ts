import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import {
  LocalRelays,
  WorkerRelays,
  type MediaRelay,
  type MediaRelays,
} from '../../src/contexts/simulation/media/infrastructure/index.js';
import type { FromPhones, ToPhones } from './rtpPhonesWorker.js';

/** One load level: `calls` concurrent calls of 50 packets/s each way through the relays for `seconds`. */
export interface RelayScaleFigures {
  readonly calls: number;
  /** Where the relays ran: `worker` (WorkerRelays, N media workers) or `thread` (this thread, as before). */
  readonly mode: string;
  readonly seconds: number;
  readonly packetsSent: number;
  readonly packetsDelivered: number;
  /**
   * Sent and not delivered within 150 ms (dropped, or too late for a phone's jitter buffer), in %: the RTP loss
   * a listener hears.
   */
  readonly lossPercent: number;
  /** Of that, the part never delivered at all (dropped), in %. */
  readonly neverDeliveredPercent: number;
  /** Packets per second offered (both ways), as sent. */
  readonly offeredPacketsPerSecond: number;
  /** What the relays' own counters say: packets received on their sides of what the phones sent, in %. */
  readonly relayReceivedPercent: number;
  /** Sequence gaps the relays counted (RFC 3550 loss of what reached them). */
  readonly relayCountedLost: number;
  /** CPU of the relays' thread(s), in % of one core. */
  readonly relayCpuPercent: number;
  /**
   * The relays' CPU per packet they received (and relayed), in µs: what a busy machine does not skew (a thread that
   * waits for a core does less, not more, per packet). 10^6 / (this × 100) calls fill one core.
   */
  readonly relayMicrosPerPacket: number;
  /** The load average of the machine at the end (other processes take cores too). */
  readonly loadAverage: number;
  /** CPU of the phones' thread, in % of one core. */
  readonly phonesCpuPercent: number;
  /** The kernel's UDP receive-buffer drops (RcvbufErrors of /proc/net/snmp) during the run. */
  readonly rcvbufErrors: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PHONE_SOCKETS = 128;

function threadIds(): Set<string> {
  return new Set(readdirSync('/proc/self/task'));
}

/** CPU seconds of threads (utime + stime of /proc/self/task/<tid>/stat). */
function cpuSeconds(tids: readonly string[]): number {
  let ticks = 0;
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* the thread ended */
    }
  }
  return ticks / TICKS_PER_SECOND;
}

function rcvbufErrors(): number {
  const lines = readFileSync('/proc/net/snmp', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('Udp:'));
  const names = lines[0]!.split(/\s+/);
  const values = lines[1]!.split(/\s+/);
  return Number(values[names.indexOf('RcvbufErrors')]);
}

async function ask<T extends FromPhones['type']>(
  phones: Worker,
  message: ToPhones,
  type: T,
): Promise<Extract<FromPhones, { type: T }>> {
  const answer = new Promise<Extract<FromPhones, { type: T }>>((resolve) => {
    const on = (m: FromPhones) => {
      if (m.type !== type) return;
      phones.off('message', on);
      resolve(m as Extract<FromPhones, { type: T }>);
    };
    phones.on('message', on);
  });
  phones.postMessage(message);
  return answer;
}

/**
 * `calls` calls' RTP through relays opened by `relays` (two ranges of 127.0.0.1 from `firstPort`), the phones in a
 * worker of their own: loss end to end and at the relays, the CPU of the relays' and the phones' threads.
 */
async function level(
  relays: MediaRelays,
  mode: string,
  calls: number,
  seconds: number,
  firstPort: number,
): Promise<RelayScaleFigures> {
  const span = 4 * calls + 64;
  const ports = [
    relays.ports('127.0.0.1', { first: firstPort, last: firstPort + span - 1 }, undefined),
    relays.ports('127.0.0.1', { first: firstPort + span, last: firstPort + 2 * span - 1 }, undefined),
  ] as const;
  const before = threadIds();
  const phones = new Worker(path.join(__dirname, 'rtpPhonesWorker.js'));
  await once(phones, 'online');
  const withPhones = threadIds();
  const phoneThreads = [...withPhones].filter((tid) => !before.has(tid));
  const opened: MediaRelay[] = [];
  try {
    const { ports: phonePorts } = await ask(phones, { type: 'bind', sockets: PHONE_SOCKETS }, 'bound');
    for (let call = 0; call < calls; call += 1) {
      const relay = await relays.open(ports, { timeoutMs: 30_000 }, { timeout: () => undefined });
      for (const side of [0, 1] as const)
        relay.setRemote(side, { host: '127.0.0.1', port: phonePorts[(2 * call + side) % phonePorts.length]! });
      opened.push(relay);
    }
    // the media workers started with the first relay; in this thread's mode, the relays run in the main thread
    const added = [...threadIds()].filter((tid) => !withPhones.has(tid));
    const relayThreads = mode === 'thread' ? [String(process.pid)] : added;
    const targets = opened.map((r) => [r.local(0).port, r.local(1).port] as const);
    const drops = rcvbufErrors();
    const cpuBefore = new Map([...threadIds()].map((tid) => [tid, cpuSeconds([tid])]));
    const done = await ask(phones, { type: 'run', targets, seconds }, 'done');
    const used = (tids: readonly string[]) =>
      tids.reduce((sum, t) => sum + cpuSeconds([t]) - (cpuBefore.get(t) ?? 0), 0);
    const relayCpu = used(relayThreads);
    let received = 0;
    let lost = 0;
    for (const relay of opened)
      for (const side of [0, 1] as const) {
        received += relay.counters(side).packetsReceived;
        lost += relay.counters(side).packetsLost;
      }
    const percent = (part: number) => Math.round((part / done.sent) * 10_000) / 100;
    return {
      calls,
      mode,
      seconds: Math.round(done.wallSeconds * 10) / 10,
      packetsSent: done.sent,
      packetsDelivered: done.delivered,
      lossPercent: percent(done.sent - done.deliveredAtLast + done.late),
      neverDeliveredPercent: percent(done.sent - done.deliveredAtLast),
      offeredPacketsPerSecond: Math.round(done.sent / done.wallSeconds),
      relayReceivedPercent: percent(received),
      relayCountedLost: lost,
      relayCpuPercent: Math.round((relayCpu / done.wallSeconds) * 100),
      relayMicrosPerPacket: Math.round((relayCpu / Math.max(1, received)) * 1e7) / 10,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
      phonesCpuPercent: Math.round((used(phoneThreads) / done.wallSeconds) * 100),
      rcvbufErrors: rcvbufErrors() - drops,
    };
  } finally {
    for (const relay of opened) relay.close();
    phones.postMessage({ type: 'close' } satisfies ToPhones);
    await phones.terminate();
  }
}

/**
 * The relays at scale: for each number of concurrent calls, a run of `seconds` through relays in media workers
 * (`workers` of them) or in this thread (`workers` 0, as the relays ran before ADR 0040).
 */
export async function rtpRelayScaleBench(options: {
  calls: readonly number[];
  seconds: number;
  workers: number;
  firstPort?: number;
}): Promise<RelayScaleFigures[]> {
  const figures: RelayScaleFigures[] = [];
  for (const calls of options.calls) {
    const relays = options.workers > 0 ? new WorkerRelays(options.workers) : new LocalRelays();
    const mode = options.workers > 0 ? `${options.workers} media worker${options.workers > 1 ? 's' : ''}` : 'thread';
    try {
      figures.push(await level(relays, mode, calls, options.seconds, options.firstPort ?? 10_000));
    } finally {
      await relays.dispose();
      if (relays instanceof WorkerRelays) await relays.terminate();
    }
  }
  return figures;
}
