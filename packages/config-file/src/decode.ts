import { gunzipSync } from 'node:zlib';
import {
  CONFIG_FILE_FORMAT,
  ConfigFileError,
  DEFAULT_FILE_COMMON,
  MAX_PROBLEMS,
  SUPPORTED_FORMAT_VERSIONS,
  canonicalFileId,
  type ConfigFileCommon,
  type ConfigFileDocument,
  type ConfigFileObject,
  type ConfigFileProblem,
  type JsonValue,
} from './format.js';

export interface DecodeOptions {
  /** When given, every object's sort must be one of these. */
  readonly sorts?: readonly string[];
  /** Largest decompressed document accepted (guards against gzip bombs); 64 MiB by default. */
  readonly maxBytes?: number;
  /** Most objects accepted in one file; 100,000 by default (a large gateway holds a few thousand). */
  readonly maxObjects?: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_OBJECTS = 100_000;
const DISPLAY_NAME_MAX = 255;
const MAX_DEPTH = 32;
const ROOT_KEYS = new Set(['format', 'formatVersion', 'exportedAt', 'generator', 'objects']);
const OBJECT_KEYS = new Set(['id', 'sort', 'displayName', 'parameters', 'references', 'common', 'note', 'metadata']);
const COMMON_KEYS = new Set(['comment', 'visible', 'protected', 'trMark']);
const SORT_PATTERN = /^[A-Z][A-Z0-9_]*$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

type JsonObject = { [key: string]: unknown };

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`.slice(0, 60);
}

/** Collects problems, keeping the first MAX_PROBLEMS (more are counted, not kept: they would not help). */
class Problems {
  readonly list: ConfigFileProblem[] = [];
  found = 0;

  add(path: string, message: string): void {
    this.found += 1;
    if (this.list.length < MAX_PROBLEMS) this.list.push({ path, message });
  }
}

/** Gzip or plain JSON bytes to a JSON value; a fatal problem (nothing more to check) throws at once. */
function parseBytes(content: Buffer, maxBytes: number): unknown {
  if (content.length === 0) throw new ConfigFileError([{ path: '', message: 'the file is empty' }]);
  let text: Buffer = content;
  if (content[0] === 0x1f && content[1] === 0x8b) {
    try {
      text = gunzipSync(content, { maxOutputLength: maxBytes });
    } catch (error) {
      const reason =
        (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
          ? `it unpacks to more than ${maxBytes} bytes`
          : `the gzip data is damaged (${(error as Error).message})`;
      throw new ConfigFileError([{ path: '', message: `the file cannot be decompressed: ${reason}` }]);
    }
  } else if (content.length > maxBytes) {
    throw new ConfigFileError([{ path: '', message: `the file is larger than ${maxBytes} bytes` }]);
  }
  try {
    return JSON.parse(text.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ConfigFileError([
      {
        path: '',
        message: `the file is neither gzip-compressed nor plain JSON that parses: ${(error as Error).message}`,
      },
    ]);
  }
}

function checkJson(value: unknown, path: string, problems: Problems, depth = 0): value is JsonValue {
  if (depth > MAX_DEPTH) {
    problems.add(path, `values nest deeper than ${MAX_DEPTH} levels`);
    return false;
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return true;
    problems.add(path, 'must be a finite number');
    return false;
  }
  if (Array.isArray(value)) return value.every((item, i) => checkJson(item, `${path}[${i}]`, problems, depth + 1));
  if (isRecord(value))
    return Object.entries(value).every(([k, v]) => checkJson(v, `${path}.${k}`, problems, depth + 1));
  problems.add(path, `must be a JSON value, got ${kind(value)}`);
  return false;
}

function readRoot(root: unknown, problems: Problems): JsonObject {
  if (!isRecord(root))
    throw new ConfigFileError([{ path: '', message: `the document must be a JSON object, got ${kind(root)}` }]);
  if (root['format'] !== CONFIG_FILE_FORMAT) {
    throw new ConfigFileError([
      {
        path: 'format',
        message: `this is not a gwsim configuration file: 'format' must be '${CONFIG_FILE_FORMAT}', got ${root['format'] === undefined ? 'nothing' : kind(root['format'])}`,
      },
    ]);
  }
  const version = root['formatVersion'];
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    throw new ConfigFileError([
      {
        path: 'formatVersion',
        message: `must be an integer, got ${version === undefined ? 'nothing' : kind(version)}`,
      },
    ]);
  }
  if (!SUPPORTED_FORMAT_VERSIONS.includes(version)) {
    throw new ConfigFileError([
      {
        path: 'formatVersion',
        message: `format version ${version} is not supported; this simulator reads version ${SUPPORTED_FORMAT_VERSIONS.join(', ')}`,
      },
    ]);
  }
  for (const key of Object.keys(root))
    if (!ROOT_KEYS.has(key)) problems.add(key, 'is not a member of a version 1 configuration file');
  const exportedAt = root['exportedAt'];
  if (typeof exportedAt !== 'string' || !ISO_INSTANT.test(exportedAt) || Number.isNaN(Date.parse(exportedAt))) {
    problems.add(
      'exportedAt',
      `must be an ISO-8601 instant such as 2026-03-01T08:00:00Z, got ${exportedAt === undefined ? 'nothing' : kind(exportedAt)}`,
    );
  }
  if (root['generator'] !== undefined && typeof root['generator'] !== 'string')
    problems.add('generator', `must be a string, got ${kind(root['generator'])}`);
  if (!Array.isArray(root['objects']))
    problems.add(
      'objects',
      `must be an array of objects, got ${root['objects'] === undefined ? 'nothing' : kind(root['objects'])}`,
    );
  return root;
}

function readCommon(raw: unknown, path: string, problems: Problems): ConfigFileCommon {
  if (raw === undefined) return DEFAULT_FILE_COMMON;
  if (!isRecord(raw)) {
    problems.add(path, `must be an object, got ${kind(raw)}`);
    return DEFAULT_FILE_COMMON;
  }
  for (const key of Object.keys(raw))
    if (!COMMON_KEYS.has(key))
      problems.add(`${path}.${key}`, 'is not a common parameter (comment, visible, protected, trMark)');
  const flag = (name: 'visible' | 'protected' | 'trMark'): boolean => {
    const value = raw[name];
    if (value === undefined) return DEFAULT_FILE_COMMON[name];
    if (typeof value !== 'boolean') problems.add(`${path}.${name}`, `must be true or false, got ${kind(value)}`);
    return value === true;
  };
  const comment = raw['comment'] ?? '';
  if (typeof comment !== 'string') problems.add(`${path}.comment`, `must be a string, got ${kind(comment)}`);
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
    problems.add(path, `must be an object, got ${kind(raw)}`);
    return {};
  }
  checkJson(raw, path, problems);
  return raw as { [key: string]: JsonValue };
}

function readReferences(raw: unknown, path: string, problems: Problems): { [slot: string]: string[] } {
  if (raw === undefined) return {};
  if (!isRecord(raw)) {
    problems.add(path, `must be an object of reference slots, got ${kind(raw)}`);
    return {};
  }
  // Entries, not assignments: a slot named __proto__ stays a slot (the gateway refuses it as unknown).
  const references: Array<[string, string[]]> = [];
  for (const [slot, ids] of Object.entries(raw)) {
    if (!Array.isArray(ids)) {
      problems.add(`${path}.${slot}`, `must be an array of object ids, got ${kind(ids)}`);
      continue;
    }
    references.push([
      slot,
      ids.flatMap((id, i) => {
        const canonical = typeof id === 'string' ? canonicalFileId(id) : undefined;
        if (!canonical) {
          problems.add(
            `${path}.${slot}[${i}]`,
            `must be an object id (36-character hyphenated or 32 hexadecimal characters), got ${kind(id)}`,
          );
          return [];
        }
        return [canonical];
      }),
    ]);
  }
  return Object.fromEntries(references);
}

function readObject(
  raw: unknown,
  path: string,
  problems: Problems,
  sorts: ReadonlySet<string> | undefined,
): ConfigFileObject | undefined {
  if (!isRecord(raw)) {
    problems.add(path, `must be an object, got ${kind(raw)}`);
    return undefined;
  }
  const before = problems.list.length;
  for (const key of Object.keys(raw))
    if (!OBJECT_KEYS.has(key)) problems.add(`${path}.${key}`, 'is not a member of a configuration object');
  const id = typeof raw['id'] === 'string' ? canonicalFileId(raw['id']) : undefined;
  if (!id)
    problems.add(
      `${path}.id`,
      `must be an object id (36-character hyphenated or 32 hexadecimal characters), got ${raw['id'] === undefined ? 'nothing' : kind(raw['id'])}`,
    );
  const sort = raw['sort'];
  if (typeof sort !== 'string' || !SORT_PATTERN.test(sort))
    problems.add(
      `${path}.sort`,
      `must be a sort name such as IN_STACK, got ${sort === undefined ? 'nothing' : kind(sort)}`,
    );
  else if (sorts && !sorts.has(sort)) problems.add(`${path}.sort`, `'${sort}' is not a sort this gateway knows`);
  const displayName = raw['displayName'];
  if (typeof displayName !== 'string' || displayName.trim() === '')
    problems.add(
      `${path}.displayName`,
      `must be a non-empty string, got ${displayName === undefined ? 'nothing' : kind(displayName)}`,
    );
  else if (displayName.trim().length > DISPLAY_NAME_MAX)
    problems.add(`${path}.displayName`, `must be at most ${DISPLAY_NAME_MAX} characters`);
  const note = raw['note'] ?? '';
  if (typeof note !== 'string') problems.add(`${path}.note`, `must be a string, got ${kind(note)}`);
  const object: ConfigFileObject = {
    id: id ?? '',
    sort: typeof sort === 'string' ? sort : '',
    displayName: typeof displayName === 'string' ? displayName.trim() : '',
    parameters: readMap(raw['parameters'], `${path}.parameters`, problems),
    references: readReferences(raw['references'], `${path}.references`, problems),
    common: readCommon(raw['common'], `${path}.common`, problems),
    note: typeof note === 'string' ? note : '',
    metadata: readMap(raw['metadata'], `${path}.metadata`, problems),
  };
  return problems.list.length === before ? object : undefined;
}

/**
 * Ids unique, references resolved within the file. `ids` holds the id of every object whose id could be read
 * (well-formed or not), so a reference to an object with other problems is not reported as missing.
 */
function checkGraph(objects: readonly ReadObject[], ids: ReadonlyMap<string, string>, problems: Problems): void {
  for (const { path, object } of objects) {
    const first = ids.get(object.id);
    if (first !== undefined && first !== path)
      problems.add(`${path}.id`, `id ${object.id} is already the id of ${first}`);
  }
  for (const { path, object } of objects) {
    for (const [slot, refs] of Object.entries(object.references)) {
      refs.forEach((id, j) => {
        if (!ids.has(id))
          problems.add(
            `${path}.references.${slot}[${j}]`,
            `'${object.displayName}' refers to object ${id}, which is not in the file`,
          );
      });
    }
  }
}

/** A well-formed object of the file and where it is (`objects[3]`). */
export interface ReadObject {
  readonly path: string;
  readonly object: ConfigFileObject;
}

/** Everything a file holds that could be read, and everything wrong with it. */
export interface InspectedConfigFile {
  readonly formatVersion: number;
  readonly exportedAt: string;
  readonly generator?: string;
  /** The well-formed objects, in file order (objects with problems are left out). */
  readonly objects: readonly ReadObject[];
  /** Every problem found (the first MAX_PROBLEMS of `problemCount`), paths into the file. */
  readonly problems: readonly ConfigFileProblem[];
  readonly problemCount: number;
}

/**
 * Reads a configuration file and lists everything wrong with it without stopping at the first problem:
 * the root members, every object's members, duplicate ids and references to objects not in the file, so a
 * caller can check the well-formed objects further and answer all problems at once. Throws ConfigFileError
 * only when nothing more can be checked: the bytes do not parse, the document is of another format or
 * version, or it holds more objects than the limit.
 */
export function inspectConfigFile(content: Buffer, options: DecodeOptions = {}): InspectedConfigFile {
  const problems = new Problems();
  const root = readRoot(parseBytes(content, options.maxBytes ?? DEFAULT_MAX_BYTES), problems);
  const sorts = options.sorts ? new Set(options.sorts) : undefined;
  const objects: ReadObject[] = [];
  const ids = new Map<string, string>();
  const maxObjects = options.maxObjects ?? DEFAULT_MAX_OBJECTS;
  if (Array.isArray(root['objects']) && root['objects'].length > maxObjects) {
    throw new ConfigFileError([
      { path: 'objects', message: `holds ${root['objects'].length} objects; at most ${maxObjects} are accepted` },
    ]);
  }
  if (Array.isArray(root['objects'])) {
    root['objects'].forEach((raw, i) => {
      const path = `objects[${i}]`;
      const object = readObject(raw, path, problems, sorts);
      if (object) objects.push({ path, object });
      const id = isRecord(raw) && typeof raw['id'] === 'string' ? canonicalFileId(raw['id']) : undefined;
      if (id !== undefined && !ids.has(id)) ids.set(id, path);
    });
    checkGraph(objects, ids, problems);
  }
  return {
    formatVersion: root['formatVersion'] as number,
    exportedAt: root['exportedAt'] as string,
    ...(typeof root['generator'] === 'string' ? { generator: root['generator'] } : {}),
    objects,
    problems: problems.list,
    problemCount: problems.found,
  };
}

/**
 * Reads a configuration file (gzip-compressed or plain JSON) and checks all of it. Throws ConfigFileError
 * naming every problem found (up to MAX_PROBLEMS) — nothing is returned from a file with any problem.
 */
export function decodeConfigFile(content: Buffer, options: DecodeOptions = {}): ConfigFileDocument {
  const inspected = inspectConfigFile(content, options);
  if (inspected.problems.length > 0) throw new ConfigFileError(inspected.problems);
  return {
    format: CONFIG_FILE_FORMAT,
    formatVersion: inspected.formatVersion,
    exportedAt: inspected.exportedAt,
    ...(inspected.generator !== undefined ? { generator: inspected.generator } : {}),
    objects: inspected.objects.map((read) => read.object),
  };
}
