import type { ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ConfigObjectSnapshot, ParameterValue } from './ConfigObject.js';
import type { ObjectSort } from './ObjectSort.js';
import { checkValue, referencesIn } from './catalog/ParameterType.js';
import { SortCatalog } from './catalog/SortCatalog.js';

/** What the rules need to know of the graph: the sort of an object id, undefined when there is no such object. */
export type SortLookup = (id: string) => ObjectSort | undefined;

const COMMENT_MAX = 4096;
const NOTE_MAX = 65535;

export const ObjectRules = {
  NOTE_MAX,

  /**
   * The parameters and references an object of `sort` holds after a change: every catalog parameter (the
   * current value, else the default, overridden by `parameters`), the non-derived slots (current, overridden by
   * `references`, empty slots dropped) and the derived slots recomputed from the parameters.
   */
  complete(
    sort: ObjectSort,
    current: Pick<ConfigObjectSnapshot, 'parameters' | 'references'> | undefined,
    parameters: { readonly [name: string]: ParameterValue },
    references: { readonly [slot: string]: readonly string[] },
  ): Pick<ConfigObjectSnapshot, 'parameters' | 'references'> {
    const definition = SortCatalog.of(sort);
    const merged: { [name: string]: ParameterValue } = {
      ...SortCatalog.defaults(sort),
      ...(current?.parameters ?? {}),
      ...parameters,
    };
    const slots: { [slot: string]: readonly string[] } = {};
    for (const slot of definition.references) {
      const ids = slot.derived ? [] : (references[slot.name] ?? current?.references[slot.name] ?? []);
      if (ids.length > 0) slots[slot.name] = [...ids];
    }
    for (const [slot, ids] of Object.entries(SortCatalog.derivedReferences(sort, merged)))
      if (ids.length > 0) slots[slot] = ids;
    return { parameters: merged, references: slots };
  },

  /** Every id the object refers to: its slots (derived ones included) and the reference fields of its parameters. */
  referencedIds(object: Pick<ConfigObjectSnapshot, 'sort' | 'parameters' | 'references'>): string[] {
    const ids = new Set(Object.values(object.references).flat());
    for (const parameter of SortCatalog.of(object.sort).parameters) {
      for (const found of referencesIn(parameter.type, object.parameters[parameter.name])) ids.add(found.id);
    }
    return [...ids];
  },

  /**
   * Everything wrong with an object against its sort's catalog entry and the graph: unknown or missing
   * parameters, values of the wrong type or out of range, unknown slots, too many or too few references,
   * references to missing objects, to objects of a sort the slot does not accept, or to the object itself.
   * One detail per problem, named after the wire field (`udpTcpPort`, `routes[2].destinationNodeId`).
   */
  check(object: ConfigObjectSnapshot, sortOf: SortLookup): ErrorDetail[] {
    const definition = SortCatalog.of(object.sort);
    const details: ErrorDetail[] = [];
    const known = new Set(definition.parameters.map((d) => d.name));
    for (const name of Object.keys(object.parameters)) {
      if (!known.has(name))
        details.push({ field: name, rule: 'unknown', message: `${name} is not a parameter of ${object.sort}` });
    }
    for (const parameter of definition.parameters) {
      if (!(parameter.name in object.parameters)) {
        details.push({ field: parameter.name, rule: 'required', message: `${parameter.name} is missing` });
        continue;
      }
      const value = object.parameters[parameter.name];
      details.push(...checkValue(parameter.type, value, parameter.name));
      for (const found of referencesIn(parameter.type, value)) {
        const field = `${parameter.name}${found.path}`;
        details.push(...checkTarget(object, field, found.id, found.targets, sortOf));
      }
    }
    for (const [slotName, ids] of Object.entries(object.references)) {
      const slot = definition.references.find((s) => s.name === slotName);
      if (!slot) {
        details.push({ field: slotName, rule: 'unknown', message: `${slotName} is not a reference of ${object.sort}` });
        continue;
      }
      if (slot.cardinality === 'one' && ids.length > 1) {
        details.push({
          field: slotName,
          rule: 'cardinality',
          message: `${slotName} holds one reference, got ${ids.length}`,
        });
      }
      if (new Set(ids).size !== ids.length)
        details.push({ field: slotName, rule: 'duplicate', message: `${slotName} names an object twice` });
      if (!slot.derived)
        ids.forEach((id, index) =>
          details.push(
            ...checkTarget(
              object,
              slot.cardinality === 'one' ? slotName : `${slotName}[${index}]`,
              id,
              slot.targets,
              sortOf,
            ),
          ),
        );
    }
    for (const slot of definition.references.filter((s) => s.required)) {
      if ((object.references[slot.name] ?? []).length === 0) {
        details.push({
          field: slot.name,
          rule: 'required',
          message: `${slot.name} must reference a ${slot.targets.join(' or ')} object`,
        });
      }
    }
    if (object.common.comment.length > COMMENT_MAX)
      details.push({
        field: 'comment',
        rule: 'maxLength',
        message: `comment must be at most ${COMMENT_MAX} characters`,
      });
    if (JSON.stringify(object).includes('\\u0000')) {
      details.push({ field: 'object', rule: 'text', message: 'no text of an object may contain a NUL character' });
    }
    if (object.note.length > NOTE_MAX)
      details.push({ field: 'note', rule: 'maxLength', message: `the note must be at most ${NOTE_MAX} characters` });
    return details;
  },
};

function checkTarget(
  object: ConfigObjectSnapshot,
  field: string,
  id: string,
  targets: readonly ObjectSort[],
  sortOf: SortLookup,
): ErrorDetail[] {
  if (id === object.id) return [{ field, rule: 'self', message: `${field}: an object cannot reference itself` }];
  const sort = sortOf(id);
  if (sort === undefined) return [{ field, rule: 'exists', message: `${field}: object ${id} does not exist` }];
  if (!targets.includes(sort)) {
    return [
      { field, rule: 'sort', message: `${field} must reference a ${targets.join(' or ')} object; ${id} is a ${sort}` },
    ];
  }
  return [];
}
