import { expect } from 'chai';
import {
  buildRequest,
  digestAuthorization,
  parseDigestChallenge,
  type ServerTransaction,
  type SipResponse,
} from '@gwsim/sip';
import type { PlanNode } from '../../../../src/contexts/configuration/index.js';
import { SipRegistrar } from '../../../../src/contexts/simulation/sip/infrastructure/SipRegistrar.js';
import { planNode } from '../../../support/simulation/handPlan.js';

const DOMAIN = 'phones.test';
const ATTACKER = '198.51.100.66';
const PHONE = '192.0.2.20';

function registrarNode(): PlanNode {
  const base = planNode('phones');
  return {
    ...base,
    sip: {
      ...base.sip,
      registrar: {
        domain: DOMAIN,
        acceptPolicy: 'DIRECTORY',
        minExpiresSeconds: 60,
        maxExpiresSeconds: 3600,
        authenticationRequired: true,
        users: new Map<string, string | undefined>([
          ['alice', 'Alice-Pw'],
          ['carol', undefined],
        ]),
      },
    },
  };
}

let counter = 0;

/**
 * A registrar whose held answers wait in `held` (their delay noted) until the test releases them, so what is
 * answered and after how long is seen without waiting.
 */
class Bench {
  now = Date.parse('2026-03-01T08:00:00Z');
  readonly held: Array<{ ms: number; run: () => void }> = [];
  readonly registrar = new SipRegistrar(
    () => this.now,
    (ms, run) => this.held.push({ ms, run }),
  );
  readonly node = registrarNode();

  constructor() {
    this.registrar.guard.settings = {
      attemptsUntilBlocked: 5,
      minDelayMs: 100,
      maxDelayMs: 400,
      blockSeconds: 60,
      windowSeconds: 300,
    };
  }

  /** A REGISTER from `source`; answers the responses it got (none yet while its answer is held). */
  send(source: string, user: string, authorization?: string): SipResponse[] {
    counter += 1;
    const request = buildRequest({
      method: 'REGISTER',
      uri: `sip:${DOMAIN}`,
      via: { transport: 'UDP', host: source, port: 5060, branch: `z9hG4bKguard${counter}` },
      from: { uri: `sip:${user}@${DOMAIN}`, params: { tag: `g${counter}` } },
      to: { uri: `sip:${user}@${DOMAIN}`, params: {} },
      callId: `guard-${source}`,
      cseq: counter,
    });
    const responses: SipResponse[] = [];
    const transaction: ServerTransaction = {
      request: authorization
        ? { ...request, headers: [...request.headers, { name: 'Authorization', value: authorization }] }
        : request,
      source: { transport: 'UDP', host: source, port: 5060 },
      respond: (response) => void responses.push(response),
      terminated: false,
    };
    this.registrar.register(this.node, transaction);
    return responses;
  }

  /** Registers with the digest of `username`/`password`: the challenge, then the answer (maybe held). */
  attempt(source: string, user: string, password: string, username = user): SipResponse[] {
    const [challenged] = this.send(source, user);
    expect(challenged?.status, 'challenged first').to.equal(401);
    const challenge = parseDigestChallenge(challenged!.headers.find((h) => h.name === 'WWW-Authenticate')!.value)!;
    return this.send(source, user, digestAuthorization(challenge, { username, password }, 'REGISTER', `sip:${DOMAIN}`));
  }

  /** Releases the held answers; answers their delays. */
  release(): number[] {
    const delays = this.held.map((h) => h.ms);
    for (const h of this.held.splice(0)) h.run();
    return delays;
  }
}

function status(responses: SipResponse[]): number | undefined {
  return responses[0]?.status;
}

describe('the phone registrar against password guessing (SipRegistrar with its guard)', () => {
  it('a wrong password, an unknown user, a user without a password and another name’s digest: one answer, one delay', () => {
    const cases: Array<[string, string, string | undefined]> = [
      ['alice', 'wrong', undefined],
      ['mallory', 'anything', undefined],
      ['carol', '', undefined],
      ['alice', 'Alice-Pw', 'bob'],
    ];
    const seen = cases.map(([user, password, username]) => {
      const bench = new Bench();
      const answered = bench.attempt(ATTACKER, user, password, username);
      expect(answered, 'nothing before the delay').to.deep.equal([]);
      const delays = bench.release();
      return { delays, status: status(answered), headers: answered[0]!.headers.map((h) => h.name) };
    });
    for (const one of seen) expect(one).to.deep.equal(seen[0]);
    expect(seen[0]).to.deep.include({ delays: [100], status: 403 });
  });

  it('200 guesses: delays grow, the fifth failure blocks, the rest get 503 with Retry-After before any challenge', () => {
    const bench = new Bench();
    const answers: number[] = [];
    const delays: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const first = bench.send(ATTACKER, 'alice');
      if (status(first) !== 401) {
        answers.push(status(first)!);
        continue;
      }
      const challenge = parseDigestChallenge(first[0]!.headers.find((h) => h.name === 'WWW-Authenticate')!.value)!;
      const responses = bench.send(
        ATTACKER,
        'alice',
        digestAuthorization(challenge, { username: 'alice', password: `guess-${i}` }, 'REGISTER', `sip:${DOMAIN}`),
      );
      delays.push(...bench.release());
      answers.push(status(responses)!);
    }
    expect(delays).to.deep.equal([100, 200, 400, 400, 400]);
    expect(answers.slice(0, 5)).to.deep.equal([403, 403, 403, 403, 403]);
    expect(new Set(answers.slice(5))).to.deep.equal(new Set([503]));
    const blocked = bench.send(ATTACKER, 'alice');
    expect(blocked[0]!.headers.find((h) => h.name === 'Retry-After')?.value).to.equal('60');
    expect(bench.registrar.guard.failedDigests).to.equal(5);
  });

  it('the right password is refused while its source or its user is blocked, and registers once an administrator lifts the block', () => {
    const bench = new Bench();
    for (let i = 0; i < 5; i += 1) bench.attempt(ATTACKER, 'alice', `guess-${i}`);
    bench.release();
    expect(status(bench.send(ATTACKER, 'alice')), 'the source').to.equal(503);
    expect(status(bench.send(PHONE, 'alice')), 'the user, from its own phone').to.equal(503);
    bench.now += 30_000;
    const waiting = bench.send(PHONE, 'alice');
    expect(waiting[0]!.headers.find((h) => h.name === 'Retry-After')?.value, 'what is left').to.equal('30');
    expect(bench.registrar.guard.lift({ user: 'alice' }, bench.now)).to.have.length(1);
    const [ok] = bench.attempt(PHONE, 'alice', 'Alice-Pw');
    expect(ok?.status, 'the phone registers').to.equal(200);
    expect(status(bench.send(ATTACKER, 'alice')), 'the source stays blocked').to.equal(503);
    bench.now += 30_000;
    expect(status(bench.send(ATTACKER, 'alice')), 'until its block ran out').to.equal(401);
  });

  it('a proven password starts the counts over; a registrar without a challenge has nothing to guard', () => {
    const bench = new Bench();
    for (let i = 0; i < 4; i += 1) bench.attempt(PHONE, 'alice', 'typo');
    bench.release();
    expect(status(bench.attempt(PHONE, 'alice', 'Alice-Pw'))).to.equal(200);
    bench.attempt(PHONE, 'alice', 'typo');
    expect(bench.release(), 'the first failure again').to.deep.equal([100]);
    const open = new Bench();
    const node = {
      ...open.node,
      sip: { ...open.node.sip, registrar: { ...open.node.sip.registrar!, authenticationRequired: false } },
    };
    for (let i = 0; i < 10; i += 1)
      open.registrar.register(node, {
        request: buildRequest({
          method: 'REGISTER',
          uri: `sip:${DOMAIN}`,
          via: { transport: 'UDP', host: ATTACKER, port: 5060, branch: `z9hG4bKopen${i}` },
          from: { uri: `sip:mallory@${DOMAIN}`, params: { tag: `o${i}` } },
          to: { uri: `sip:mallory@${DOMAIN}`, params: {} },
          callId: 'open',
          cseq: i + 1,
        }),
        source: { transport: 'UDP', host: ATTACKER, port: 5060 },
        respond: () => undefined,
        terminated: false,
      });
    expect(open.registrar.guard.blocks(open.now)).to.deep.equal([]);
  });
});
