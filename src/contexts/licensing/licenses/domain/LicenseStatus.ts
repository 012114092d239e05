import { StateMachine, type TransitionTable } from '../../../../shared/domain/StateMachine.js';

/** The specification's values of License.status. */
export const LICENSE_STATUSES = [
  'CONFIGURED',
  'ACTIVE',
  'SIGNATURE',
  'PRODUCT',
  'APPLICATION',
  'SYSTEM_ID',
  'VALID_FROM',
  'VALID_UNTIL',
  'SUS_UNTIL',
  'INVALIDATED',
  'MUTEX',
] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/** Statuses decided by the license's own document and this gateway: they never change once reached. */
export const FINAL_STATUSES: readonly LicenseStatus[] = ['SIGNATURE', 'PRODUCT', 'APPLICATION', 'SYSTEM_ID'];
/** Statuses that follow the clock: they move among each other as time passes (or a lab clock is set back). */
const TIMED: readonly LicenseStatus[] = ['VALID_FROM', 'ACTIVE', 'SUS_UNTIL', 'VALID_UNTIL'];
const others = (status: LicenseStatus, among: readonly LicenseStatus[]) => among.filter((s) => s !== status);

/**
 * The transitions of License.status (the specification shows none; LICENSING.md explains the table):
 * CONFIGURED is the state of a license just stored, before its first evaluation, and may move anywhere.
 * SIGNATURE, PRODUCT, APPLICATION and SYSTEM_ID are final (the signed document and the gateway do not change).
 * The timed states move among each other and to INVALIDATED (a later license invalidates it) or MUTEX (it and
 * another license invalidate each other). INVALIDATED may still become MUTEX; MUTEX is final (licenses are never removed).
 */
export const LICENSE_TRANSITIONS: TransitionTable<LicenseStatus> = {
  CONFIGURED: others('CONFIGURED', LICENSE_STATUSES),
  ACTIVE: [...others('ACTIVE', TIMED), 'INVALIDATED', 'MUTEX'],
  VALID_FROM: [...others('VALID_FROM', TIMED), 'INVALIDATED', 'MUTEX'],
  VALID_UNTIL: [...others('VALID_UNTIL', TIMED), 'INVALIDATED', 'MUTEX'],
  SUS_UNTIL: [...others('SUS_UNTIL', TIMED), 'INVALIDATED', 'MUTEX'],
  INVALIDATED: ['MUTEX'],
  MUTEX: [],
  SIGNATURE: [],
  PRODUCT: [],
  APPLICATION: [],
  SYSTEM_ID: [],
};

export const LICENSE_STATUS_MACHINE = new StateMachine<LicenseStatus>('License status', LICENSE_TRANSITIONS);
