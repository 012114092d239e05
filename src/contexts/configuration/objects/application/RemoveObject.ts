import { inject, injectable } from 'inversify';
import { DomainError, StaleVersionError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { objectNotFound, requireObjectId } from './objectIds.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';

/** One detail per referrer: which object refers to the one being removed, through which slot. */
export function referrerDetails(target: ConfigObject, referrers: readonly ConfigObject[]): ErrorDetail[] {
  return referrers.map((referrer) => {
    const slots = Object.entries(referrer.references)
      .filter(([, ids]) => ids.includes(target.id))
      .map(([slot]) => slot);
    return {
      field: target.id,
      rule: 'referenced',
      message: `${referrer.sort} '${referrer.displayName}' (${referrer.id}) refers to it through ${slots.join(', ')}`,
    };
  });
}

export function protectedObject(object: ConfigObject): DomainError {
  return DomainError.conflict(
    'OBJECT_PROTECTED',
    `${object.sort} '${object.displayName}' (${object.id}) is protected; set its protected parameter to "false" before removing it`,
    [{ field: object.id, rule: 'protected', message: 'the object is protected' }],
  );
}

/**
 * Removes one object from the working configuration. Refused with 409 while another object references it
 * (the details name every referrer) or while it is protected; nothing changes then. With `expectedVersion`,
 * only while the object still has that version (else StaleVersionError, 409).
 */
@injectable()
export class RemoveObject {
  constructor(
    @inject(WorkingConfiguration) private readonly writes: WorkingConfiguration,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  execute(lab: LabId, idText: string, expectedVersion?: number): Promise<ConfigObject> {
    const id = requireObjectId(idText);
    return this.writes.run(lab, async () => {
      const object = await this.objects.find(lab, id);
      if (!object) throw objectNotFound(id);
      if (expectedVersion !== undefined && object.version !== expectedVersion)
        throw new StaleVersionError('Object', id);
      const referrers = (await this.objects.referrersOf(lab, id)).filter((r) => r.id !== id);
      if (referrers.length > 0) {
        throw DomainError.conflict(
          'OBJECT_REFERENCED',
          `${object.sort} '${object.displayName}' (${id}) cannot be removed: ${referrers.length} object(s) refer to it`,
          referrerDetails(object, referrers),
        );
      }
      if (object.common.protected) throw protectedObject(object);
      await this.writes.beforeChange(lab);
      await this.objects.remove(lab, [id]);
      return object;
    });
  }
}
