import {
  CONFIG_FILE_EXTENSION, CONFIG_FILE_MEDIA_TYPE, ConfigFileError, decodeConfigFile, encodeConfigFile, type ConfigFileObject,
} from '@gwsim/config-file';
import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ConfigObjectSnapshot, ParameterValue } from '../../graph/domain/ConfigObject.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';
import { hasReferenceFields, mapReferences } from '../../graph/domain/catalog/ParameterType.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { OBJECT_SORTS, type ObjectSort } from '../../graph/domain/ObjectSort.js';
import { apiReachabilityCore } from '../../graph/domain/ApiReachability.js';

export const CONFIGURATION_FILE_MEDIA_TYPE = CONFIG_FILE_MEDIA_TYPE;

const GENERATOR = 'gwsim';
const MAX_DETAILS = 20;

function invalid(details: readonly ErrorDetail[]): DomainError {
  const shown = details.slice(0, MAX_DETAILS);
  return DomainError.invalid('CONFIGURATION_FILE_INVALID',
    `the configuration file cannot be imported: ${shown.map((d) => (d.field ? `${d.field}: ${d.message}` : d.message)).join('; ')}`, shown);
}

/**
 * A file object as the graph holds it: parameters the file leaves out take the sort catalog's defaults (the
 * format lets a file omit them), ids inside parameters (a route's destination node) are read in either
 * shape, like every other id of the file; derived slots are not taken from the file but recomputed from the
 * parameters they mirror, so "who references X" (remove refusals, unreferenced, commit's consistency check)
 * always sees the references the parameters hold.
 */
function toSnapshot(object: ConfigFileObject): ConfigObjectSnapshot {
  const sort = object.sort as ObjectSort;
  const definition = SortCatalog.of(sort);
  const canonical = (id: string): string => canonicalObjectId(id) ?? id;
  const parameters: { [name: string]: ParameterValue } = { ...SortCatalog.defaults(sort), ...object.parameters };
  for (const parameter of definition.parameters) {
    if (parameter.name in parameters && hasReferenceFields(parameter.type)) parameters[parameter.name] = mapReferences(parameter.type, parameters[parameter.name]!, canonical);
  }
  const derivedSlots = new Set(definition.references.filter((s) => s.derived).map((s) => s.name));
  const references: { [slot: string]: readonly string[] } = Object.fromEntries(Object.entries(object.references).filter(([slot]) => !derivedSlots.has(slot)));
  for (const [slot, ids] of Object.entries(SortCatalog.derivedReferences(sort, parameters))) if (ids.length > 0) references[slot] = ids;
  return {
    id: object.id, sort, displayName: object.displayName,
    parameters, references, common: object.common,
    note: object.note, metadata: object.metadata, version: 0,
  };
}

/** Everything the graph rules say about the file's objects, each detail placed at its object in the file. */
function graphProblems(objects: readonly ConfigObjectSnapshot[]): ErrorDetail[] {
  const sortOf = new Map(objects.map((o) => [o.id, o.sort]));
  const details: ErrorDetail[] = [];
  const names = new Map<string, number>();
  objects.forEach((object, index) => {
    const at = `objects[${index}]`;
    const label = `${object.sort} '${object.displayName}'`;
    for (const detail of ObjectRules.check(object, (id) => sortOf.get(id))) {
      details.push({ field: `${at}.${detail.field ?? ''}`.replace(/\.$/, ''), rule: detail.rule, message: `${label}: ${detail.message}` });
    }
    const key = `${object.sort}\u0000${object.displayName}`;
    const first = names.get(key);
    if (first !== undefined) details.push({ field: `${at}.displayName`, rule: 'unique', message: `${label}: objects[${first}] is a ${object.sort} of the same name` });
    else names.set(key, index);
  });
  if (apiReachabilityCore(objects).size === 0) {
    details.push({ field: 'objects', rule: 'reachability', message: 'no web server connector (HTTP_SERVER) serves REST_API: committing this configuration would cut off the management API' });
  }
  return details;
}

/**
 * The configuration file (`.xzconfig`, format of @gwsim/config-file) as the lifecycle reads and writes it:
 * a whole working configuration, private data included. Reading checks everything before anything is used —
 * the format, then every object against the sort catalog and the file's own graph — and refuses the file
 * with one 400 naming each problem by its place in the file (`objects[3].port`).
 */
export const ConfigurationFile = {
  fileName(lab: string, at: Date): string {
    const stamp = at.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
    return `gwsim-${lab}-${stamp}${CONFIG_FILE_EXTENSION}`;
  },

  write(objects: readonly ConfigObjectSnapshot[], exportedAt: Date): Buffer {
    return encodeConfigFile({
      exportedAt, generator: GENERATOR,
      objects: objects.map((o) => ({
        id: o.id, sort: o.sort, displayName: o.displayName, parameters: o.parameters, references: o.references,
        common: o.common, note: o.note, metadata: o.metadata,
      })),
    });
  },

  read(content: Buffer): ConfigObjectSnapshot[] {
    let objects: ConfigObjectSnapshot[];
    try {
      objects = decodeConfigFile(content, { sorts: OBJECT_SORTS }).objects.map(toSnapshot);
    } catch (error) {
      if (error instanceof ConfigFileError) throw invalid(error.problems.map((p) => ({ field: p.path || undefined, rule: 'format', message: p.message })));
      throw error;
    }
    const problems = graphProblems(objects);
    if (problems.length > 0) throw invalid(problems);
    return objects;
  },
};
