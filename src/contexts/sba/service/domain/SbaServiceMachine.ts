import { StateMachine, type TransitionTable } from '../../../../shared/domain/StateMachine.js';

/**
 * The collaboration SBA service's states. DISABLED: switched off (the real product's only shown value).
 * STARTING: enable was asked, the parts are being checked and the service connects. RUNNING: connected with a
 * complete configuration. ERROR: enabled, but a part is missing or the connection failed (the reason is kept).
 */
export const SBA_STATES = ['DISABLED', 'STARTING', 'RUNNING', 'ERROR'] as const;
export type SbaState = (typeof SBA_STATES)[number];

/** What may follow what: enable goes through STARTING; disable returns to DISABLED from anywhere but DISABLED. */
export const SBA_TRANSITIONS: TransitionTable<SbaState> = {
  DISABLED: ['STARTING'],
  STARTING: ['RUNNING', 'ERROR'],
  RUNNING: ['STARTING', 'DISABLED'],
  ERROR: ['STARTING', 'DISABLED'],
};

export const SBA_MACHINE = new StateMachine<SbaState>('SBA service', SBA_TRANSITIONS);
