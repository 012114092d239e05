import { DomainError, type ErrorDetail } from '../../../../../shared/domain/DomainError.js';
import type { ConfigObject, ParameterValue } from '../../../graph/domain/ConfigObject.js';
import { canonicalObjectId } from '../../../graph/domain/ObjectId.js';
import { isObjectSort, type ObjectSort } from '../../../graph/domain/ObjectSort.js';
import { describeType, shown, type ParameterType } from '../../../graph/domain/catalog/ParameterType.js';
import { SortCatalog } from '../../../graph/domain/catalog/SortCatalog.js';
import type { ObjectChange } from '../../application/SetObject.js';
import type { ObjectEntryView } from './ObjectViews.js';

/**
 * The detached-objects wire shape, as the real product shows objects: one flat JSON object whose scalars are
 * all strings ("5060", "true", "false", "" for nothing), lists as arrays, records as objects:
 *
 *   { "id", "sort", "displayName", "comment", "visible", "protected", "trMark",
 *     <each parameter of the sort>, <each reference slot: an id ("" for none) or an array of ids>,
 *     "metaData": { "anynodefe": { ...stored metadata, "note", "compatibility": "0", "version": "<n>" } } }
 *
 * Secret parameters (passwords, shared secrets, private keys) are never answered: they are left out, and since
 * a set keeps what it is not sent, reading an object and sending it back keeps them.
 * `metaData.anynodefe.version` is the object's optimistic version: send it back with a set to make the set
 * conditional. Reading the other direction (objects/set) accepts the same shape; see readObjectChange.
 */
export { renderObject, renderValue, type WireValue } from '../../../graph/interface/http/objectRendering.js';

const COMMON_FLAGS = ['visible', 'protected', 'trMark'] as const;

/** The short form of list answers (objects/sorts with a sort, unreferenced): as the real product lists objects. */
export function renderEntry(object: ConfigObject): ObjectEntryView {
  return { displayName: object.displayName, id: object.id, sort: object.sort };
}

// ---- reading a set request ----

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A wire value to its typed form; scalars come as strings (native JSON numbers and booleans are accepted too). */
export function fromWire(
  type: ParameterType,
  value: unknown,
  field: string,
  details: ErrorDetail[],
): ParameterValue | undefined {
  const wrong = (expected: string): undefined => {
    details.push({ field, rule: type.kind, message: `${field} must be ${expected}, got ${shown(value)}` });
    return undefined;
  };
  switch (type.kind) {
    case 'integer':
    case 'port':
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      if (typeof value === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(value)) return Number(value.trim());
      return wrong(describeType(type));
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return wrong('"true" or "false"');
    case 'reference': {
      if (value === '' || value === null) return '';
      const id = typeof value === 'string' ? canonicalObjectId(value) : undefined;
      return id ?? wrong('an object id (36-character hyphenated or 32 hexadecimal characters), or ""');
    }
    case 'list': {
      if (!Array.isArray(value)) return wrong(`a JSON array (${describeType(type)})`);
      const items = value.map((item, i) => fromWire(type.of, item, `${field}[${i}]`, details));
      return items.some((item) => item === undefined) ? undefined : (items as ParameterValue[]);
    }
    case 'record': {
      if (!isRecord(value)) return wrong(`a JSON object with the fields ${type.fields.map((f) => f.name).join(', ')}`);
      const record: { [key: string]: ParameterValue } = {};
      for (const key of Object.keys(value)) {
        if (!type.fields.some((f) => f.name === key))
          details.push({
            field: `${field}.${key}`,
            rule: 'unknown',
            message: `${field}.${key} is not a field (fields: ${type.fields.map((f) => f.name).join(', ')})`,
          });
      }
      for (const f of type.fields) {
        if (f.optional && (value[f.name] === undefined || value[f.name] === null)) continue;
        const parsed = f.name in value ? fromWire(f.type, value[f.name], `${field}.${f.name}`, details) : f.default;
        if (parsed !== undefined) record[f.name] = parsed;
      }
      return record;
    }
    default:
      if (typeof value === 'string') return value;
      return wrong(`a string (${describeType(type)})`);
  }
}

function idsFromWire(
  value: unknown,
  cardinality: 'one' | 'many',
  field: string,
  details: ErrorDetail[],
): string[] | undefined {
  const list = cardinality === 'one' && !Array.isArray(value) ? (value === '' || value === null ? [] : [value]) : value;
  if (!Array.isArray(list)) {
    details.push({
      field,
      rule: 'references',
      message: `${field} must be an array of object ids, got ${shown(value)}`,
    });
    return undefined;
  }
  const ids: string[] = [];
  list.forEach((item, i) => {
    const id = typeof item === 'string' ? canonicalObjectId(item) : undefined;
    if (id) ids.push(id);
    else
      details.push({
        field: cardinality === 'one' ? field : `${field}[${i}]`,
        rule: 'objectId',
        message: `${field} must hold object ids (36-character hyphenated or 32 hexadecimal characters), got ${shown(item)}`,
      });
  });
  return ids;
}

function readVersion(metaData: unknown, details: ErrorDetail[]): { version?: number; note?: string } {
  if (metaData === undefined) return {};
  const anynodefe = isRecord(metaData) ? metaData['anynodefe'] : undefined;
  if (!isRecord(metaData) || (anynodefe !== undefined && !isRecord(anynodefe))) {
    details.push({ field: 'metaData', rule: 'object', message: 'metaData must be an object {"anynodefe": {...}}' });
    return {};
  }
  const result: { version?: number; note?: string } = {};
  const version = anynodefe?.['version'];
  if (version !== undefined) {
    if (typeof version === 'number' && Number.isInteger(version) && version >= 0) result.version = version;
    else if (typeof version === 'string' && /^\d{1,9}$/.test(version)) result.version = Number(version);
    else
      details.push({
        field: 'metaData.anynodefe.version',
        rule: 'version',
        message: `metaData.anynodefe.version must be the version read with the object (a whole number), got ${shown(version)}`,
      });
  }
  const note = anynodefe?.['note'];
  if (note !== undefined) {
    if (typeof note === 'string') result.note = note;
    else
      details.push({
        field: 'metaData.anynodefe.note',
        rule: 'string',
        message: 'metaData.anynodefe.note must be a string',
      });
  }
  return result;
}

/**
 * Reads the body of objects/set: the shape objects/get answers, in whole or in part. Members left out keep
 * their values. `id` and `sort`, when present, must name the object being set; `sort` is required to create.
 * Derived reference slots are read-only and ignored; other metaData members than `version` and `note` too.
 * A member sent as null counts as left out (the specification lets optional fields be sent as null).
 * Any member the sort does not have, and any value of the wrong type, is reported as a problem naming the
 * field; SetObject answers them (400) together with its own checks (ranges, references, required slots).
 */
export function readObjectChange(raw: unknown, id: string, current: ConfigObject | undefined): ObjectChange {
  const body = bodyMembers(raw);
  const details: ErrorDetail[] = [];
  const bodySort = readIdAndSort(body, id, details);
  const sort = current?.sort ?? bodySort;
  const change: { -readonly [K in keyof ObjectChange]: ObjectChange[K] } = {
    sort: bodySort,
    parameters: {},
    references: {},
  };
  const displayName = readString(body, 'displayName', details);
  if (displayName !== undefined) change.displayName = displayName;
  change.common = readCommon(body, details);
  const meta = readVersion(body['metaData'], details);
  change.expectedVersion = meta.version;
  change.note = meta.note;
  if (sort) {
    const { parameters, references } = readSortMembers(body, sort, details);
    change.parameters = parameters;
    change.references = references;
  }
  change.problems = details;
  return change;
}

/** The members of a set request's body, those sent as null left out; a body that is not a JSON object is refused. */
function bodyMembers(raw: unknown): Record<string, unknown> {
  if (!isRecord(raw))
    throw DomainError.invalid(
      'INVALID_BODY',
      'the request body must be a JSON object: the object with every parameter as a string',
    );
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null));
}

/** Checks that `id`, when sent, names the object of the query; answers the sort the body names, when valid. */
function readIdAndSort(body: Record<string, unknown>, id: string, details: ErrorDetail[]): ObjectSort | undefined {
  if (body['id'] !== undefined && (typeof body['id'] !== 'string' || canonicalObjectId(body['id']) !== id)) {
    details.push({
      field: 'id',
      rule: 'matches',
      message: `id in the body (${shown(body['id'])}) must name the object of the query, ${id}`,
    });
  }
  if (body['sort'] === undefined) return undefined;
  if (typeof body['sort'] === 'string' && isObjectSort(body['sort'])) return body['sort'];
  details.push({
    field: 'sort',
    rule: 'sort',
    message: `sort must be one of the object sorts, got ${shown(body['sort'])}`,
  });
  return undefined;
}

/** A member that must be a string when sent. */
function readString(body: Record<string, unknown>, field: string, details: ErrorDetail[]): string | undefined {
  const value = body[field];
  if (value === undefined || typeof value === 'string') return value;
  details.push({ field, rule: 'string', message: `${field} must be a string, got ${shown(value)}` });
  return undefined;
}

/** The members every object has besides its name: the comment and the flags. */
function readCommon(body: Record<string, unknown>, details: ErrorDetail[]): NonNullable<ObjectChange['common']> {
  const common: { comment?: string; visible?: boolean; protected?: boolean; trMark?: boolean } = {};
  const comment = readString(body, 'comment', details);
  if (comment !== undefined) common.comment = comment;
  for (const flag of COMMON_FLAGS) {
    if (body[flag] !== undefined) {
      const parsed = fromWire({ kind: 'boolean' }, body[flag], flag, details);
      if (parsed !== undefined) common[flag] = parsed as boolean;
    }
  }
  return common;
}

/**
 * The parameters and reference slots of the sort among the body's members (derived slots ignored); any other
 * member than the common ones is reported as unknown.
 */
function readSortMembers(
  body: Record<string, unknown>,
  sort: ObjectSort,
  details: ErrorDetail[],
): { parameters: { [name: string]: ParameterValue }; references: { [slot: string]: readonly string[] } } {
  const definition = SortCatalog.of(sort);
  const parameters: { [name: string]: ParameterValue } = {};
  const references: { [slot: string]: readonly string[] } = {};
  for (const [key, value] of Object.entries(body)) {
    if (['id', 'sort', 'displayName', 'comment', ...COMMON_FLAGS, 'metaData'].includes(key)) continue;
    const parameter = definition.parameters.find((d) => d.name === key);
    const slot = definition.references.find((s) => s.name === key);
    if (parameter) {
      const parsed = fromWire(parameter.type, value, key, details);
      if (parsed !== undefined) parameters[key] = parsed;
    } else if (slot) {
      if (slot.derived) continue;
      const ids = idsFromWire(value, slot.cardinality, key, details);
      if (ids) references[key] = ids;
    } else {
      details.push({ field: key, rule: 'unknown', message: `${key} is not a parameter or reference of ${sort}` });
    }
  }
  return { parameters, references };
}
