import { inject, injectable } from 'inversify';
import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { ObjectGraph } from './ObjectGraph.js';
import { protectedObject, referrerDetails } from './RemoveObject.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';

export const BULK_REMOVE_MAX = 10000;

/**
 * Removes a set of objects, all or nothing. Objects of the set may reference each other; refused when any id
 * names no object (404, all unknown ids listed), when an object outside the set references one inside (409,
 * the referrers listed) or when one is protected (409). Nothing is removed then.
 */
@injectable()
export class BulkRemoveObjects {
  constructor(
    @inject(WorkingConfiguration) private readonly writes: WorkingConfiguration,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  /** `ids` in canonical form (the edge checks their shape); duplicates count once. */
  execute(lab: LabId, ids: readonly string[]): Promise<ConfigObject[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw DomainError.invalid('IDS_REQUIRED', 'name at least one object id to remove');
    if (unique.length > BULK_REMOVE_MAX)
      throw DomainError.invalid('TOO_MANY_IDS', `at most ${BULK_REMOVE_MAX} objects can be removed at once`);
    return this.writes.run(lab, async () => {
      const graph = new ObjectGraph(await this.objects.list(lab));
      const unknown = unique.filter((id) => !graph.get(id));
      if (unknown.length > 0) {
        throw new DomainError(
          'OBJECT_NOT_FOUND',
          'not_found',
          `${unknown.length} of the objects to remove do not exist: ${unknown.join(', ')}`,
          unknown.map((id): ErrorDetail => ({ field: id, rule: 'exists', message: `object ${id} does not exist` })),
        );
      }
      const removing = new Set(unique);
      const targets = unique.map((id) => graph.get(id)!);
      const blocked = targets.flatMap((target) =>
        referrerDetails(
          target,
          graph.referrersOf(target.id).filter((r) => !removing.has(r.id)),
        ),
      );
      if (blocked.length > 0) {
        throw DomainError.conflict(
          'OBJECT_REFERENCED',
          `the objects cannot be removed: objects outside the set refer to ${new Set(blocked.map((d) => d.field)).size} of them`,
          blocked,
        );
      }
      const guarded = targets.find((t) => t.common.protected);
      if (guarded) throw protectedObject(guarded);
      await this.writes.beforeChange(lab);
      await this.objects.remove(lab, unique);
      return targets;
    });
  }
}
