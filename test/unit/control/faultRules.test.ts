import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { SeededRandom } from '../../../src/shared/domain/SeededRandom.js';
import { RandomSource } from '../../../src/shared/domain/RandomSource.js';
import { FaultRule, type FaultRuleInput } from '../../../src/contexts/control/faults/domain/FaultRule.js';
import { FaultRuleBook } from '../../../src/contexts/control/faults/domain/FaultRuleBook.js';
import { operationOf, type FaultRequest } from '../../../src/contexts/control/faults/domain/FaultMatch.js';
import { sampleLatency } from '../../../src/contexts/control/faults/domain/FaultEffect.js';
import { globMatch } from '../../../src/contexts/control/shared/domain/PathPattern.js';
import { FaultRules } from '../../../src/contexts/control/faults/application/FaultRules.js';
import { FaultRuleStore } from '../../../src/contexts/control/faults/application/FaultRuleStore.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import type { SettingJson } from '../../../src/shared/application/SettingsRepository.js';
import { InMemorySettingsRepository } from '../../../src/shared/infrastructure/memory/InMemorySettingsRepository.js';
import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { SeededIdGenerator } from '../../../src/shared/infrastructure/SeededIdGenerator.js';

const NOW = new Date('2026-03-01T08:00:00Z');
let sequence = 0;
const rule = (input: FaultRuleInput, now = NOW) => FaultRule.create(input, `r${++sequence}`, sequence, now);
const request = (path: string, method = 'GET', user?: string): FaultRequest => ({
  method,
  path,
  operation: operationOf(path),
  user,
});
/** The match of every gateway request, as a rule says it. */
const ALL = { all: true } as const;

function fields(input: unknown): string[] {
  try {
    FaultRule.create(input as FaultRuleInput, 'x', 1, NOW);
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).code).to.equal('INVALID_FAULT_RULE');
    return (error as DomainError).details.map((d) => d.field!);
  }
  return [];
}

/** A random source that answers the values it is given, in turn. */
class Scripted extends RandomSource {
  constructor(private readonly values: number[]) {
    super();
  }
  next(): number {
    return this.values.shift() ?? 0;
  }
}

describe('fault rules (domain)', () => {
  describe('validation', () => {
    it('accepts each API effect and a gateway fault, with defaults filled in', () => {
      expect(rule({ match: ALL, effect: { status: 503 } }).probability).to.equal(1);
      expect(rule({ match: ALL, effect: { latencyMs: 200, status: 500 } }).effect).to.deep.equal({
        type: 'api',
        latency: { distribution: 'fixed', ms: 200 },
        answer: { kind: 'status', status: 500 },
      });
      expect(
        rule({ match: ALL, effect: { latencyMs: { distribution: 'normal', mean: 100, sd: 20 } } }).effect,
      ).to.deep.equal({ type: 'api', latency: { distribution: 'normal', mean: 100, sd: 20 } });
      for (const flag of ['drop', 'malformedBody', 'timeout'] as const)
        expect(rule({ match: ALL, effect: { [flag]: true } }).effect).to.deep.equal({
          type: 'api',
          answer: { kind: flag },
        });
      expect(rule({ effect: { kind: 'monitorUnreachable' } }).isGatewayFault).to.equal(true);
    });

    it('names every faulty field', () => {
      expect(fields({ effect: { status: 503 }, match: { method: 'get' } })).to.deep.equal(['match.method']);
      expect(fields({ match: ALL, effect: { status: 503 }, probability: 1.5 })).to.deep.equal(['probability']);
      expect(fields({ match: ALL, effect: { status: 503 }, probability: -0.1, count: 1.5 })).to.deep.equal([
        'probability',
        'count',
      ]);
      expect(fields({ match: ALL, effect: { status: 503 }, expiresInSeconds: 0 })).to.deep.equal(['expiresInSeconds']);
      expect(fields({ effect: { status: 600 } })).to.deep.equal(['effect.status']);
      expect(fields({ effect: { status: 503, timeout: true } })).to.deep.equal(['effect.timeout']);
      expect(fields({ effect: { body: {} } })).to.deep.equal(['effect.body']);
      expect(fields({ effect: { timeout: true, latencyMs: 5 } })).to.deep.equal(['effect.latencyMs']);
      expect(fields({ effect: { latencyMs: 300_001 } })).to.deep.equal(['effect.latencyMs']);
      expect(fields({ effect: { latencyMs: { distribution: 'poisson' } } })).to.deep.equal([
        'effect.latencyMs.distribution',
      ]);
      expect(fields({ effect: { latencyMs: { distribution: 'uniform', min: 5, max: 1, mean: 3 } } })).to.deep.equal([
        'effect.latencyMs.mean',
        'effect.latencyMs.max',
      ]);
      expect(fields({ effect: {} })).to.deep.equal(['effect']);
      expect(fields({})).to.deep.equal(['effect']);
      expect(fields({ effect: { status: 503 }, match: { operation: 'nodes/get', path: '/api/*' } })).to.deep.equal([
        'match.path',
      ]);
      expect(fields({ effect: { status: 503 }, match: { path: 'api/*' } })).to.deep.equal(['match.path']);
      expect(fields({ effect: { status: 503 }, match: { operation: 'api/nodes/get' } })).to.deep.equal([
        'match.operation',
      ]);
      expect(
        fields({
          match: ALL,
          effect: { status: 503 },
          window: { from: '2026-03-02T00:00:00Z', until: '2026-03-01T09:00:00Z' },
        }),
      ).to.deep.equal(['window.until']);
      expect(fields({ match: ALL, effect: { status: 503 }, window: { until: '2026-03-01T07:00:00Z' } })).to.deep.equal([
        'window.until',
      ]);
      expect(fields({ match: ALL, effect: { status: 503 }, window: { from: '2026-03-01' } })).to.deep.equal([
        'window.from',
      ]);
      expect(fields({ effect: { kind: 'monitorUnreachable', status: 503 } })).to.deep.equal(['effect.status']);
      expect(fields({ effect: { kind: 'monitorUnreachable' }, match: {}, probability: 1 })).to.deep.equal([
        'match',
        'probability',
      ]);
    });

    it('takes an API fault only with a match that names a condition, or says {"all": true} alone', () => {
      expect(fields({ effect: { status: 503 } }), 'no match').to.deep.equal(['match']);
      expect(fields({ effect: { status: 503 }, match: {} }), 'an empty match').to.deep.equal(['match']);
      expect(fields({ effect: { status: 503 }, match: { all: false } })).to.deep.equal(['match.all']);
      expect(fields({ effect: { status: 503 }, match: { all: 'yes' } })).to.deep.equal(['match.all']);
      expect(fields({ effect: { status: 503 }, match: { all: true, operation: 'nodes/get' } })).to.deep.equal([
        'match.all',
      ]);
      expect(fields({ effect: { latencyMs: 10 }, match: { all: true, user: 'anadmin' } })).to.deep.equal(['match.all']);
      try {
        rule({ effect: { status: 503 }, match: {} });
        expect.fail('accepted');
      } catch (error) {
        expect((error as DomainError).message)
          .to.contain('names no condition')
          .and.contain('{"all": true}');
      }
      expect(rule({ match: ALL, effect: { status: 503 } }).toInput().match, 'listed as written').to.deep.equal({
        all: true,
      });
      expect(rule({ match: { method: 'GET' }, effect: { status: 503 } }).toInput().match).to.deep.equal({
        method: 'GET',
      });
      // a gateway fault takes no match at all (it matches no request): none is asked of it
      expect(fields({ effect: { kind: 'monitorUnreachable' } })).to.deep.equal([]);
      expect(rule({ effect: { kind: 'monitorUnreachable' } }).toInput()).to.not.have.property('match');
    });

    it('takes every gateway fault with its parameters, defaults filled in, and lists it as written', () => {
      const node = '8c694406-0000-4000-8000-000000000001';
      const cases: Array<[FaultRuleInput['effect'], Record<string, string | number>]> = [
        [{ kind: 'monitorUnreachable' }, {}],
        [{ kind: 'standbyLinkDown' }, {}],
        [{ kind: 'nodeDown', node }, { node }],
        [{ kind: 'trunkDown', node }, { node }],
        [{ kind: 'licenseRevoked' }, {}],
        [{ kind: 'diskFull' }, {}],
        [{ kind: 'cpuOverload' }, { loadPercent: 98 }],
        [{ kind: 'cpuOverload', loadPercent: 95 }, { loadPercent: 95 }],
        [
          { kind: 'packetLoss', node, lossPercent: 5 },
          { node, lossPercent: 5 },
        ],
        [
          { kind: 'packetLoss', node, lossPercent: 0.5, jitterMs: 40 },
          { node, lossPercent: 0.5, jitterMs: 40 },
        ],
      ];
      for (const [effect, parameters] of cases) {
        const made = rule({ effect });
        expect(made.effect, JSON.stringify(effect)).to.deep.equal({ type: 'gateway', kind: effect.kind, parameters });
        expect(made.toInput().effect).to.deep.equal({ kind: effect.kind, ...parameters });
      }
    });

    it('refuses unknown kinds, missing, foreign and out-of-range parameters, naming each field', () => {
      const node = 'n1';
      expect(fields({ effect: { kind: 'meteorStrike' } })).to.deep.equal(['effect.kind']);
      expect(fields({ effect: { kind: 'nodeDown' } })).to.deep.equal(['effect.node']);
      expect(fields({ effect: { kind: 'trunkDown', node: '' } })).to.deep.equal(['effect.node']);
      expect(fields({ effect: { kind: 'packetLoss', node } })).to.deep.equal(['effect.lossPercent']);
      expect(fields({ effect: { kind: 'packetLoss', lossPercent: 101, jitterMs: -1 } })).to.deep.equal([
        'effect.node',
        'effect.lossPercent',
        'effect.jitterMs',
      ]);
      expect(fields({ effect: { kind: 'packetLoss', node, lossPercent: 5, jitterMs: 1001 } })).to.deep.equal([
        'effect.jitterMs',
      ]);
      expect(fields({ effect: { kind: 'cpuOverload', loadPercent: 0 } })).to.deep.equal(['effect.loadPercent']);
      expect(fields({ effect: { kind: 'cpuOverload', loadPercent: 101 } })).to.deep.equal(['effect.loadPercent']);
      expect(fields({ effect: { kind: 'cpuOverload', loadPercent: 97.5 } })).to.deep.equal(['effect.loadPercent']);
      // parameters given to a kind that takes none, or another kind's
      expect(fields({ effect: { kind: 'diskFull', node } })).to.deep.equal(['effect.node']);
      expect(fields({ effect: { kind: 'standbyLinkDown', loadPercent: 90 } })).to.deep.equal(['effect.loadPercent']);
      expect(fields({ effect: { kind: 'nodeDown', node, lossPercent: 5 } })).to.deep.equal(['effect.lossPercent']);
      // a parameter without a kind
      expect(fields({ effect: { status: 503, node } })).to.deep.equal(['effect.node']);
      try {
        rule({ effect: { kind: 'licenseRevoked', node } });
        expect.fail('accepted');
      } catch (error) {
        expect((error as DomainError).message).to.contain('is not a parameter of licenseRevoked (it takes none)');
      }
    });
  });

  describe('matching', () => {
    it('names the operation of a request from its path', () => {
      expect(operationOf('/api/nodes/get')).to.equal('nodes/get');
      expect(operationOf('/api/nodes/get/')).to.equal('nodes/get');
      expect(operationOf('/app/monitor/callhistory/export/v0')).to.equal('app/monitor/callhistory/export/v0');
    });

    it('holds every condition given: operation, path pattern, method, user', () => {
      const m = (input: FaultRuleInput['match'], r: FaultRequest) =>
        rule({ match: input, effect: { status: 503 } }).match.matches(r);
      expect(m(ALL, request('/api/x'))).to.equal(true);
      expect(m(ALL, request('/app/monitor/x', 'POST', 'anyone'))).to.equal(true);
      expect(m({ operation: 'nodes/get' }, request('/api/nodes/get'))).to.equal(true);
      expect(m({ operation: 'nodes/get' }, request('/api/nodes/add'))).to.equal(false);
      expect(m({ method: 'POST' }, request('/api/nodes/get'))).to.equal(false);
      expect(m({ path: '/api/nodes/*' }, request('/api/nodes/get'))).to.equal(true);
      expect(m({ path: '/api/nodes/*' }, request('/api/roles/get'))).to.equal(false);
      expect(m({ path: '/api/*/g?t' }, request('/api/roles/get'))).to.equal(true);
      expect(m({ user: 'anadmin' }, request('/api/x', 'GET', 'anadmin'))).to.equal(true);
      expect(m({ user: 'anadmin' }, request('/api/x', 'GET', 'other'))).to.equal(false);
      expect(m({ user: 'anadmin' }, request('/api/x'))).to.equal(false);
    });

    it('matches globs without backtracking blow-up', () => {
      expect(globMatch('*a*a*a*a*a*a*b', 'a'.repeat(5000))).to.equal(false);
      expect(globMatch('/api/*', '/api/')).to.equal(true);
      expect(globMatch('/api/?', '/api/')).to.equal(false);
      expect(globMatch('*', '')).to.equal(true);
      expect(globMatch('a*b*c', 'axxbyyc')).to.equal(true);
      expect(globMatch('a*b*c', 'axxbyy')).to.equal(false);
    });
  });

  describe('the rule book', () => {
    const random = new SeededRandom(1);

    it('gives the first matching rule in the order added, counts hits and drops a rule whose count is used up', () => {
      const book = new FaultRuleBook();
      const any = rule({ match: ALL, effect: { status: 500 }, count: 1 });
      const specific = rule({ match: { operation: 'nodes/get', method: 'GET' }, effect: { status: 503 }, count: 2 });
      book.add(any);
      book.add(specific);
      expect(book.choose(request('/api/nodes/get'), NOW, random)?.rule).to.equal(any);
      expect(book.get(any.id)).to.equal(undefined);
      expect(book.choose(request('/api/nodes/get'), NOW, random)?.rule).to.equal(specific);
      expect(specific.remaining).to.equal(1);
      expect(book.choose(request('/api/nodes/get', 'POST'), NOW, random)).to.equal(undefined);
      expect(book.choose(request('/api/nodes/get'), NOW, random)?.rule).to.equal(specific);
      expect(book.choose(request('/api/nodes/get'), NOW, random)).to.equal(undefined);
      expect(book.size).to.equal(0);
      expect(book.hasApiRules).to.equal(false);
    });

    it('draws from the random source only below probability 1, and counts only the faults given', () => {
      const book = new FaultRuleBook();
      const half = rule({ match: ALL, effect: { status: 503 }, probability: 0.5 });
      book.add(half);
      const scripted = new Scripted([0.7, 0.2, 0.5]);
      expect(book.choose(request('/api/a'), NOW, scripted)).to.equal(undefined);
      expect(book.choose(request('/api/a'), NOW, scripted)?.rule).to.equal(half);
      expect(book.choose(request('/api/a'), NOW, scripted)).to.equal(undefined);
      expect(half.hits).to.equal(1);
      const never = new FaultRuleBook();
      never.add(rule({ match: ALL, effect: { status: 503 }, probability: 0 }));
      expect(never.choose(request('/api/a'), NOW, new Scripted([0]))).to.equal(undefined);
    });

    it('holds a rule only inside its window and removes it after its expiry', () => {
      const book = new FaultRuleBook();
      const windowed = rule({
        match: ALL,
        effect: { status: 503 },
        window: { from: '2026-03-01T09:00:00Z', until: '2026-03-01T10:00:00Z' },
      });
      book.add(windowed);
      expect(book.choose(request('/api/a'), NOW, random)).to.equal(undefined);
      expect(windowed.isActive(NOW)).to.equal(false);
      expect(book.choose(request('/api/a'), new Date('2026-03-01T09:30:00Z'), random)?.rule).to.equal(windowed);
      expect(book.choose(request('/api/a'), new Date('2026-03-01T10:00:00Z'), random)).to.equal(undefined);
      expect(book.size).to.equal(0);
      const expiring = rule({ match: ALL, effect: { status: 503 }, expiresInSeconds: 60 });
      expect(expiring.endsAt?.toISOString()).to.equal('2026-03-01T08:01:00.000Z');
      book.add(expiring);
      expect(book.purge(new Date('2026-03-01T08:00:59Z'))).to.deep.equal([]);
      expect(book.purge(new Date('2026-03-01T08:01:00Z'))).to.deep.equal([expiring]);
    });

    it('keeps gateway faults out of request matching', () => {
      const book = new FaultRuleBook();
      book.add(rule({ effect: { kind: 'monitorUnreachable' } }));
      expect(book.hasApiRules).to.equal(false);
      expect(book.choose(request('/api/a'), NOW, random)).to.equal(undefined);
      expect(book.size).to.equal(1);
    });

    it('looks only at the buckets of the request: 100 rules on other operations do not match', () => {
      const book = new FaultRuleBook();
      for (let i = 0; i < 100; i++)
        book.add(rule({ match: { operation: `other/op${i}`, method: 'POST' }, effect: { status: 503 } }));
      expect(book.choose(request('/api/nodes/get'), NOW, random)).to.equal(undefined);
      expect(book.choose(request('/api/other/op7', 'POST'), NOW, random)?.rule.match.operation).to.equal('other/op7');
    });
  });

  describe('rules kept in the store', () => {
    it('reads a rule kept before a match had to name a condition (none, or {}) as {"all": true}: it still faults every request', async () => {
      const lab = 'default' as LabId;
      const clock = new ManualClock(NOW);
      const settings = new InMemorySettingsRepository(clock);
      const unitOfWork = new InMemoryUnitOfWork();
      const kept = [
        { id: 'none', sequence: 1, createdAt: NOW.toISOString(), input: { effect: { status: 503 }, count: 5 } },
        { id: 'empty', sequence: 2, createdAt: NOW.toISOString(), input: { match: {}, effect: { latencyMs: 5 } } },
        {
          id: 'named',
          sequence: 3,
          createdAt: NOW.toISOString(),
          input: { match: { operation: 'nodes/get' }, effect: { status: 500 } },
        },
        { id: 'gateway', sequence: 4, createdAt: NOW.toISOString(), input: { effect: { kind: 'monitorUnreachable' } } },
      ];
      await unitOfWork.write(lab, () => settings.save(lab, 'control.faultRules', kept as unknown as SettingJson, 0));
      const rules = new FaultRules(
        clock,
        new SeededRandom(1),
        new SeededIdGenerator('kept'),
        [],
        undefined,
        undefined,
        undefined,
        new FaultRuleStore(settings, unitOfWork),
      );
      await rules.reload(lab);
      expect(rules.list(lab).map((r) => [r.id, r.toInput().match])).to.deep.equal([
        ['none', { all: true }],
        ['empty', { all: true }],
        ['named', { operation: 'nodes/get' }],
        ['gateway', undefined],
      ]);
      expect(rules.choose(lab, request('/api/roles/get', 'POST'))?.applied.ruleId).to.equal('none');
    });
  });

  it('draws latencies within their bounds, never below zero', () => {
    const random = new SeededRandom(3);
    for (let i = 0; i < 200; i++) {
      expect(sampleLatency({ distribution: 'uniform', min: 10, max: 20 }, random)).to.be.within(10, 20);
      expect(sampleLatency({ distribution: 'normal', mean: 5, sd: 50 }, random)).to.be.at.least(0);
    }
    expect(sampleLatency({ distribution: 'fixed', ms: 42 }, random)).to.equal(42);
  });
});
