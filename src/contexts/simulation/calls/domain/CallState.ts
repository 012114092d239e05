import { StateMachine, type TransitionTable } from '../../../../shared/domain/StateMachine.js';

/**
 * A simulated call's states: trying (INVITE received, 100 Trying sent, the target being tried), early (a
 * target rings), connected (answered), terminating (a BYE or CANCEL is on its way), terminated. A call refused
 * at a gate, or whose targets all fail, goes from trying (or early) straight to terminated.
 */
export const CALL_STATES = ['trying', 'early', 'connected', 'terminating', 'terminated'] as const;
export type CallState = (typeof CALL_STATES)[number];

const TRANSITIONS: TransitionTable<CallState> = {
  trying: ['early', 'connected', 'terminating', 'terminated'],
  early: ['connected', 'terminating', 'terminated', 'trying'],
  connected: ['terminating'],
  terminating: ['terminated'],
  terminated: [],
};

export const CALL_STATE_MACHINE = new StateMachine<CallState>('call', TRANSITIONS);
