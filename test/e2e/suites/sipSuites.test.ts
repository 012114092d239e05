import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIPP } from '../../support/sip/sipp.js';
import { judgeDatagram, sendDatagrams, type Answers } from './datagrams.js';
import { SUITE_CATALOG, disposition, type DatagramEntry, type SippEntry, type SuiteEntry } from './suiteCatalog.js';
import { SuiteLab, suitesDirectory } from './suiteLab.js';
import { SippSuiteRunner, type EntryResult } from './suiteRunner.js';
import { SuiteSummary } from './suiteSummary.js';

/**
 * Other projects' SIP test suites (../shared/sip-suites: drachtio-srf, siphon-rs, pjproject, RFC 4475, RFC 5118)
 * against one gateway with the demo configuration and real SIP. One test per catalog entry; entries skipped or
 * marked as a gap are pending with their reason. SIP_SUITES_ONLY=<text> runs the entries whose id contains it,
 * SIP_SUITES_ALL=1 runs the gaps too, SIP_SUITES_REPORT=<file> writes the summary as JSON.
 */
const ONLY = process.env['SIP_SUITES_ONLY'];
const RUN_GAPS = process.env['SIP_SUITES_ALL'] === '1';
const REPORT = process.env['SIP_SUITES_REPORT'];
const SUITES = suitesDirectory();

const selected = SUITE_CATALOG.filter((entry) => !ONLY || entry.id.includes(ONLY));
const summary = new SuiteSummary();
let lab: SuiteLab | undefined;
let runner: SippSuiteRunner | undefined;
let copies: string | undefined;

/** The pending title of an entry not run, or undefined for one that runs. */
function pendingTitle(entry: SuiteEntry): string | undefined {
  const how = disposition(entry, RUN_GAPS);
  if (how === 'run') return undefined;
  const reason = how === 'skip' ? entry.skip! : entry.gap!;
  summary.record({ id: entry.id, status: how === 'skip' ? 'skipped' : 'gap', reason });
  return `${entry.id} — ${how === 'skip' ? 'skipped' : 'gap'}: ${reason}`;
}

/** Records an entry's result and fails its test when it did not pass. */
function settle(entry: SuiteEntry, result: EntryResult, started: number): void {
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  summary.record({ id: entry.id, status: result.passed ? 'passed' : 'failed', reason: result.reason, seconds });
  if (!result.passed) throw new Error(`${entry.id}: ${result.reason}`);
}

function sippTest(entry: SippEntry): void {
  const pending = pendingTitle(entry);
  if (pending) return void it.skip(pending);
  it(`${entry.id}: ${entry.checks}`, async function () {
    this.timeout((2 * entry.timeoutS + 40) * 1000);
    if (entry.random) this.retries(1);
    const started = Date.now();
    settle(entry, await runner!.run(entry), started);
  });
}

function datagramTests(entries: readonly DatagramEntry[]): void {
  const running = entries.filter((entry) => disposition(entry, RUN_GAPS) === 'run');
  let answers = new Map<string, Answers>();
  before(async function () {
    this.timeout(60_000);
    if (running.length === 0 || !lab) return;
    // A far end that refuses (486) every call a valid INVITE among them starts, so that nothing is left up.
    const refuser = await runner!.refuser();
    try {
      answers = await sendDatagrams(running, SUITES, { host: '127.0.0.1', port: 5070 });
    } finally {
      await refuser.stop().catch(() => undefined);
    }
  });
  for (const entry of entries) {
    const pending = pendingTitle(entry);
    if (pending) {
      it.skip(pending);
      continue;
    }
    it(`${entry.id}: ${entry.checks}`, () =>
      settle(entry, judgeDatagram(entry, answers.get(entry.id) ?? []), Date.now()));
  }
}

describe('SIP test suites of other projects against the demo gateway with real SIP (../shared/sip-suites)', function () {
  before(async function () {
    this.timeout(120_000);
    const missing = !existsSync(SIPP) ? `SIPp (${SIPP})` : !existsSync(SUITES) ? `the suites folder ${SUITES}` : '';
    if (missing) {
      console.log(`    SIP suites skipped: ${missing} is missing`);
      this.skip();
    }
    lab = await SuiteLab.start();
    copies = mkdtempSync(path.join(tmpdir(), 'sip-suites-'));
    runner = new SippSuiteRunner(lab, SUITES, copies);
  });

  after(async function () {
    this.timeout(30_000);
    if (copies) rmSync(copies, { recursive: true, force: true });
    await lab?.stop();
    console.log(summary.text());
    if (REPORT) summary.write(REPORT);
  });

  describe('SIPp scenarios, one after another (the far-end port is shared)', () => {
    for (const entry of selected) if (entry.kind !== 'datagram') sippTest(entry);
  });

  describe('torture messages, one UDP datagram each to PBX Berlin', () => {
    datagramTests(selected.filter((entry): entry is DatagramEntry => entry.kind === 'datagram'));
  });
});
