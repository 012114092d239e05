import { createSocket } from 'node:dgram';
import path from 'node:path';
import {
  fixture,
  runSipp,
  startSipp,
  type RunningSipp,
  type SippOptions,
  type SippResult,
} from '../../support/sip/sipp.js';
import { copyScenario } from './scenarioCopy.js';
import type { Party, SippEntry } from './suiteCatalog.js';
import { CALLED_NUMBER, NODE_ADDRESS, type SuiteLab } from './suiteLab.js';

/** What one entry did: passed or not, and why in one line. */
export interface EntryResult {
  readonly passed: boolean;
  readonly reason: string;
}

/** How long a far end may still take once its caller has ended (a SIPp UAS lingers 4 s in its timewait). */
const FAR_END_GRACE_MS = 8_000;
/** How long the gateway may take to end a call's sessions once both SIPps are done. */
const SESSIONS_GRACE_MS = 5_000;

/** Runs the SIPp entries of the catalog one after another against one lab. */
export class SippSuiteRunner {
  constructor(
    private readonly lab: SuiteLab,
    private readonly suites: string,
    /** Where the adapted copies of the scenarios are written. */
    private readonly copies: string,
  ) {}

  async run(entry: SippEntry): Promise<EntryResult> {
    await this.lab.farEnds(entry.farEnd ? 'real' : 'answering', entry.carrierB ?? 'answering');
    const previousTimeout =
      entry.rtpTimeoutSeconds === undefined ? undefined : await this.lab.rtpTimeout(entry.rtpTimeoutSeconds);
    try {
      const before = await this.lab.sessions();
      const { caller, farEnd } = await this.play(entry);
      // the gateway may still repeat a message to the far-end port: it must not reach the next entry's far end
      if (entry.farEnd) await drain(this.lab.farEndPort);
      const failures = [judge('caller', entry.caller, caller), judge('far end', entry.farEnd, farEnd)].filter(
        (failure): failure is string => failure !== undefined,
      );
      const left = await this.lab.leftOver(before, entry.leavesCallUp ? 0 : SESSIONS_GRACE_MS);
      if (left.length > 0 && !entry.leavesCallUp)
        failures.push(`call left up in activeSessions: ${left.length} session(s) ${left.join(', ')}`);
      if (failures.length > 0) return { passed: false, reason: failures.join('; ') };
      return { passed: true, reason: left.length > 0 ? `passed; call left up by design` : 'passed' };
    } finally {
      if (previousTimeout !== undefined) await this.lab.rtpTimeout(previousTimeout);
    }
  }

  /**
   * Carrier A's far end refusing every call 486, for the datagrams: a valid INVITE among them becomes a call the
   * gateway relays, and ends at once (nothing is left up, no BYE goes to the addresses the message names).
   */
  async refuser(): Promise<RunningSipp> {
    await this.lab.farEnds('real', 'answering');
    return startSipp({
      scenario: fixture('uas-status'),
      keys: { status: '486' },
      localPort: this.lab.farEndPort,
      calls: 1000,
      timeoutMs: 120_000,
    });
  }

  /** Starts the far end (if any), runs the caller (if any), and answers both results. */
  private async play(entry: SippEntry): Promise<{ caller?: SippResult; farEnd?: SippResult }> {
    let far: RunningSipp | undefined;
    let unwatch: (() => Promise<void>) | undefined;
    try {
      if (entry.farEnd) far = await startSipp(this.options(entry.farEnd, entry, { localPort: this.lab.farEndPort }));
      // the gateway's own requests start once the far end listens
      if (entry.trunk) unwatch = await this.lab.watchTrunk(entry.trunk);
      const caller = entry.caller
        ? await runSipp(this.options(entry.caller, entry, { remote: NODE_ADDRESS, service: entry.service }))
        : undefined;
      const farEnd = far ? await settle(far, caller ? FAR_END_GRACE_MS : (entry.timeoutS + 5) * 1000) : undefined;
      return { ...(caller ? { caller } : {}), ...(farEnd ? { farEnd } : {}) };
    } finally {
      await unwatch?.();
      // a far end still running after a failure is ended, so that the next entry finds its port free
      await far?.stop().catch(() => undefined);
    }
  }

  private options(party: Party, entry: SippEntry, more: Partial<SippOptions>): SippOptions {
    const scenario = this.scenario(party);
    const copied = path.dirname(scenario);
    const extra = (party.extra ?? []).map((arg) => (party.companions?.includes(arg) ? path.join(copied, arg) : arg));
    return {
      scenario,
      calls: party.calls ?? 1,
      ...(party.keys ? { keys: party.keys } : {}),
      timeoutMs: (entry.timeoutS + 10) * 1000,
      extra: ['-timeout', `${entry.timeoutS}s`, '-timeout_error', ...extra],
      ...more,
      service: more.service ?? CALLED_NUMBER,
    };
  }

  /** The scenario SIPp runs for a party: a built-in's name, a fixture's path, or the adapted copy of a suite file. */
  private scenario(party: Party): string {
    if (party.scenario.startsWith('builtin:')) return party.scenario.slice('builtin:'.length);
    if (party.scenario.startsWith('fixture:')) return fixture(party.scenario.slice('fixture:'.length));
    const source = path.join(this.suites, party.scenario);
    const target = path.join(this.copies, path.dirname(party.scenario));
    return copyScenario(source, target, party.companions ?? [], party.corrections ?? []);
  }
}

/**
 * Listens on the far-end port until it has been quiet for a moment (long enough to see a repetition at T2 once
 * something came), at most 35 s: what the gateway still repeats to the last far end is absorbed here.
 */
async function drain(port: number): Promise<void> {
  const socket = createSocket('udp4');
  const bound = await new Promise<boolean>((resolve) => {
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => resolve(true));
  });
  if (!bound) return;
  const deadline = Date.now() + 35_000;
  let last = Date.now();
  let heard = false;
  socket.on('message', () => {
    heard = true;
    last = Date.now();
  });
  while (Date.now() < deadline && Date.now() - last < (heard ? 4_500 : 700))
    await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise<void>((resolve) => socket.close(() => resolve()));
}

/** The far end's result once it ends by itself within `withinMs`, or as it is when stopped then. */
async function settle(far: RunningSipp, withinMs: number): Promise<SippResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), withinMs);
  });
  const result = await Promise.race([far.done, late]);
  clearTimeout(timer);
  return result ?? (await far.stop());
}

/** Why a party failed, in one line, or undefined when it passed (or its exit is not judged). */
export function judge(role: string, party: Party | undefined, result: SippResult | undefined): string | undefined {
  if (!party || !result || party.exit === 'any' || result.exitCode === 0) return undefined;
  return `${role} ${party.scenario.replace(/^.*\//, '')}: ${complaint(result)}`;
}

/** What SIPp complained about, in one line: the step it waited for and what came instead, or its timeout. */
export function complaint(result: SippResult): string {
  const text = `${result.errors}\n${result.logs}\n${result.stderr}`;
  const unexpected = /while expecting '([^']+)' \(index (\d+)\), received '([^\r\n']*)/.exec(text);
  // SIPp names the first receive of the step, often the optional 100 the copy added: then only what came is told
  if (unexpected)
    return unexpected[1] === '100'
      ? `unexpected ${unexpected[3]!.trim()} at step ${unexpected[2]}`
      : `expected ${unexpected[1]} (step ${unexpected[2]}), received ${unexpected[3]!.trim()}`;
  const logged = /expected final status \d+, received \d+/.exec(text);
  if (logged) return logged[0];
  const line = text
    .split(/\r?\n/)
    .map((l) => l.replace(/^\S+\t\S+\t\S+:\s*/, '').trim())
    .find((l) => /abort|timeout|timed out|unexpected|error|fail|refus/i.test(l) && !/^\s*$/.test(l));
  const exit = result.exitCode === -1 ? 'still waiting when stopped' : `exit ${result.exitCode}`;
  return `${exit}${line ? `: ${line.slice(0, 200)}` : ''}`;
}
