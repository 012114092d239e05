import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabDirectory } from '../../../../shared/application/LabDirectory.js';

/** The labs the control API can address: those of the lab directory; any other name is a 404 LAB_NOT_FOUND naming it. */
@injectable()
export class ControlledLabs {
  constructor(@inject(LabDirectory) private readonly directory: LabDirectory) {}

  resolve(name: string): LabId {
    const entry = this.directory.find(name);
    if (entry) return entry.id;
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
    const message = `lab '${shown}' does not exist (GET /_sim/labs lists the labs)`;
    throw new DomainError('LAB_NOT_FOUND', 'not_found', message, [{ field: 'lab', rule: 'exists', message }]);
  }
}
