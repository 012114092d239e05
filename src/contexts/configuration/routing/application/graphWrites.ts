import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';

/**
 * What the routing use cases check before they store objects, as objects/set does: the catalog (types,
 * references to existing objects of the right sorts) and unique display names per sort. `extra` are objects
 * written in the same request (not yet in the graph).
 */
export function refuseInvalid(objects: readonly ConfigObject[], graph: GraphView): void {
  const written = new Map(objects.map((o) => [o.id, o.sort]));
  for (const object of objects) {
    const details = ObjectRules.check(object.snapshot(), (id) => written.get(id) ?? graph.get(id)?.sort);
    if (details.length > 0) {
      throw DomainError.invalid('OBJECT_INVALID', `the ${object.sort} object is invalid: ${details.map((d) => d.message).join('; ')}`, details);
    }
  }
}

/** 409 DISPLAY_NAME_TAKEN when another object of the sort has the name. */
export function refuseNameTaken(graph: GraphView, sort: ObjectSort, displayName: string, id: string, what: string, field = 'displayName'): void {
  const namesake = graph.byDisplayName(sort, displayName.trim());
  if (namesake && namesake.id !== id) {
    throw DomainError.conflict('DISPLAY_NAME_TAKEN', `another ${what} (${namesake.id}) is already named '${displayName.trim()}'`,
      [{ field, rule: 'unique', message: `${field} must be unique among ${what}s` }]);
  }
}

/** Whether a write would store exactly what is stored already (then nothing is written, beforeChange not called). */
export function unchanged(current: ConfigObject | undefined, next: ConfigObject): boolean {
  return !!current && JSON.stringify({ ...current.snapshot(), version: 0 }) === JSON.stringify({ ...next.snapshot(), version: 0 });
}
