import type { Context, Middleware } from 'koa';
import { FaultRules, RequestJournal } from '../../src/contexts/control/index.js';
import { JournalSettings } from '../../src/contexts/control/journal/application/RequestJournal.js';
import { SwitchableMonitorAvailability } from '../../src/contexts/monitoring/history/application/MonitorAvailability.js';
import { MonitorUnreachableSwitch } from '../../src/contexts/monitoring/history/application/MonitorFaultSwitch.js';
import { Authenticator } from '../../src/shared/application/Authenticator.js';
import { SeededIdGenerator } from '../../src/shared/infrastructure/SeededIdGenerator.js';
import { SeededRandom } from '../../src/shared/domain/SeededRandom.js';
import { SystemClock } from '../../src/shared/infrastructure/SystemClock.js';
import { DEFAULT_LAB } from '../../src/shared/domain/LabId.js';
import { faultInjection } from '../../src/app/http/faultInjection.js';
import { requestJournal } from '../../src/app/http/requestJournal.js';

export interface FaultsBenchFigures {
  readonly requests: number;
  readonly rules: number;
  /** The fault middleware per request, no rule at all (the baseline), µs. */
  readonly noRulesMicros: number;
  /** The same with `rules` rules none of which matches (other operations, other methods, path patterns), µs. */
  readonly nonMatchingMicros: number;
  /** The journal's middleware per request (recording each), µs. */
  readonly journalMicros: number;
}

class NoAuthenticator extends Authenticator {
  async login(): Promise<never> {
    throw new Error('not in the bench');
  }
  async resume() {
    return undefined;
  }
  endAllSessions(): void {}
}

/** A Koa context with what the two middlewares read: a gateway request of an administrator. */
function context(): Context {
  const headers: Record<string, string> = { authorization: 'Basic YW5hZG1pbjphbmFkbWlu' };
  return {
    method: 'GET',
    path: '/api/nodes/get',
    status: 200,
    respond: true,
    state: { requestId: 'bench', operation: 'GET /api/nodes/get', user: 'anadmin' },
    get: (name: string) => headers[name] ?? '',
    req: { socket: { destroyed: false } },
  } as unknown as Context;
}

async function perRequestMicros(middleware: Middleware, requests: number): Promise<number> {
  const next = async () => {};
  const ctx = context();
  for (let i = 0; i < 20_000; i++) await middleware(ctx, next); // warm-up
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < requests; i++) await middleware(ctx, next);
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e3 / requests);
  }
  return best;
}

/**
 * The fault rule engine on the request path, in process: the fault middleware over GET /api/nodes/get with no
 * rule (baseline) and with 100 rules that do not match it — 60 on other operations, 20 on nodes/get with
 * another method, 20 path patterns of other paths (these share the request's bucket and are checked) —
 * best of five rounds; and the journal's middleware recording every request.
 */
export async function faultsBench(requests = 200_000, ruleCount = 100): Promise<FaultsBenchFigures> {
  const make = () =>
    new FaultRules(new SystemClock(), new SeededRandom(1), new SeededIdGenerator(), [
      new MonitorUnreachableSwitch(new SwitchableMonitorAvailability()),
    ]);
  const empty = make();
  const loaded = make();
  for (let i = 0; i < ruleCount; i++) {
    const match =
      i % 5 === 3
        ? { operation: 'nodes/get', method: 'POST' }
        : i % 5 === 4
          ? { path: `/api/other${i}/*` }
          : { operation: `other/op${i}`, method: 'GET' };
    await loaded.add(DEFAULT_LAB, { match, effect: { status: 503 } });
  }
  const authenticator = new NoAuthenticator();
  const noRulesMicros = await perRequestMicros(faultInjection(empty, authenticator, []), requests);
  const nonMatchingMicros = await perRequestMicros(faultInjection(loaded, authenticator, []), requests);
  const journal = new RequestJournal(new JournalSettings(10_000), new SystemClock());
  const journalMicros = await perRequestMicros(requestJournal(journal, empty), requests);
  return { requests, rules: ruleCount, noRulesMicros, nonMatchingMicros, journalMicros };
}
