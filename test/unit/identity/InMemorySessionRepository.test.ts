import { expect } from 'chai';
import { DEFAULT_LAB, labId } from '../../../src/shared/domain/LabId.js';
import { NO_PERMISSIONS } from '../../../src/shared/domain/Permission.js';
import type { Session } from '../../../src/contexts/identity/authentication/domain/Session.js';
import {
  InMemorySessionRepository,
  MAX_SESSIONS_PER_USER,
} from '../../../src/contexts/identity/authentication/infrastructure/memory/InMemorySessionRepository.js';
import { T0 } from './support/IdentityMother.js';

const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function session(id: string, userId: string, lastSeen = 0, lab = DEFAULT_LAB): Session {
  return {
    id,
    lab,
    userId,
    username: userId,
    principal: { lab, userId, username: userId, permissions: NO_PERMISSIONS },
    createdAt: at(0),
    lastSeenAt: at(lastSeen),
  };
}

describe('the in-memory session store', () => {
  it('touches, removes per user and lab, and sweeps idle sessions', () => {
    const store = new InMemorySessionRepository();
    store.add(session('a', 'u1'));
    store.add(session('b', 'u1'));
    store.add(session('c', 'u2'));
    store.add(session('d', 'u1', 0, labId('other')));
    store.touch('a', at(100));
    expect(store.get('a')!.lastSeenAt).to.deep.equal(at(100));
    store.touch('a', at(50));
    expect(store.get('a')!.lastSeenAt).to.deep.equal(at(100));
    expect(store.removeAllOf(DEFAULT_LAB, 'u1')).to.equal(2);
    expect(store.get('d')).to.not.equal(undefined);
    expect(store.removeIdleSince(at(1))).to.equal(2);
    expect(store.size).to.equal(0);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions per user, ending the least recently used`, () => {
    const store = new InMemorySessionRepository();
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i += 1) store.add(session(`s${i}`, 'u1', i + 10));
    store.touch('s0', at(1000));
    store.add(session('new', 'u1', 2000));
    expect(store.size).to.equal(MAX_SESSIONS_PER_USER);
    expect(store.get('s0')).to.not.equal(undefined);
    expect(store.get('s1')).to.equal(undefined);
    expect(store.get('new')).to.not.equal(undefined);
    store.clear();
    expect(store.size).to.equal(0);
  });
});
