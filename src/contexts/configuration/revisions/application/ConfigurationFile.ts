import {
  CONFIG_FILE_EXTENSION,
  CONFIG_FILE_MEDIA_TYPE,
  ConfigFileError,
  encodeConfigFile,
  inspectConfigFile,
  type ConfigFileObject,
  type ReadObject,
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
const MAX_DETAILS = 50;

function invalid(details: readonly ErrorDetail[], found = details.length): DomainError {
  const shown = details.slice(0, MAX_DETAILS);
  const more = found > shown.length ? ` (and ${found - shown.length} more problems)` : '';
  return DomainError.invalid(
    'CONFIGURATION_FILE_INVALID',
    `the configuration file cannot be imported: ${shown.map((d) => (d.field ? `${d.field}: ${d.message}` : d.message)).join('; ')}${more}`,
    shown,
  );
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
    if (parameter.name in parameters && hasReferenceFields(parameter.type))
      parameters[parameter.name] = mapReferences(parameter.type, parameters[parameter.name]!, canonical);
  }
  const derivedSlots = new Set(definition.references.filter((s) => s.derived).map((s) => s.name));
  const references: { [slot: string]: readonly string[] } = Object.fromEntries(
    Object.entries(object.references).filter(([slot]) => !derivedSlots.has(slot)),
  );
  for (const [slot, ids] of Object.entries(SortCatalog.derivedReferences(sort, parameters)))
    if (ids.length > 0) references[slot] = ids;
  return {
    id: object.id,
    sort,
    displayName: object.displayName,
    parameters,
    references,
    common: object.common,
    note: object.note,
    metadata: object.metadata,
    version: 0,
  };
}

/** A well-formed object of the file as the graph would hold it, with its place in the file. */
interface FileObject {
  readonly at: string;
  readonly snapshot: ConfigObjectSnapshot;
  /** Whether the format check already found a reference slot of it pointing outside the file. */
  readonly unresolved: boolean;
}

/**
 * Everything the graph rules say about the file's well-formed objects, each detail placed at its object in
 * the file: the catalog (types, ranges, references of the right sort), display names unique per sort, and,
 * when every object could be read, that some connector serves this API. A missing reference target the format
 * check already named is not named twice.
 */
function graphProblems(objects: readonly FileObject[], complete: boolean): ErrorDetail[] {
  const sortOf = new Map(objects.map((o) => [o.snapshot.id, o.snapshot.sort]));
  const details: ErrorDetail[] = [];
  const names = new Map<string, string>();
  for (const { at, snapshot: object, unresolved } of objects) {
    const label = `${object.sort} '${object.displayName}'`;
    for (const detail of ObjectRules.check(object, (id) => sortOf.get(id))) {
      if (unresolved && detail.rule === 'exists' && (detail.field ?? '').replace(/\[\d+\]$/, '') in object.references)
        continue;
      details.push({
        field: `${at}.${detail.field ?? ''}`.replace(/\.$/, ''),
        rule: detail.rule,
        message: `${label}: ${detail.message}`,
      });
    }
    const key = `${object.sort}\u0000${object.displayName}`;
    const first = names.get(key);
    if (first !== undefined)
      details.push({
        field: `${at}.displayName`,
        rule: 'unique',
        message: `${label}: ${first} is a ${object.sort} of the same name`,
      });
    else names.set(key, at);
  }
  if (complete && apiReachabilityCore(objects.map((o) => o.snapshot)).size === 0) {
    details.push({
      field: 'objects',
      rule: 'reachability',
      message:
        'no web server connector (HTTP_SERVER) serves REST_API: committing this configuration would cut off the management API',
    });
  }
  return details;
}

/**
 * The configuration file (`.xzconfig`, format of @gwsim/config-file) as the lifecycle reads and writes it:
 * a whole working configuration, private data included. Reading checks everything before anything is used —
 * the format, and every well-formed object against the sort catalog and the file's own graph — and refuses
 * the file with one 400 naming every problem of every check by its place in the file (`objects[3].port`).
 */
export const ConfigurationFile = {
  fileName(lab: string, at: Date): string {
    const stamp = at
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replace(/[-:]/g, '');
    return `gwsim-${lab}-${stamp}${CONFIG_FILE_EXTENSION}`;
  },

  write(objects: readonly ConfigObjectSnapshot[], exportedAt: Date): Buffer {
    return encodeConfigFile({
      exportedAt,
      generator: GENERATOR,
      objects: objects.map((o) => ({
        id: o.id,
        sort: o.sort,
        displayName: o.displayName,
        parameters: o.parameters,
        references: o.references,
        common: o.common,
        note: o.note,
        metadata: o.metadata,
      })),
    });
  },

  read(content: Buffer): ConfigObjectSnapshot[] {
    let inspected;
    try {
      inspected = inspectConfigFile(content, { sorts: OBJECT_SORTS });
    } catch (error) {
      if (error instanceof ConfigFileError) throw invalid(error.problems.map(formatDetail));
      throw error;
    }
    const unresolved = new Set(
      inspected.problems
        .filter((p) => /\.references\./.test(p.path))
        .map((p) => p.path.slice(0, p.path.indexOf('.references.'))),
    );
    const objects = inspected.objects.map((read: ReadObject): FileObject => ({
      at: read.path,
      snapshot: toSnapshot(read.object),
      unresolved: unresolved.has(read.path),
    }));
    // Reachability is a property of the whole graph: it is only judged when every object could be read.
    const wholeGraph =
      inspected.problemCount === inspected.problems.length &&
      !inspected.problems.some((p) => p.path.startsWith('objects'));
    const details = [...inspected.problems.map(formatDetail), ...graphProblems(objects, wholeGraph)];
    if (details.length > 0) throw invalid(details, inspected.problemCount - inspected.problems.length + details.length);
    return objects.map((o) => o.snapshot);
  },
};

function formatDetail(problem: { readonly path: string; readonly message: string }): ErrorDetail {
  return { field: problem.path || undefined, rule: 'format', message: problem.message };
}
