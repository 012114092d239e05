import { injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../../../shared/domain/LabId.js';

/**
 * The labs the control API can address. Only `default` exists in this version (labs of their own come with a
 * later step); any other name is a 404 LAB_NOT_FOUND naming it.
 */
@injectable()
export class ControlledLabs {
  resolve(name: string): LabId {
    if (name === DEFAULT_LAB) return DEFAULT_LAB;
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
    const message = `lab '${shown}' does not exist (only '${DEFAULT_LAB}' exists in this version)`;
    throw new DomainError('LAB_NOT_FOUND', 'not_found', message, [{ field: 'lab', rule: 'exists', message }]);
  }
}
