import { DomainError } from './DomainError.js';

/**
 * A state machine as data: for each state, the states it may move to. One guarded `transition` checks a move
 * against the table; aggregates call it and raise one event per transition.
 */
export type TransitionTable<S extends string> = { readonly [From in S]: readonly S[] };

export class StateMachine<S extends string> {
  constructor(
    readonly name: string,
    private readonly table: TransitionTable<S>,
  ) {}

  get states(): readonly S[] {
    return Object.keys(this.table) as S[];
  }

  canTransition(from: S, to: S): boolean {
    return this.table[from].includes(to);
  }

  /** Returns `to` when the move is allowed, throws a conflict naming both states otherwise. */
  transition(from: S, to: S): S {
    if (!this.canTransition(from, to)) {
      throw DomainError.conflict(
        `${this.name.toUpperCase()}_TRANSITION_REFUSED`,
        `${this.name} cannot change from ${from} to ${to}`,
      );
    }
    return to;
  }
}
