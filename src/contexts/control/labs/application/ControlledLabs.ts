import { inject, injectable } from 'inversify';
import { labNotFound, type LabId } from '../../../../shared/domain/LabId.js';
import { LabDirectory } from '../../../../shared/application/LabDirectory.js';

/** The labs the control API can address: those of the lab directory; any other name is a 404 LAB_NOT_FOUND naming it. */
@injectable()
export class ControlledLabs {
  constructor(@inject(LabDirectory) private readonly directory: LabDirectory) {}

  resolve(name: string): LabId {
    const entry = this.directory.find(name);
    if (entry) return entry.id;
    throw labNotFound(name);
  }
}
