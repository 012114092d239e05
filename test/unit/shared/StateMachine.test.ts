import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { StateMachine } from '../../../src/shared/domain/StateMachine.js';

type Light = 'red' | 'green' | 'amber';
const lights = new StateMachine<Light>('Light', { red: ['green'], green: ['amber'], amber: ['red'] });

describe('state machines as data', () => {
  it('allows exactly the moves of its table, for every pair of states', () => {
    const allowed = new Set(['red>green', 'green>amber', 'amber>red']);
    for (const from of lights.states) {
      for (const to of lights.states) {
        expect(lights.canTransition(from, to), `${from}>${to}`).to.equal(allowed.has(`${from}>${to}`));
      }
    }
  });

  it('refuses a move outside the table with a conflict naming both states', () => {
    let error: unknown;
    try {
      lights.transition('red', 'amber');
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).kind).to.equal('conflict');
    expect((error as DomainError).code).to.equal('LIGHT_TRANSITION_REFUSED');
    expect((error as DomainError).message)
      .to.contain('red')
      .and.contain('amber');
  });
});
