import { inject, injectable } from 'inversify';
import { DomainError, StaleVersionError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { objectNotFound, requireObjectId } from './objectIds.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';

/**
 * Replaces the note of an object (free text kept with it; not a parameter, not type-checked). With
 * `expectedVersion`, only while the object still has that version (else StaleVersionError, 409).
 */
@injectable()
export class SetObjectNote {
  constructor(
    @inject(WorkingConfiguration) private readonly writes: WorkingConfiguration,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  execute(lab: LabId, idText: string, note: string, expectedVersion?: number): Promise<ConfigObject> {
    const id = requireObjectId(idText);
    if (note.length > ObjectRules.NOTE_MAX) {
      throw DomainError.invalid(
        'NOTE_TOO_LONG',
        `the note must be at most ${ObjectRules.NOTE_MAX} characters, got ${note.length}`,
      );
    }
    if (note.includes('\u0000')) throw DomainError.invalid('NOTE_INVALID', 'the note must not contain NUL characters');
    return this.writes.run(lab, async () => {
      const object = await this.objects.find(lab, id);
      if (!object) throw objectNotFound(id);
      if (expectedVersion !== undefined && object.version !== expectedVersion)
        throw new StaleVersionError('Object', id);
      if (object.note === note) return object;
      await this.writes.beforeChange(lab);
      object.setNote(note);
      await this.objects.save(object);
      return (await this.objects.find(lab, id))!;
    });
  }
}
