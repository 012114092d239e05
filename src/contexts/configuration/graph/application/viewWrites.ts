import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ConfigObject } from '../domain/ConfigObject.js';
import type { GraphView } from '../domain/GraphView.js';
import { ObjectRules } from '../domain/ObjectRules.js';
import type { ObjectSort } from '../domain/ObjectSort.js';

/**
 * Checks every typed view makes before it stores objects, so a view never stores what objects/set would refuse.
 */

/** The catalog's problems with objects about to be stored together (they may reference each other). */
export function catalogProblems(graph: GraphView, objects: readonly ConfigObject[]): ErrorDetail[] {
  const written = new Map(objects.map((o) => [o.id, o.sort] as const));
  return objects.flatMap((object) =>
    ObjectRules.check(object.snapshot(), (id) => written.get(id) ?? graph.get(id)?.sort),
  );
}

/** 400 `code` naming every problem the catalog has with the objects (types, references to objects of the right sorts). */
export function refuseInvalid(objects: readonly ConfigObject[], graph: GraphView, code = 'OBJECT_INVALID'): void {
  const details = catalogProblems(graph, objects);
  if (details.length > 0) {
    throw DomainError.invalid(
      code,
      `the ${objects.length === 1 ? `${objects[0]!.sort} object is` : 'objects are'} invalid: ${details.map((d) => d.message).join('; ')}`,
      details,
    );
  }
}

/** 409 DISPLAY_NAME_TAKEN when another object of the sort has the name. */
export function refuseNameTaken(
  graph: GraphView,
  sort: ObjectSort,
  displayName: string,
  id: string,
  what: string,
  field = 'displayName',
): void {
  const namesake = graph.byDisplayName(sort, displayName.trim());
  if (namesake && namesake.id !== id) {
    throw DomainError.conflict(
      'DISPLAY_NAME_TAKEN',
      `another ${what} (${namesake.id}) is already named '${displayName.trim()}'`,
      [{ field, rule: 'unique', message: `${field} must be unique among ${what}s` }],
    );
  }
}

/** Whether a write would store exactly what is stored already (then nothing is written, beforeChange not called). */
export function unchanged(current: ConfigObject | undefined, next: ConfigObject): boolean {
  return (
    !!current &&
    JSON.stringify({ ...current.snapshot(), version: 0 }) === JSON.stringify({ ...next.snapshot(), version: 0 })
  );
}

/** A display name for a new helper object of a sort: `base`, else `base (2)`, `base (3)`, … (at most 255 characters). */
export function freeName(graph: GraphView, sort: ObjectSort, base: string): string {
  const trimmed = base.trim().slice(0, 240);
  if (!graph.byDisplayName(sort, trimmed)) return trimmed;
  for (let n = 2; ; n += 1) if (!graph.byDisplayName(sort, `${trimmed} (${n})`)) return `${trimmed} (${n})`;
}
