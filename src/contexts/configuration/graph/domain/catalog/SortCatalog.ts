import type { ParameterValue } from '../ConfigObject.js';
import { OBJECT_SORTS, type ObjectSort } from '../ObjectSort.js';
import { checkValue, hasReferenceFields, isPrivateType, referencesIn, type ParameterType } from './ParameterType.js';
import { RESERVED_NAMES, type ParameterDefinition, type ReferenceSlot, type SortDefinition } from './SortDefinition.js';
import { DIRECTORY_AND_CONDITION_SORTS } from './sorts/directoryAndConditionSorts.js';
import { MEDIA_SORTS } from './sorts/mediaSorts.js';
import { NETWORK_SORTS } from './sorts/networkSorts.js';
import { SIP_SORTS } from './sorts/sipSorts.js';
import { TELEPHONY_SORTS } from './sorts/telephonySorts.js';

function containsPrivate(type: ParameterType): boolean {
  if (type.kind === 'list') return isPrivateType(type.of) || containsPrivate(type.of);
  if (type.kind === 'record')
    return type.fields.some((field) => isPrivateType(field.type) || containsPrivate(field.type));
  return false;
}

function collectReferenceSlots(type: ParameterType, into: Set<string>): void {
  if (type.kind === 'reference') into.add(type.slot);
  else if (type.kind === 'list') collectReferenceSlots(type.of, into);
  else if (type.kind === 'record') for (const field of type.fields) collectReferenceSlots(field.type, into);
}

/** Record fields' defaults must be valid values, except required references (which have no sensible default). */
function checkFieldDefaults(type: ParameterType, path: string): string[] {
  if (type.kind === 'list') return checkFieldDefaults(type.of, `${path}[]`);
  if (type.kind !== 'record') return [];
  return type.fields.flatMap((field) => {
    const own =
      (field.type.kind === 'reference' && !field.type.optional) || (field.optional && field.default === null)
        ? []
        : checkValue(field.type, field.default, `${path}.${field.name}`).map((d) => `default of ${d.message}`);
    return [...own, ...checkFieldDefaults(field.type, `${path}.${field.name}`)];
  });
}

/** Refuses a catalog that contradicts itself; run once when the module loads (and by the unit tests). */
export function checkDefinition(definition: SortDefinition): string[] {
  const problems: string[] = [];
  const names = [...definition.parameters.map((d) => d.name), ...definition.references.map((s) => s.name)];
  const seen = new Set<string>();
  for (const name of names) {
    if (RESERVED_NAMES.includes(name)) problems.push(`${definition.sort}.${name} uses a reserved name`);
    if (seen.has(name)) problems.push(`${definition.sort}.${name} is defined twice`);
    seen.add(name);
  }
  const derivedFromFields = new Set<string>();
  for (const parameter of definition.parameters) {
    if (containsPrivate(parameter.type))
      problems.push(
        `${definition.sort}.${parameter.name} nests private data (only top-level parameters may be private)`,
      );
    if (parameter.type.kind === 'reference')
      problems.push(`${definition.sort}.${parameter.name}: references belong in reference slots`);
    for (const detail of checkValue(parameter.type, parameter.default, parameter.name))
      problems.push(`${definition.sort}: default of ${detail.message}`);
    problems.push(...checkFieldDefaults(parameter.type, `${definition.sort}.${parameter.name}`));
    collectReferenceSlots(parameter.type, derivedFromFields);
  }
  for (const slot of definition.references) {
    if (slot.targets.length === 0) problems.push(`${definition.sort}.${slot.name} names no target sort`);
    if (slot.derived !== derivedFromFields.has(slot.name)) {
      problems.push(
        `${definition.sort}.${slot.name} is ${slot.derived ? 'derived but no reference field fills it' : 'filled by reference fields but not declared derived'}`,
      );
    }
  }
  for (const slotName of derivedFromFields) {
    if (!definition.references.some((s) => s.name === slotName))
      problems.push(`${definition.sort}: reference fields fill the undeclared slot ${slotName}`);
  }
  return problems;
}

function buildCatalog(): ReadonlyMap<ObjectSort, SortDefinition> {
  const all = [...NETWORK_SORTS, ...SIP_SORTS, ...TELEPHONY_SORTS, ...MEDIA_SORTS, ...DIRECTORY_AND_CONDITION_SORTS];
  const bySort = new Map<ObjectSort, SortDefinition>();
  const problems: string[] = [];
  for (const definition of all) {
    if (bySort.has(definition.sort)) problems.push(`${definition.sort} is defined twice`);
    bySort.set(definition.sort, definition);
    problems.push(...checkDefinition(definition));
  }
  for (const sort of OBJECT_SORTS) if (!bySort.has(sort)) problems.push(`${sort} has no definition`);
  if (problems.length > 0) throw new Error(`the sort catalog is inconsistent:\n${problems.join('\n')}`);
  return new Map(OBJECT_SORTS.map((sort) => [sort, bySort.get(sort)!]));
}

const CATALOG = buildCatalog();

/**
 * What every sort of configuration object holds: its plain-words kind, typed parameters (with defaults and
 * the private-data flag) and reference slots. Typed areas, factory defaults, the detached-objects view,
 * export and import all follow it.
 */
export const SortCatalog = {
  /** Every definition, in the specification's sort order. */
  all(): readonly SortDefinition[] {
    return [...CATALOG.values()];
  },

  of(sort: ObjectSort): SortDefinition {
    return CATALOG.get(sort)!;
  },

  parameter(sort: ObjectSort, name: string): ParameterDefinition | undefined {
    return CATALOG.get(sort)!.parameters.find((d) => d.name === name);
  },

  slot(sort: ObjectSort, name: string): ReferenceSlot | undefined {
    return CATALOG.get(sort)!.references.find((s) => s.name === name);
  },

  /** The parameters of a new object of the sort: every default. */
  defaults(sort: ObjectSort): { [name: string]: ParameterValue } {
    return Object.fromEntries(CATALOG.get(sort)!.parameters.map((d) => [d.name, d.default]));
  },

  /** Names of the sort's private parameters (passwords, keys, certificates, secrets). */
  privateParameters(sort: ObjectSort): string[] {
    return CATALOG.get(sort)!
      .parameters.filter((d) => d.private)
      .map((d) => d.name);
  },

  /**
   * The derived slots of the sort recomputed from parameter values: each lists, once and in order of
   * appearance, the ids the parameters' reference fields hold.
   */
  derivedReferences(
    sort: ObjectSort,
    parameters: { readonly [name: string]: ParameterValue },
  ): { [slot: string]: string[] } {
    const definition = CATALOG.get(sort)!;
    const derived: { [slot: string]: string[] } = {};
    for (const slot of definition.references.filter((s) => s.derived)) derived[slot.name] = [];
    for (const parameter of definition.parameters.filter((d) => hasReferenceFields(d.type))) {
      for (const found of referencesIn(parameter.type, parameters[parameter.name])) {
        const ids = derived[found.slot]!;
        if (!ids.includes(found.id)) ids.push(found.id);
      }
    }
    return derived;
  },
};
