import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import {
  ACCOUNT_STATE_MACHINE,
  ACCOUNT_STATES,
  type AccountState,
} from '../../../src/contexts/identity/users/domain/AccountStates.js';

/** The expected lifecycle, written out pair by pair so a change of the table shows here. */
const ALLOWED: ReadonlySet<string> = new Set([
  'ACTIVE->BLOCKED',
  'ACTIVE->DISABLED',
  'ACTIVE->PASSWORD_EXPIRED',
  'BLOCKED->ACTIVE',
  'BLOCKED->DISABLED',
  'DISABLED->ACTIVE',
  'PASSWORD_EXPIRED->ACTIVE',
  'PASSWORD_EXPIRED->BLOCKED',
  'PASSWORD_EXPIRED->DISABLED',
]);

describe('the user account lifecycle', () => {
  it('has the four states ACTIVE, BLOCKED, DISABLED and PASSWORD_EXPIRED', () => {
    expect([...ACCOUNT_STATE_MACHINE.states].sort()).to.deep.equal([...ACCOUNT_STATES].sort());
  });

  for (const from of ACCOUNT_STATES) {
    for (const to of ACCOUNT_STATES) {
      const allowed = ALLOWED.has(`${from}->${to}`);
      it(`${allowed ? 'allows' : 'refuses'} ${from} → ${to}`, () => {
        expect(ACCOUNT_STATE_MACHINE.canTransition(from, to)).to.equal(allowed);
        if (allowed) {
          expect(ACCOUNT_STATE_MACHINE.transition(from, to)).to.equal(to);
        } else {
          let error: unknown;
          try {
            ACCOUNT_STATE_MACHINE.transition(from as AccountState, to as AccountState);
          } catch (e) {
            error = e;
          }
          expect(error).to.be.instanceOf(DomainError);
          expect((error as DomainError).kind).to.equal('conflict');
          expect((error as DomainError).code).to.equal('ACCOUNT_TRANSITION_REFUSED');
        }
      });
    }
  }
});
