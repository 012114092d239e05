import { gunzipSync } from 'node:zlib';
import {
  DEFAULT_OBJECT_COMMON,
  MAX_OBJECT_FILE_PROBLEMS,
  OBJECT_FILE_FORMAT,
  ObjectFileError,
  SUPPORTED_OBJECT_FILE_VERSIONS,
  canonicalObjectFileId,
  type JsonValue,
  type ObjectFileCommon,
  type ObjectFileDocument,
  type ObjectFileEntry,
  type ObjectFileProblem,
} from './format.js';

export interface DecodeObjectFileOptions {
  /** When given, every object's sort must be one of these. */
  readonly sorts?: readonly string[];
  /** Largest (decompressed) document accepted; 16 MiB by default. */
  readonly maxBytes?: number;
  /** Most objects accepted in one file; 20,000 by default. */
  readonly maxObjects?: number;
}

const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
const DEFAULT_MAX_OBJECTS = 20000;
const DISPLAY_NAME_MAX = 255;
const MAX_DEPTH = 32;
const ROOT_KEYS = new Set([
  'format',
  'formatVersion',
  'exportedAt',
  'generator',
  'rootId',
  'includesPrivateData',
  'objects',
]);
const OBJECT_KEYS = new Set([
  'id',
  'sort',
  'displayName',
  'parameters',
  'references',
  'common',
  'note',
  'metadata',
  'strippedParameters',
]);
const COMMON_KEYS = new Set(['comment', 'visible', 'protected', 'trMark']);
const SORT_PATTERN = /^[A-Z][A-Z0-9_]*$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ID_SHAPES = '36-character hyphenated or 32 hexadecimal characters';

type JsonObject = { [key: string]: unknown };

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`.slice(0, 60);
}

function fatal(path: string, message: string): ObjectFileError {
  return new ObjectFileError([{ path, message }]);
}

/** Collects problems; throws once there are too many to be useful. */
class Problems {
  readonly list: ObjectFileProblem[] = [];

  add(path: string, message: string): void {
    this.list.push({ path, message });
    if (this.list.length >= MAX_OBJECT_FILE_PROBLEMS) throw new ObjectFileError(this.list);
  }
}

function parse(content: Buffer | string, maxBytes: number): unknown {
  let bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  if (bytes.length === 0) throw fatal('', 'the file is empty');
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: maxBytes });
    } catch (error) {
      const reason =
        (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
          ? `it unpacks to more than ${maxBytes} bytes`
          : `the gzip data is damaged (${(error as Error).message})`;
      throw fatal('', `the file cannot be decompressed: ${reason}`);
    }
  } else if (bytes.length > maxBytes) {
    throw fatal('', `the file is larger than ${maxBytes} bytes`);
  }
  try {
    return JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw fatal('', `the file is not JSON (nor gzip-compressed JSON): ${(error as Error).message}`);
  }
}

function checkJson(value: unknown, path: string, problems: Problems, depth = 0): void {
  if (depth > MAX_DEPTH) {
    problems.add(path, `values nest deeper than ${MAX_DEPTH} levels`);
    return;
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) problems.add(path, 'must be a finite number');
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkJson(item, `${path}[${i}]`, problems, depth + 1));
    return;
  }
  if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) checkJson(v, `${path}.${k}`, problems, depth + 1);
    return;
  }
  problems.add(path, `must be a JSON value, got ${describe(value)}`);
}

function readHead(root: unknown, problems: Problems): JsonObject {
  if (!isRecord(root)) throw fatal('', `the document must be a JSON object, got ${describe(root)}`);
  if (root['format'] !== OBJECT_FILE_FORMAT) {
    throw fatal(
      'format',
      `this is not a gwsim object export file: 'format' must be '${OBJECT_FILE_FORMAT}', got ${describe(root['format'])}`,
    );
  }
  const version = root['formatVersion'];
  if (typeof version !== 'number' || !Number.isInteger(version))
    throw fatal('formatVersion', `must be an integer, got ${describe(version)}`);
  if (!SUPPORTED_OBJECT_FILE_VERSIONS.includes(version)) {
    throw fatal(
      'formatVersion',
      `format version ${version} is not supported; this simulator reads version ${SUPPORTED_OBJECT_FILE_VERSIONS.join(', ')}`,
    );
  }
  for (const key of Object.keys(root))
    if (!ROOT_KEYS.has(key)) problems.add(key, `is not a member of a version ${version} object export file`);
  const exportedAt = root['exportedAt'];
  if (typeof exportedAt !== 'string' || !ISO_INSTANT.test(exportedAt) || Number.isNaN(Date.parse(exportedAt))) {
    problems.add('exportedAt', `must be an ISO-8601 instant such as 2026-03-01T08:00:00Z, got ${describe(exportedAt)}`);
  }
  if (root['generator'] !== undefined && typeof root['generator'] !== 'string')
    problems.add('generator', `must be a string, got ${describe(root['generator'])}`);
  if (typeof root['includesPrivateData'] !== 'boolean')
    problems.add('includesPrivateData', `must be true or false, got ${describe(root['includesPrivateData'])}`);
  if (typeof root['rootId'] !== 'string' || !canonicalObjectFileId(root['rootId'])) {
    problems.add('rootId', `must be an object id (${ID_SHAPES}), got ${describe(root['rootId'])}`);
  }
  if (!Array.isArray(root['objects']))
    problems.add('objects', `must be an array of objects, got ${describe(root['objects'])}`);
  else if (root['objects'].length === 0) problems.add('objects', 'must hold at least the exported object');
  return root;
}

function readCommon(raw: unknown, path: string, problems: Problems): ObjectFileCommon {
  if (raw === undefined) return DEFAULT_OBJECT_COMMON;
  if (!isRecord(raw)) {
    problems.add(path, `must be an object, got ${describe(raw)}`);
    return DEFAULT_OBJECT_COMMON;
  }
  for (const key of Object.keys(raw))
    if (!COMMON_KEYS.has(key))
      problems.add(`${path}.${key}`, 'is not a common parameter (comment, visible, protected, trMark)');
  const flag = (name: 'visible' | 'protected' | 'trMark'): boolean => {
    const value = raw[name];
    if (value === undefined) return DEFAULT_OBJECT_COMMON[name];
    if (typeof value !== 'boolean') problems.add(`${path}.${name}`, `must be true or false, got ${describe(value)}`);
    return value === true;
  };
  const comment = raw['comment'] ?? '';
  if (typeof comment !== 'string') problems.add(`${path}.comment`, `must be a string, got ${describe(comment)}`);
  return {
    comment: typeof comment === 'string' ? comment : '',
    visible: flag('visible'),
    protected: flag('protected'),
    trMark: flag('trMark'),
  };
}

function readMap(raw: unknown, path: string, problems: Problems): { [key: string]: JsonValue } {
  if (raw === undefined) return {};
  if (!isRecord(raw)) {
    problems.add(path, `must be an object, got ${describe(raw)}`);
    return {};
  }
  checkJson(raw, path, problems);
  return raw as { [key: string]: JsonValue };
}

function readReferences(raw: unknown, path: string, problems: Problems): { [slot: string]: string[] } {
  if (raw === undefined) return {};
  if (!isRecord(raw)) {
    problems.add(path, `must be an object of reference slots, got ${describe(raw)}`);
    return {};
  }
  // Entries, not assignments: a slot named __proto__ stays a slot (the gateway refuses it as unknown).
  const references: Array<[string, string[]]> = [];
  for (const [slot, ids] of Object.entries(raw)) {
    if (!Array.isArray(ids)) {
      problems.add(`${path}.${slot}`, `must be an array of object ids, got ${describe(ids)}`);
      continue;
    }
    references.push([
      slot,
      ids.flatMap((id, i) => {
        const canonical = typeof id === 'string' ? canonicalObjectFileId(id) : undefined;
        if (!canonical) {
          problems.add(`${path}.${slot}[${i}]`, `must be an object id (${ID_SHAPES}), got ${describe(id)}`);
          return [];
        }
        return [canonical];
      }),
    ]);
  }
  return Object.fromEntries(references);
}

function readStripped(
  raw: unknown,
  path: string,
  parameters: { [key: string]: JsonValue },
  problems: Problems,
): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.add(path, `must be an array of parameter names, got ${describe(raw)}`);
    return [];
  }
  const names: string[] = [];
  raw.forEach((name, i) => {
    if (typeof name !== 'string' || name === '')
      problems.add(`${path}[${i}]`, `must be a parameter name, got ${describe(name)}`);
    else if (names.includes(name)) problems.add(`${path}[${i}]`, `names '${name}' twice`);
    else if (name in parameters)
      problems.add(`${path}[${i}]`, `'${name}' is stripped but also has a value in parameters`);
    else names.push(name);
  });
  return names;
}

function readObject(
  raw: unknown,
  path: string,
  problems: Problems,
  sorts: ReadonlySet<string> | undefined,
): ObjectFileEntry | undefined {
  if (!isRecord(raw)) {
    problems.add(path, `must be an object, got ${describe(raw)}`);
    return undefined;
  }
  const before = problems.list.length;
  for (const key of Object.keys(raw))
    if (!OBJECT_KEYS.has(key)) problems.add(`${path}.${key}`, 'is not a member of an exported object');
  const id = typeof raw['id'] === 'string' ? canonicalObjectFileId(raw['id']) : undefined;
  if (!id) problems.add(`${path}.id`, `must be an object id (${ID_SHAPES}), got ${describe(raw['id'])}`);
  const sort = raw['sort'];
  if (typeof sort !== 'string' || !SORT_PATTERN.test(sort))
    problems.add(`${path}.sort`, `must be a sort name such as IN_STACK, got ${describe(sort)}`);
  else if (sorts && !sorts.has(sort)) problems.add(`${path}.sort`, `'${sort}' is not a sort this gateway knows`);
  const displayName = raw['displayName'];
  if (typeof displayName !== 'string' || displayName.trim() === '')
    problems.add(`${path}.displayName`, `must be a non-empty string, got ${describe(displayName)}`);
  else if (displayName.trim().length > DISPLAY_NAME_MAX)
    problems.add(`${path}.displayName`, `must be at most ${DISPLAY_NAME_MAX} characters`);
  const note = raw['note'] ?? '';
  if (typeof note !== 'string') problems.add(`${path}.note`, `must be a string, got ${describe(note)}`);
  const parameters = readMap(raw['parameters'], `${path}.parameters`, problems);
  const entry: ObjectFileEntry = {
    id: id ?? '',
    sort: typeof sort === 'string' ? sort : '',
    displayName: typeof displayName === 'string' ? displayName.trim() : '',
    parameters,
    references: readReferences(raw['references'], `${path}.references`, problems),
    common: readCommon(raw['common'], `${path}.common`, problems),
    note: typeof note === 'string' ? note : '',
    metadata: readMap(raw['metadata'], `${path}.metadata`, problems),
    strippedParameters: readStripped(raw['strippedParameters'], `${path}.strippedParameters`, parameters, problems),
  };
  return problems.list.length === before ? entry : undefined;
}

function checkGraph(
  head: JsonObject,
  objects: readonly ObjectFileEntry[],
  paths: readonly string[],
  problems: Problems,
): void {
  const seen = new Map<string, string>();
  objects.forEach((object, i) => {
    const first = seen.get(object.id);
    if (first !== undefined) problems.add(`${paths[i]}.id`, `id ${object.id} is already the id of ${first}`);
    else seen.set(object.id, paths[i]!);
  });
  const rootId = canonicalObjectFileId(head['rootId'] as string)!;
  if (!seen.has(rootId)) problems.add('rootId', `names object ${rootId}, which is not in the file`);
  objects.forEach((object, i) => {
    for (const [slot, ids] of Object.entries(object.references)) {
      ids.forEach((id, j) => {
        if (!seen.has(id))
          problems.add(
            `${paths[i]}.references.${slot}[${j}]`,
            `'${object.displayName}' refers to object ${id}, which is not in the file`,
          );
      });
    }
    if (head['includesPrivateData'] === true && object.strippedParameters.length > 0) {
      problems.add(`${paths[i]}.strippedParameters`, 'must be empty in a file that includes private data');
    }
  });
}

/**
 * Reads an object export file (plain or gzip-compressed JSON) and checks all of it. Throws ObjectFileError
 * naming every problem found (up to MAX_OBJECT_FILE_PROBLEMS): nothing is returned from a file with a problem.
 */
export function decodeObjectFile(content: Buffer | string, options: DecodeObjectFileOptions = {}): ObjectFileDocument {
  const problems = new Problems();
  const head = readHead(parse(content, options.maxBytes ?? DEFAULT_MAX_BYTES), problems);
  const maxObjects = options.maxObjects ?? DEFAULT_MAX_OBJECTS;
  const sorts = options.sorts ? new Set(options.sorts) : undefined;
  const objects: ObjectFileEntry[] = [];
  const paths: string[] = [];
  if (Array.isArray(head['objects'])) {
    if (head['objects'].length > maxObjects)
      throw fatal('objects', `holds ${head['objects'].length} objects; at most ${maxObjects} are accepted`);
    head['objects'].forEach((raw, i) => {
      const entry = readObject(raw, `objects[${i}]`, problems, sorts);
      if (entry) {
        objects.push(entry);
        paths.push(`objects[${i}]`);
      }
    });
    if (problems.list.length === 0) checkGraph(head, objects, paths, problems);
  }
  if (problems.list.length > 0) throw new ObjectFileError(problems.list);
  return {
    format: OBJECT_FILE_FORMAT,
    formatVersion: head['formatVersion'] as number,
    exportedAt: head['exportedAt'] as string,
    ...(typeof head['generator'] === 'string' ? { generator: head['generator'] } : {}),
    rootId: canonicalObjectFileId(head['rootId'] as string)!,
    includesPrivateData: head['includesPrivateData'] as boolean,
    objects,
  };
}
