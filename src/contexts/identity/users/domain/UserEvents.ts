import type { DomainEvent } from '../../../../shared/domain/DomainEvent.js';
import type { AccountState } from './AccountStates.js';

export interface UserAdded extends DomainEvent {
  readonly name: 'UserAdded';
  readonly userId: string;
}

export interface UserRemoved extends DomainEvent {
  readonly name: 'UserRemoved';
  readonly userId: string;
}

/** One per transition of the account's state machine. */
export interface UserAccountStateChanged extends DomainEvent {
  readonly name: 'UserAccountStateChanged';
  readonly userId: string;
  readonly from: AccountState;
  readonly to: AccountState;
}

export interface UserPasswordChanged extends DomainEvent {
  readonly name: 'UserPasswordChanged';
  readonly userId: string;
}

export type UserEvent = UserAdded | UserRemoved | UserAccountStateChanged | UserPasswordChanged;
