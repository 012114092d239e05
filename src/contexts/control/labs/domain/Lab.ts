import { DomainError } from '../../../../shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../../../shared/domain/LabId.js';

/** A lab's name: what its URLs carry (`/labs/{name}/api/...`). */
export const LAB_NAME = /^[a-z][a-z0-9-]{0,31}$/;
/** How many labs one process serves. */
export const MAX_LABS = 64;

function invalid(field: string, message: string): DomainError {
  return DomainError.invalid('INVALID_LAB', `${field} ${message}`, [{ field, rule: 'lab', message }]);
}

/**
 * The lab a scenario runs in when none is named: `scenario-<its name>`, cut to a lab name's 32 characters. A lab
 * so named is the scenario's own: a run replaces it.
 */
export function scenarioLabName(scenario: string): string {
  return `scenario-${scenario}`.slice(0, 32).replace(/-+$/, '');
}

/** An isolated simulated gateway: its own configuration, users, licenses, clock, traffic and history. */
export interface Lab {
  readonly id: LabId;
  readonly displayName: string;
  readonly createdAt: Date;
  readonly port?: number;
}

/** Checks a new lab's name and display name (the default lab exists from the start and is never made). */
export function newLab(name: string, displayName: string | undefined, now: Date, port?: number): Lab {
  if (!LAB_NAME.test(name))
    throw invalid(
      'name',
      `'${name.slice(0, 40)}' is not a lab name: 1 to 32 lower-case letters, digits and hyphens, starting with a letter`,
    );
  if (name === DEFAULT_LAB)
    throw DomainError.conflict('LAB_EXISTS', `lab '${DEFAULT_LAB}' always exists`, [
      { field: 'name', rule: 'unique', message: `'${DEFAULT_LAB}' is taken` },
    ]);
  const shown = displayName?.trim() || name;
  if (shown.length > 128) throw invalid('displayName', 'is longer than 128 characters');
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535))
    throw invalid('port', 'must be a TCP port, 1 to 65535');
  return { id: name as LabId, displayName: shown, createdAt: now, ...(port !== undefined ? { port } : {}) };
}
