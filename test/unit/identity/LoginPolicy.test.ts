import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import {
  BLOCK_DURATION_MINUTES,
  DEFAULT_LOGIN_POLICY,
  LoginPolicy,
  type LoginPolicyValues,
} from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';

function policy(values: Partial<LoginPolicyValues>): LoginPolicy {
  return LoginPolicy.of(DEFAULT_LAB, { ...DEFAULT_LOGIN_POLICY, ...values });
}

function failure(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('the login policy', () => {
  it('defaults to blocking after 5 failures, no delays, passwords that never expire', () => {
    const p = LoginPolicy.initial(DEFAULT_LAB);
    expect(p.values).to.deep.equal(DEFAULT_LOGIN_POLICY);
    expect(p.delayAfter(3)).to.equal(0);
    expect(p.blocksAfter(4)).to.equal(false);
    expect(p.blocksAfter(5)).to.equal(true);
    expect(p.expiryOf(new Date())).to.equal(undefined);
  });

  it('doubles the delay with each consecutive failure, from minLoginDelay up to maxLoginDelay', () => {
    const p = policy({ minLoginDelay: 2, maxLoginDelay: 20 });
    expect([0, 1, 2, 3, 4, 5, 50].map((k) => p.delayAfter(k))).to.deep.equal([0, 2, 4, 8, 16, 20, 20]);
  });

  it('never blocks with attemptsUntilBlocked 0', () => {
    expect(policy({ attemptsUntilBlocked: 0 }).blocksAfter(1000)).to.equal(false);
  });

  it(`blocks for ${BLOCK_DURATION_MINUTES} minutes`, () => {
    const now = new Date('2026-03-01T08:00:00Z');
    expect(LoginPolicy.initial(DEFAULT_LAB).blockedUntil(now).toISOString()).to.equal('2026-03-01T08:15:00.000Z');
  });

  it('expires a password passwordExpiration days after it was set and keeps it passwordUnchangeableMinutes', () => {
    const p = policy({ passwordExpiration: 30, passwordUnchangeableMinutes: 90 });
    const set = new Date('2026-03-01T08:00:00Z');
    expect(p.expiryOf(set)!.toISOString()).to.equal('2026-03-31T08:00:00.000Z');
    expect(p.changeableFrom(set).toISOString()).to.equal('2026-03-01T09:30:00.000Z');
  });

  it('refuses negative values, fractions, min above max and a warning longer than the expiry, naming each', () => {
    expect(
      failure(() => policy({ minLoginDelay: -1, attemptsUntilBlocked: 2.5 })).details.map((d) => d.field),
    ).to.have.members(['minLoginDelay', 'attemptsUntilBlocked']);
    expect(failure(() => policy({ minLoginDelay: 10, maxLoginDelay: 5 })).details.map((d) => d.rule)).to.deep.equal([
      'minNotAboveMax',
    ]);
    expect(
      failure(() => policy({ passwordExpiration: 7, passwordExpirationWarning: 8 })).details.map((d) => d.field),
    ).to.deep.equal(['passwordExpirationWarning']);
    expect(failure(() => policy({ maxObsoletePasswords: 25 })).code).to.equal('INVALID_LOGIN_POLICY');
  });
});
