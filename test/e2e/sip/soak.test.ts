import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import type { SilentLogger } from '../../support/SilentLogger.js';
import { TestGateway } from '../../support/TestGateway.js';
import { SIPP, startSipp, type RunningSipp, type SippResult } from '../../support/sip/sipp.js';
import {
  DEMO_SIP_PORTS,
  SessionAudit,
  TortureSprinkler,
  apiP99,
  freeSipOffset,
  simMetrics,
  tortureMessages,
  type Session,
} from './soakSupport.js';

/** 24 hours of lab time in 180 s of wall time. */
const SCALE = 480;
const LAB_HOURS = 24;
const LOAD_MS = (LAB_HOURS * 3_600_000) / SCALE;
const SAMPLE_EVERY_MS = 10_000;
/**
 * The demo's profile runs 0.4 new calls per second of lab time: at 480× that is 192 calls per wall second, each
 * with its SIP messages built and stored, on two cores shared with SIPp and other suites. 0.25 calls/s of lab time
 * (120 per wall second, about 11 in progress on average, well under the demo license's 30 sessions with room for
 * SIPp's) keeps the load sane, and still gives 21,600 calls over the day: more than the call history's smallest
 * maximum (10,000), so retention trims from about 11 h of lab time on and the second half of the run shows the
 * store held flat. 0.1 calls/s would give 8,640 calls, which retention never touches.
 */
const CALLS_PER_SECOND = 0.25;
const MAXIMUM_RECORDS = 10_000;
/** SIPp's calls, in wall time: 2 new calls a second, each held half a second (4 lab minutes) before its BYE. */
const SIPP_RATE = 2;
const SIPP_HOLD_MS = 500;
/** One torture message every 1.5 s: the 49 of RFC 4475, each about twice. */
const TORTURE_EVERY_MS = 1_500;
/**
 * No torture message is sent in the last 40 s of the load: a valid INVITE among them that connects waits for an
 * ACK that never comes for Timer H (64·T1, 32 s of wall time: the wire runs in real time), then is ended by BYE.
 */
const TORTURE_QUIET_MS = 40_000;

interface Sample {
  readonly wallS: number;
  readonly labHours: number;
  readonly sessions: number;
  readonly rssMiB: number;
  readonly heapMiB: number;
  /** RSS and heap right after a full collection: what is kept, without the garbage V8 had not collected yet. */
  readonly settledRssMiB: number;
  readonly liveHeapMiB: number;
  readonly storedMiB: number;
  readonly historyRecords: number;
  readonly dropped: number;
  readonly p99Ms: number;
  readonly engineLagS: number;
}

/** What the run saw, for the cases to judge. */
interface Soak {
  readonly samples: Sample[];
  readonly idleP99Ms: number;
  readonly labHours: number;
  readonly callsStarted: number;
  readonly counters: { byResult: Record<string, number>; refusedBy: Record<string, number> };
  readonly sipp: SippResult;
  readonly torture: TortureSprinkler;
  readonly audit: SessionAudit;
  readonly left: Session[];
  readonly errors: SilentLogger['errors'];
}

/** The p99 at the end of the day: the median of the last three samples' p99. */
const endP99 = (samples: readonly Sample[]) =>
  samples
    .slice(-3)
    .map((s) => s.p99Ms)
    .sort((a, b) => a - b)[1]!;

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
const mib = (bytes: number) => round(bytes / 1024 / 1024);

async function labNow(admin: ApiClient): Promise<number> {
  const clock = await admin.get('/_sim/labs/default/clock', { version: null });
  expect(clock.status, clock.text).to.equal(200);
  return Date.parse(clock.json.now);
}

async function activeSessions(admin: ApiClient): Promise<{ lastUpdated: number; sessions: Session[] }> {
  const answer = await admin.post('/api/activeSessions/get', { query: { dateFormat: 'ISO-8601' }, json: {} });
  expect(answer.status, answer.text).to.equal(200);
  return { lastUpdated: Date.parse(answer.json.lastUpdated), sessions: answer.json.activeSessions };
}

async function control(admin: ApiClient, what: 'traffic' | 'clock' | 'sip', json?: unknown): Promise<any> {
  const path = `/_sim/labs/default/${what}`;
  const answer =
    json === undefined ? await admin.get(path, { version: null }) : await admin.put(path, { version: null, json });
  expect(answer.status, answer.text).to.equal(200);
  return answer.json;
}

/** The demo with real SIP on under a free port offset, PBX Berlin listening: its UDP port. */
async function listeningPbx(admin: ApiClient): Promise<number> {
  const offset = await freeSipOffset();
  await control(admin, 'sip', { enabled: true, portOffset: offset });
  const port = DEMO_SIP_PORTS[0] + offset;
  for (let i = 0; i < 100; i += 1) {
    const state = await control(admin, 'sip');
    if (state.listeners.some((l: any) => l.nodeName === 'PBX Berlin' && l.port === port && l.state === 'listening'))
      return port;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PBX Berlin does not listen on ${port}`);
}

/**
 * A full collection on demand (V8's gc, exposed from within the process). V8 lets garbage pile up between its
 * major collections as it sees fit, and sizes the heap it keeps from that: read at a random instant, RSS said
 * little about what is kept (in runs without it, RSS drifted from 287 to 344 MiB and from 303 to 392 MiB after
 * retention while the stored bytes stayed at 82 MiB). Collected at each sample, RSS follows the live heap. The
 * collection takes the event loop a moment after each sample's latency is measured, never during it.
 */
function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** One sample: activeSessions audited, the API's p99, memory (as found, then after a full collection), the monitor's figures. */
async function sample(
  gateway: TestGateway,
  admin: ApiClient,
  audit: SessionAudit,
  started: { wall: number; lab: number },
): Promise<Sample> {
  const clockNow = await labNow(admin);
  const { lastUpdated, sessions } = await activeSessions(admin);
  audit.check(sessions, lastUpdated, clockNow);
  const latency = await apiP99(admin, 200);
  const metric = await simMetrics(gateway.baseUrl);
  const memory = process.memoryUsage();
  fullCollection()();
  const settled = process.memoryUsage();
  return {
    wallS: Math.round((Date.now() - started.wall) / 1000),
    labHours: round((clockNow - started.lab) / 3_600_000, 2),
    sessions: sessions.length,
    rssMiB: mib(memory.rss),
    heapMiB: mib(memory.heapUsed),
    settledRssMiB: mib(settled.rss),
    liveHeapMiB: mib(settled.heapUsed),
    storedMiB: mib(metric('gwsim_monitor_stored_bytes')),
    historyRecords: metric('gwsim_call_history_records'),
    dropped: metric('gwsim_monitor_dropped_rows_total'),
    p99Ms: round(latency.p99),
    engineLagS: round((clockNow - lastUpdated) / 1000),
  };
}

/** The day: traffic, SIPp and torture messages on a clock at 480×, sampled every 10 s; then the load stopped and drained. */
async function soak(gateway: TestGateway): Promise<Soak> {
  const admin = gateway.admin();
  const pbxPort = await listeningPbx(admin);
  const { setupTimeoutSeconds } = await control(admin, 'sip');
  const history = await admin.post('/api/monitorCallHistoryConfig/set', {
    json: { enabled: true, maximumRecords: MAXIMUM_RECORDS },
  });
  expect(history.status, history.text).to.equal(200);

  // idle: the demo's traffic stopped, the clock in real time, the start's work settled, after a warm-up (JIT)
  const demo = await control(admin, 'traffic', { running: false });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await apiP99(admin, 200);
  // the median of three 200-request p99s: a neighbour's burst on the shared cores does not set the bar
  const idles = [await apiP99(admin, 200), await apiP99(admin, 200), await apiP99(admin, 200)];
  const idle = idles.map((m) => m.p99).sort((a, b) => a - b)[1]!;

  await control(admin, 'traffic', { running: true, profile: { ...demo.profile, callsPerSecond: CALLS_PER_SECOND } });
  await control(admin, 'clock', { mode: 'scaled', scale: SCALE });
  const started = { wall: Date.now(), lab: await labNow(admin) };
  const startedBefore = (await control(admin, 'traffic')).counters.started;
  let sipp: RunningSipp | undefined;
  const torture = new TortureSprinkler(tortureMessages(), pbxPort);
  try {
    sipp = await startSipp({
      scenario: 'uac',
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123456',
      rate: SIPP_RATE,
      extra: ['-d', String(SIPP_HOLD_MS)],
      timeoutMs: LOAD_MS + 60_000,
    });
    await torture.start(TORTURE_EVERY_MS);
    const audit = new SessionAudit(setupTimeoutSeconds);
    const samples: Sample[] = [];
    const count = LOAD_MS / SAMPLE_EVERY_MS;
    for (let i = 1; i <= count; i += 1) {
      if (Date.now() - started.wall > LOAD_MS - TORTURE_QUIET_MS) torture.stopSending();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started.wall + i * SAMPLE_EVERY_MS - Date.now())));
      samples.push(await sample(gateway, admin, audit, started));
      console.log(`      soak sample ${JSON.stringify(samples[samples.length - 1])}`);
    }
    const labHours = round(((await labNow(admin)) - started.lab) / 3_600_000, 2);

    // the load stops: SIPp ends the calls it has in progress, no new simulated call arrives
    const sippResult = await sipp.stop();
    sipp = undefined;
    await control(admin, 'traffic', { running: false });
    let left: Session[] = [];
    for (const drain = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 500))) {
      const { lastUpdated, sessions } = await activeSessions(admin);
      audit.check(sessions, lastUpdated, await labNow(admin));
      left = sessions;
      if (left.length === 0 || Date.now() - drain > 45_000) break;
    }
    const { counters } = await control(admin, 'traffic');
    const callsStarted = counters.started - startedBefore;
    const errors = (gateway as unknown as { logger: SilentLogger }).logger.errors;
    return {
      samples,
      idleP99Ms: round(idle),
      labHours,
      callsStarted,
      counters,
      sipp: sippResult,
      torture,
      audit,
      left,
      errors,
    };
  } finally {
    await torture.close();
    await sipp?.stop();
  }
}

/** The errors the gateway logged, by message and cause, with how often each came. */
function errorCounts(errors: SilentLogger['errors']): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of errors) {
    const key = `${e.message}: ${String((e.fields['err'] as Error | undefined)?.message)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The lines the gateway logged (pino JSON), by level and message: jumps of the lab's time among them. */
function logCounts(logText: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of logText.split('\n').filter(Boolean)) {
    const { level, msg } = JSON.parse(line) as { level: number; msg: string };
    const key = `${level >= 50 ? 'error' : level === 40 ? 'warn' : 'info'}: ${msg}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

function report(run: Soak, logText: string): void {
  const { samples, sipp, torture, audit } = run;
  const figures = {
    labHoursCovered: run.labHours,
    callsStarted: run.callsStarted,
    byResult: run.counters.byResult,
    refusedBy: Object.fromEntries(Object.entries(run.counters.refusedBy).filter(([, n]) => n > 0)),
    sipp: { attempted: sipp.attempted, successful: sipp.successful, failed: sipp.failed },
    torture: {
      messages: torture.messages.length,
      sent: torture.sent,
      replies: torture.replies,
      messagesAnswered: torture.answers.size,
    },
    tortureAnswers: Object.fromEntries([...torture.answers].sort()),
    rssMiB: samples.map((s) => s.rssMiB),
    settledRssMiB: samples.map((s) => s.settledRssMiB),
    liveHeapMiB: samples.map((s) => s.liveHeapMiB),
    storedMiB: samples.map((s) => s.storedMiB),
    historyRecords: samples.map((s) => s.historyRecords),
    p99Ms: {
      idle: run.idleP99Ms,
      samples: samples.map((s) => s.p99Ms),
      end: endP99(samples),
    },
    engineLagS: samples.map((s) => s.engineLagS),
    oldestNeverConnectedS: {
      atLastUpdated: audit.oldestUnconnected,
      atClockNow: audit.oldestUnconnectedByClock,
      limit: audit.limit,
    },
    longestSessionSeen: { labSeconds: audit.longestSeen, session: audit.longestSession },
    gatewayErrors: errorCounts(run.errors),
    gatewayLog: logCounts(logText),
  };
  console.log(`      soak figures ${JSON.stringify(figures, null, 1)}`);
}

describe('a lab left running for 24 hours of lab time (the clock at 480×, demo traffic, SIPp calls, torture messages)', function () {
  this.timeout(330_000);
  let gateway: TestGateway | undefined;
  let run: Soak;

  before(async function () {
    if (!existsSync(SIPP)) this.skip();
    gateway = await TestGateway.start({
      store: 'memory',
      clock: new RealTimeClock(),
      config: { demo: true },
      captureLog: true,
    });
    run = await soak(gateway);
    report(run, gateway.logText);
  });

  after(async () => {
    await gateway?.stop();
  });

  it('covers 24 hours of lab time, with demo traffic, SIPp calls and torture messages all along', () => {
    expect(run.labHours).to.be.within(LAB_HOURS * 0.95, LAB_HOURS * 1.05);
    expect(run.callsStarted).to.be.greaterThan(CALLS_PER_SECOND * LAB_HOURS * 3600 * 0.9);
    expect(run.sipp.attempted).to.be.greaterThan((SIPP_RATE * LOAD_MS * 0.9) / 1000);
    if (tortureMessages().length > 0) expect(run.torture.sent).to.be.greaterThan(60);
  });

  it('leaves no session past its limits while it runs, and none once the load stops', () => {
    expect(run.audit.overdue.map((o) => `${o.why}: ${JSON.stringify(o.session)}`)).to.deep.equal([]);
    expect(
      run.left.map((s) => JSON.stringify(s)),
      'sessions left after the load stopped',
    ).to.deep.equal([]);
  });

  it('passes every SIPp call (they are independent of the torture messages)', () => {
    const why = `${run.sipp.errors.slice(0, 3000)}\n${run.sipp.stderr.slice(0, 500)}`;
    expect(run.sipp.failed, why).to.equal(0);
    expect(run.sipp.successful, why).to.equal(run.sipp.attempted);
  });

  it('holds the call history at its maximum and its stored bytes flat once retention trims, dropping no row', () => {
    const retained = run.samples.find((s) => s.historyRecords >= MAXIMUM_RECORDS);
    expect(retained, 'retention engaged').to.not.equal(undefined);
    // from then on the store holds the same number of calls of the same kinds; retention runs every 2 s of wall
    // time, in which about 240 calls end
    for (const s of run.samples.filter((s) => s.wallS >= retained!.wallS)) {
      expect(s.historyRecords).to.be.at.most(MAXIMUM_RECORDS * 1.05);
      expect(s.storedMiB).to.be.within(retained!.storedMiB * 0.9, retained!.storedMiB * 1.1);
    }
    expect(run.samples[run.samples.length - 1]!.dropped, 'monitor rows dropped').to.equal(0);
  });

  it('keeps resident memory at the end within 1.5× of the first third, and flat after retention', () => {
    const at = (fraction: number) => run.samples[Math.round(run.samples.length * fraction) - 1]!;
    const [third, twoThirds, end] = [at(1 / 3), at(2 / 3), at(1)];
    // Read after a full collection. The in-memory store holds the history in this process (about 9 KB of heap a
    // call), so memory grows until retention holds it at its maximum, from about 11 h of lab time: at the first
    // third (8 h) the history holds about 7,000 calls, at the end 10,000, hence the generous 1.5×. From two
    // thirds (16 h) on the history is at its maximum and what is kept must stay where it is: RSS within 10 % (the
    // pages V8 keeps vary), the live heap within 5 % (the history's count varies by 2 % between retention's
    // passes; a leak of 1 KB a call would add 7 MiB over those 8 hours, 5 %).
    expect(end.settledRssMiB, 'RSS at the end against the first third').to.be.at.most(third.settledRssMiB * 1.5);
    expect(end.settledRssMiB, 'RSS at the end against two thirds').to.be.at.most(twoThirds.settledRssMiB * 1.1);
    expect(end.liveHeapMiB, 'live heap at the end against two thirds').to.be.at.most(twoThirds.liveHeapMiB * 1.05);
  });

  it("keeps the API's p99 at the end under load within max(4× idle, idle + 50 ms)", () => {
    // The engine, the SIP stack and retention share the event loop with the requests, so some rise is expected;
    // 4× idle, or idle + 50 ms when idle is a couple of ms, is what a console would not notice, and work per tick
    // that grew with the day would exceed it by far. The end is the median of the last three samples' p99 (the
    // day's last 30 s; each a 200-request p99, its second slowest): one stall of a neighbour on the shared cores
    // does not decide it, a lasting rise does.
    const idle = run.idleP99Ms;
    const end = endP99(run.samples);
    expect(end, `p99 at the end (idle ${idle} ms)`).to.be.at.most(Math.max(4 * idle, idle + 50));
  });

  it('logs no error: no call fails in its handling, torture messages included', () => {
    const answered500 = [...run.torture.answers].filter(([, statuses]) => statuses.includes(500)).map(([n]) => n);
    expect(errorCounts(run.errors), `torture messages answered 500: ${answered500.join(', ')}`).to.deep.equal({});
  });
});
