import { createSocket, type Socket } from 'node:dgram';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SWEEP_EVERY_MS, TEARDOWN_LIMIT_MS } from '../../../src/contexts/simulation/calls/domain/CallRescue.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { percentile } from '../../support/sip/apiLatency.js';
import { freeUdpPort } from '../../support/sip/sipp.js';

/** The demo's SIP ports (PBX Berlin, Carrier A, Carrier B): a lab's offset is added to each. */
export const DEMO_SIP_PORTS = [5070, 5080, 5090] as const;

async function udpFree(port: number): Promise<boolean> {
  const socket = createSocket('udp4');
  const bound = await new Promise<boolean>((resolve) => {
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => resolve(true));
  });
  if (bound) await new Promise<void>((resolve) => socket.close(() => resolve()));
  return bound;
}

async function tcpFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A lab port offset under which every demo node's SIP port is free (UDP and TCP) at the moment of asking. */
export async function freeSipOffset(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const offset = (await freeUdpPort()) - DEMO_SIP_PORTS[0];
    if (offset < 0 || offset > 60_000) continue;
    let free = true;
    for (const port of DEMO_SIP_PORTS.slice(1))
      free &&= (await udpFree(port + offset)) && (await tcpFree(port + offset));
    if (free) return offset;
  }
  throw new Error('no SIP port offset with the demo nodes’ ports free after 20 attempts');
}

/** The p99 (and the slowest) of `requests` sequential GET /api/version/get through the client, in ms. */
export async function apiP99(admin: ApiClient, requests = 200): Promise<{ p99: number; max: number }> {
  const latencies: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    // the schema check is the test's own work, not the gateway's: it is left out of what is timed
    const response = await admin.get('/api/version/get', { checkSchema: false });
    latencies.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`version/get answered ${response.status}: ${response.text}`);
  }
  latencies.sort((a, b) => a - b);
  return { p99: percentile(latencies, 0.99), max: latencies[latencies.length - 1]! };
}

/** The simulator's figures at /_sim/metrics (what a scraper reads), by metric name. */
export async function simMetrics(baseUrl: string): Promise<(name: string) => number> {
  const text = await (await fetch(new URL('/_sim/metrics', baseUrl))).text();
  return (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? NaN : Number(line.slice(name.length + 1));
  };
}

/** The RFC 4475 torture messages in the repository's sibling folder ../shared/sip-suites/rfc4475, read where they are. */
export function tortureMessages(): { name: string; bytes: Buffer }[] {
  let directory = __dirname;
  while (!existsSync(path.join(directory, '.mocharc.e2e.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) return [];
    directory = parent;
  }
  const folder = path.join(directory, '..', 'shared', 'sip-suites', 'rfc4475');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.dat'))
    .sort()
    .map((file) => ({ name: file.replace(/\.dat$/, ''), bytes: readFileSync(path.join(folder, file)) }));
}

/** The Call-ID of a SIP message (its long or compact header), '' when it has none. */
function callIdOf(message: Buffer): string {
  return /^(?:call-id|i)[ \t]*:[ \t]*(\S+)/im.exec(message.toString('latin1'))?.[1] ?? '';
}

/**
 * Sends the torture messages one datagram at a time, round after round, to a node's UDP port, and keeps the
 * status codes of the replies that come back to its socket, by message (matched on the Call-ID).
 */
export class TortureSprinkler {
  sent = 0;
  replies = 0;
  /** Status codes answered, by message name, in the order they came. */
  readonly answers = new Map<string, number[]>();
  private readonly byCallId = new Map<string, string>();
  private next = 0;
  private socket: Socket | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly messages: readonly { name: string; bytes: Buffer }[],
    private readonly port: number,
  ) {
    for (const message of messages) this.byCallId.set(callIdOf(message.bytes), message.name);
  }

  async start(everyMs: number): Promise<void> {
    if (this.messages.length === 0) return;
    const socket = createSocket('udp4');
    this.socket = socket;
    socket.on('message', (reply) => {
      this.replies += 1;
      const status = Number(/^SIP\/2\.0 (\d{3})/.exec(reply.toString('latin1'))?.[1] ?? 0);
      const name = this.byCallId.get(callIdOf(reply)) ?? '(unknown Call-ID)';
      const seen = this.answers.get(name) ?? [];
      // a retransmitted final answer is the same answer
      if (seen[seen.length - 1] !== status) seen.push(status);
      this.answers.set(name, seen);
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    this.timer = setInterval(() => this.sendOne(), everyMs);
  }

  private sendOne(): void {
    const message = this.messages[this.next % this.messages.length]!;
    this.next += 1;
    this.socket?.send(message.bytes, this.port, '127.0.0.1', (error) => {
      if (!error) this.sent += 1;
    });
  }

  stopSending(): void {
    clearInterval(this.timer);
  }

  async close(): Promise<void> {
    this.stopSending();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }
}

/** One leg of a session as activeSessions (ISO-8601 dates) answers it: what the audit reads. */
export interface SessionLeg {
  readonly startTime: string;
  readonly connectTime: string;
  readonly callState: string;
  readonly nodeId: string;
  readonly telLocalNumber: string;
  readonly telRemoteNumber: string;
}
export interface Session {
  readonly sessionId: string;
  readonly incoming: SessionLeg;
  readonly outgoing: readonly SessionLeg[];
}

/** A session past a limit, as the audit found it. */
export interface Overdue {
  readonly sessionId: string;
  readonly why: string;
  readonly session: Session;
}

/**
 * Checks each answer of activeSessions against the limits of a session: one that never connected may be in
 * progress at most setupTimeoutSeconds (Timer C) + the 40 s teardown limit (+ a second of the rescue's sweep for
 * each) after it started (ages are taken at the answer's lastUpdated, the instant the engine's view describes, and
 * also reported against the lab clock's now); one seen terminating in two answers more than 40 s + a sweep's
 * second of lab time apart is stuck.
 */
export class SessionAudit {
  readonly overdue: Overdue[] = [];
  /** The oldest never-connected session seen, in lab seconds at lastUpdated and at the clock's now. */
  oldestUnconnected = 0;
  oldestUnconnectedByClock = 0;
  /** The most a session of any state was seen to live (first to last answer it was in), lab seconds. */
  longestSeen = 0;
  longestSession: string | undefined;
  private readonly firstSeen = new Map<string, number>();
  private terminating = new Map<string, number>();

  /** The most a never-connected session may have been in progress, lab seconds. */
  readonly limit: number;

  constructor(setupTimeoutSeconds: number) {
    this.limit = setupTimeoutSeconds + (TEARDOWN_LIMIT_MS + 2 * SWEEP_EVERY_MS) / 1000;
  }

  check(sessions: readonly Session[], lastUpdated: number, clockNow: number): void {
    const terminating = new Map<string, number>();
    const present = new Set<string>();
    for (const session of sessions) {
      present.add(session.sessionId);
      const first = this.firstSeen.get(session.sessionId) ?? lastUpdated;
      this.firstSeen.set(session.sessionId, first);
      if ((lastUpdated - first) / 1000 > this.longestSeen) {
        this.longestSeen = (lastUpdated - first) / 1000;
        const { callState, telLocalNumber, telRemoteNumber } = session.incoming;
        this.longestSession = `${callState}, ${telRemoteNumber} → ${telLocalNumber}`;
      }
      const leg = session.incoming;
      if (!leg.connectTime) {
        const age = (lastUpdated - Date.parse(leg.startTime)) / 1000;
        this.oldestUnconnected = Math.max(this.oldestUnconnected, age);
        this.oldestUnconnectedByClock = Math.max(
          this.oldestUnconnectedByClock,
          (clockNow - Date.parse(leg.startTime)) / 1000,
        );
        if (age > this.limit)
          this.overdue.push({
            sessionId: session.sessionId,
            why: `${leg.callState}, never connected, ${age} s old`,
            session,
          });
      }
      if (leg.callState === 'terminating') {
        const since = this.terminating.get(session.sessionId) ?? lastUpdated;
        terminating.set(session.sessionId, since);
        if (lastUpdated - since > TEARDOWN_LIMIT_MS + SWEEP_EVERY_MS)
          this.overdue.push({
            sessionId: session.sessionId,
            why: `terminating for over ${(lastUpdated - since) / 1000} s`,
            session,
          });
      }
    }
    this.terminating = terminating;
    for (const id of this.firstSeen.keys()) if (!present.has(id)) this.firstSeen.delete(id);
  }
}
