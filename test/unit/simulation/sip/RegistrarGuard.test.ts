import { expect } from 'chai';
import { RegistrarGuard } from '../../../../src/contexts/simulation/sip/domain/RegistrarGuard.js';
import {
  DEFAULT_REGISTRAR_GUARD,
  registrarGuardOf,
} from '../../../../src/contexts/simulation/sip/domain/RegistrarGuardSettings.js';

const T0 = Date.parse('2026-03-01T08:00:00Z');
const settings = { attemptsUntilBlocked: 5, minDelayMs: 100, maxDelayMs: 1000, blockSeconds: 60, windowSeconds: 300 };

describe('password guessing at the registrars (RegistrarGuard)', () => {
  it("holds each failure's answer longer (doubling to the maximum), then blocks the source and the user at the count", () => {
    const guard = new RegistrarGuard(settings);
    const delays = [];
    for (let i = 0; i < 4; i += 1) {
      const failure = guard.failed('198.51.100.9', 'phones', 'alice', T0 + i);
      delays.push(failure.delayMs);
      expect(failure.blocked).to.deep.equal([]);
      expect(guard.blockOf('198.51.100.9', 'phones', 'alice', T0 + i)).to.equal(undefined);
    }
    expect(delays).to.deep.equal([100, 200, 400, 800]);
    const fifth = guard.failed('198.51.100.9', 'phones', 'alice', T0 + 10);
    expect(fifth.delayMs, 'never beyond the maximum').to.equal(1000);
    expect(fifth.blocked).to.deep.equal([
      { kind: 'source', name: '198.51.100.9', until: T0 + 10 + 60_000, failures: 5 },
      { kind: 'user', name: 'alice', nodeId: 'phones', until: T0 + 10 + 60_000, failures: 5 },
    ]);
    expect(guard.blockOf('198.51.100.9', 'phones', 'bob', T0 + 20)?.kind, 'the source, for any user').to.equal(
      'source',
    );
    expect(guard.blockOf('203.0.113.1', 'phones', 'alice', T0 + 20)?.kind, 'the user, from anywhere').to.equal('user');
    expect(guard.blockOf('203.0.113.1', 'other-node', 'alice', T0 + 20), "another registrar's alice").to.equal(
      undefined,
    );
    expect(guard.blockOf('::ffff:198.51.100.9', 'phones', 'bob', T0 + 20), 'however the socket spells it').to.not.equal(
      undefined,
    );
    expect(guard.failedDigests).to.equal(5);
    expect(guard.refusedWhileBlocked).to.equal(3);
  });

  it('a block ends at its time (the count starts over); failures with none for the window are forgotten', () => {
    const guard = new RegistrarGuard(settings);
    for (let i = 0; i < 5; i += 1) guard.failed('198.51.100.9', 'phones', 'alice', T0);
    expect(guard.blocks(T0 + 59_999)).to.have.length(2);
    expect(guard.blocks(T0 + 60_000)).to.deep.equal([]);
    expect(guard.failed('198.51.100.9', 'phones', 'alice', T0 + 60_000).delayMs, 'the first failure again').to.equal(
      100,
    );
    const quiet = new RegistrarGuard(settings);
    for (let i = 0; i < 4; i += 1) quiet.failed('198.51.100.9', 'phones', 'alice', T0);
    expect(quiet.failed('198.51.100.9', 'phones', 'alice', T0 + 300_001).blocked, 'past the window').to.deep.equal([]);
  });

  it('a proven password resets the source and the user; a guard that never blocks still delays', () => {
    const guard = new RegistrarGuard(settings);
    for (let i = 0; i < 4; i += 1) guard.failed('198.51.100.9', 'phones', 'alice', T0);
    guard.succeeded('198.51.100.9', 'phones', 'alice');
    expect(guard.failed('198.51.100.9', 'phones', 'alice', T0).delayMs).to.equal(100);
    const lenient = new RegistrarGuard({ ...settings, attemptsUntilBlocked: 0, minDelayMs: 0 });
    for (let i = 0; i < 200; i += 1)
      expect(lenient.failed('198.51.100.9', 'p', 'a', T0 + i)).to.deep.equal({
        delayMs: 0,
        blocked: [],
      });
    expect(lenient.blocks(T0 + 500)).to.deep.equal([]);
  });

  it('the user and the source count apart: many sources on one user block the user only, one source on many users the source', () => {
    const guard = new RegistrarGuard(settings);
    for (let i = 0; i < 5; i += 1) guard.failed(`203.0.113.${i + 1}`, 'phones', 'alice', T0);
    expect(guard.blocks(T0).map((b) => `${b.kind} ${b.name}`)).to.deep.equal(['user alice']);
    for (let i = 0; i < 5; i += 1) guard.failed('198.51.100.9', 'phones', `user${i}`, T0);
    expect(guard.blocks(T0).map((b) => `${b.kind} ${b.name}`)).to.deep.equal(['source 198.51.100.9', 'user alice']);
  });

  it('an administrator lifts the blocks of a source, of a user, or all; their counts start over', () => {
    const guard = new RegistrarGuard(settings);
    for (let i = 0; i < 5; i += 1) guard.failed('198.51.100.9', 'phones', 'alice', T0);
    for (let i = 0; i < 5; i += 1) guard.failed('2001:db8::9', 'phones', 'bob', T0);
    expect(guard.lift({ source: '::ffff:198.51.100.9' }, T0).map((b) => b.name)).to.deep.equal(['198.51.100.9']);
    expect(guard.blockOf('198.51.100.9', 'phones', 'carol', T0)).to.equal(undefined);
    expect(guard.lift({ user: 'alice' }, T0).map((b) => `${b.kind} ${b.name} ${b.nodeId}`)).to.deep.equal([
      'user alice phones',
    ]);
    expect(guard.lift({ user: 'nobody' }, T0)).to.deep.equal([]);
    expect(guard.lift({}, T0).map((b) => b.name)).to.deep.equal(['2001:db8::9', 'bob']);
    expect(guard.blocks(T0)).to.deep.equal([]);
    expect(guard.failed('2001:db8::9', 'phones', 'bob', T0).delayMs, 'counted from one again').to.equal(100);
  });

  it('the settings: fields given replace, others stay; bounds and min ≤ max are named', () => {
    expect(registrarGuardOf(DEFAULT_REGISTRAR_GUARD, { attemptsUntilBlocked: 3 })).to.deep.equal({
      settings: { ...DEFAULT_REGISTRAR_GUARD, attemptsUntilBlocked: 3 },
      problems: [],
    });
    expect(
      registrarGuardOf(DEFAULT_REGISTRAR_GUARD, { minDelayMs: -1, blockSeconds: 1.5 }).problems.map((p) => p.field),
    ).to.deep.equal(['registrarGuard.minDelayMs', 'registrarGuard.blockSeconds']);
    expect(
      registrarGuardOf(DEFAULT_REGISTRAR_GUARD, { minDelayMs: 9000, maxDelayMs: 8000 }).problems.map((p) => p.rule),
    ).to.deep.equal(['minNotAboveMax']);
    expect(registrarGuardOf(DEFAULT_REGISTRAR_GUARD, { maxDelayMs: 40_000 }).problems[0]?.message).to.match(
      /registrarGuard.maxDelayMs must be a whole number from 0 to 30000/,
    );
  });
});
