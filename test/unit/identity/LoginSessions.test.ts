import { expect } from 'chai';
import { NO_PERMISSIONS } from '../../../src/shared/domain/Permission.js';
import { LoginSessions } from '../../../src/contexts/identity/authentication/application/LoginSessions.js';
import { SessionRepository } from '../../../src/contexts/identity/authentication/domain/SessionRepository.js';
import { identityHarness, LAB } from './support/IdentityHarness.js';

describe('the login sessions', () => {
  it('end the idle ones when a session opens, looking at most once a minute', () => {
    const h = identityHarness({ sessionIdleMinutes: 1 });
    const sessions = h.get(LoginSessions);
    const store = h.get(SessionRepository);
    const open = (userId: string) =>
      sessions.open(LAB, userId, { lab: LAB, userId, username: userId, permissions: NO_PERMISSIONS }, undefined);
    const a = open('a');
    h.clock.advanceSeconds(30);
    const b = open('b');
    h.clock.advanceSeconds(31);
    open('c');
    expect(store.get(a), 'idle for 61 s, swept').to.equal(undefined);
    expect(store.get(b)).to.not.equal(undefined);
    h.clock.advanceSeconds(39);
    open('d');
    expect(store.get(b), 'idle for 70 s, but the last look was 39 s ago').to.not.equal(undefined);
    h.clock.advanceSeconds(21);
    open('e');
    expect(store.get(b)).to.equal(undefined);
    expect(store.size).to.equal(3);
  });
});
