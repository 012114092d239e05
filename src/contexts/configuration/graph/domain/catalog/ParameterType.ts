import type { ErrorDetail } from '../../../../../shared/domain/DomainError.js';
import type { ParameterValue } from '../ConfigObject.js';
import type { ObjectSort } from '../ObjectSort.js';

/**
 * The types a parameter of a configuration object can have. Values are stored typed (numbers, booleans,
 * strings, arrays, records); the detached-objects wire renders every scalar as a string (interface/http).
 *
 * - string: free text up to `maxLength`, optionally matching `pattern` (described by `hint`);
 * - integer: a whole number in [min, max];
 * - boolean;
 * - enum: one of `values`;
 * - ipAddress: an IPv4 or IPv6 address; hostname: a DNS name or an IP address;
 * - port: a TCP/UDP port 1..65535 (0 too when `allowZero`: "not used");
 * - uri: an absolute URI with one of `schemes`;
 * - pem: PEM text whose blocks carry one of `labels` (certificates, private keys) — private data;
 * - secret: a password or shared secret — private data;
 * - reference: an object id of one of `targets`, only inside records; its ids also fill the reference slot
 *   `slot` of the object (derived), so the graph sees them;
 * - list: an array of one item type, at most `maxItems`;
 * - record: a JSON object with named fields.
 * `optional` string-like types accept the empty string ("not set").
 */
export type ScalarType =
  | {
      readonly kind: 'string';
      readonly maxLength: number;
      readonly optional: boolean;
      readonly pattern?: RegExp;
      readonly hint?: string;
    }
  | { readonly kind: 'integer'; readonly min: number; readonly max: number }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'ipAddress'; readonly optional: boolean }
  | { readonly kind: 'hostname'; readonly optional: boolean }
  | { readonly kind: 'port'; readonly allowZero: boolean }
  | { readonly kind: 'uri'; readonly schemes: readonly string[]; readonly optional: boolean }
  | { readonly kind: 'pem'; readonly labels: readonly string[] }
  | { readonly kind: 'secret' }
  | {
      readonly kind: 'reference';
      readonly targets: readonly ObjectSort[];
      readonly slot: string;
      readonly optional: boolean;
    };

export interface ListType {
  readonly kind: 'list';
  readonly of: ParameterType;
  readonly maxItems: number;
}

export interface RecordType {
  readonly kind: 'record';
  readonly fields: readonly FieldDefinition[];
  /**
   * Rules across the fields of one record (a matcher's member must fit its type, a range's ends be in order),
   * run once every field has the right type; one detail per problem, named below `field`.
   */
  readonly rule?: (record: { readonly [key: string]: ParameterValue }, field: string) => ErrorDetail[];
}

export type ParameterType = ScalarType | ListType | RecordType;

/** A named, typed value inside a record (a route of a routing domain, a whitelist entry, …). */
export interface FieldDefinition {
  readonly name: string;
  readonly type: ParameterType;
  readonly default: ParameterValue;
  readonly description: string;
  /** The field may be left out of the record (absent means "not set"; its default is never filled in). */
  readonly optional?: boolean;
}

/** Types whose values are private data: export strips them unless asked to include private data. */
export function isPrivateType(type: ParameterType): boolean {
  return type.kind === 'pem' || type.kind === 'secret';
}

/**
 * Types whose values are secrets (passwords, shared secrets, private keys): no read answers them; only an
 * export with private data carries them. Certificates are private data but not secret.
 */
export function isSecretType(type: ParameterType): boolean {
  return type.kind === 'secret' || (type.kind === 'pem' && type.labels.some((label) => label.includes('PRIVATE KEY')));
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOSTNAME =
  /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const URI = /^([A-Za-z][A-Za-z0-9+.-]*):(\S+)$/;
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n?-----END \1-----/g;

export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

export function isIpv6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || !text.includes(':')) return false;
  let body = text;
  let groupsAvailable = 8;
  const lastColon = body.lastIndexOf(':');
  const tail = body.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!IPV4.test(tail)) return false;
    body = body.slice(0, lastColon + 1) + '0:0';
  }
  const doubles = body.split('::').length - 1;
  if (doubles > 1) return false;
  const groups = body.split(':');
  if (doubles === 0) return groups.length === groupsAvailable && groups.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g));
  const [head, rest] = body.split('::') as [string, string];
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === '' ? [] : rest.split(':');
  groupsAvailable -= 1;
  return (
    headGroups.length + restGroups.length <= groupsAvailable &&
    [...headGroups, ...restGroups].every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))
  );
}

export function isIpAddress(text: string): boolean {
  return isIpv4(text) || isIpv6(text);
}

/** PEM text: one or more blocks, each with one of the allowed labels and base64 content. */
export function pemLabels(text: string): string[] | undefined {
  const labels: string[] = [];
  let rest = text.trim();
  PEM_BLOCK.lastIndex = 0;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = PEM_BLOCK.exec(rest)) !== null) {
    if (rest.slice(consumed, match.index).trim() !== '') return undefined;
    labels.push(match[1]!);
    consumed = match.index + match[0].length;
  }
  rest = rest.slice(consumed);
  return labels.length > 0 && rest.trim() === '' ? labels : undefined;
}

/** A short description of a type for error messages ("an integer from 1 to 65535"). */
export function describeType(type: ParameterType): string {
  switch (type.kind) {
    case 'string':
      return type.hint ?? `text of at most ${type.maxLength} characters`;
    case 'integer':
      return `a whole number from ${type.min} to ${type.max}`;
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${type.values.join(', ')}`;
    case 'ipAddress':
      return type.optional ? 'an IPv4 or IPv6 address, or empty' : 'an IPv4 or IPv6 address';
    case 'hostname':
      return type.optional ? 'a host name or IP address, or empty' : 'a host name or IP address';
    case 'port':
      return type.allowZero ? 'a port from 1 to 65535, or 0 for none' : 'a port from 1 to 65535';
    case 'uri':
      return `a URI with scheme ${type.schemes.join(', ')}${type.optional ? ', or empty' : ''}`;
    case 'pem':
      return `PEM text (${type.labels.join(' / ')}), or empty`;
    case 'secret':
      return 'a secret (text), or empty';
    case 'reference':
      return `the id of a ${type.targets.join(' or ')} object${type.optional ? ', or empty' : ''}`;
    case 'list':
      return `a list (at most ${type.maxItems}) of ${describeType(type.of)}`;
    case 'record':
      return `an object with the fields ${type.fields.map((f) => f.name).join(', ')}`;
  }
}

function detail(field: string, type: ParameterType, got: string): ErrorDetail {
  return { field, rule: type.kind, message: `${field} must be ${describeType(type)}, got ${got}` };
}

/** A short rendering of a value for a message; never throws (values nested too deep to stringify are named by kind). */
export function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Array.isArray(value) ? 'an array nested too deep to show' : 'an object nested too deep to show';
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function checkText(
  type: ScalarType & { kind: 'string' | 'ipAddress' | 'hostname' | 'uri' | 'pem' | 'secret' | 'enum' | 'reference' },
  value: string,
): boolean {
  switch (type.kind) {
    case 'string':
      if (value.length > type.maxLength) return false;
      if (value === '') return type.optional || !type.pattern;
      return !type.pattern || type.pattern.test(value);
    case 'enum':
      return type.values.includes(value);
    case 'ipAddress':
      return (type.optional && value === '') || isIpAddress(value);
    case 'hostname':
      return (type.optional && value === '') || isIpAddress(value) || HOSTNAME.test(value);
    case 'uri': {
      if (value === '') return type.optional;
      const match = URI.exec(value);
      return !!match && type.schemes.includes(match[1]!.toLowerCase()) && value.length <= 2048;
    }
    case 'pem': {
      if (value === '') return true;
      const labels = pemLabels(value);
      return !!labels && labels.every((label) => type.labels.includes(label));
    }
    case 'secret':
      return value.length <= 1024;
    case 'reference':
      return type.optional ? true : value !== '';
  }
}

/**
 * Checks a typed value against a type; returns one detail per offending field (empty when valid).
 * References inside records are checked for shape only here (non-empty when required); whether they
 * point to existing objects of the right sort is checked against the graph (ObjectRules).
 */
export function checkValue(type: ParameterType, value: unknown, field: string): ErrorDetail[] {
  switch (type.kind) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < type.min || value > type.max)
        return [detail(field, type, shown(value))];
      return [];
    case 'port':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < (type.allowZero ? 0 : 1) || value > 65535)
        return [detail(field, type, shown(value))];
      return [];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [detail(field, type, shown(value))];
    case 'list': {
      if (!Array.isArray(value)) return [detail(field, type, shown(value))];
      if (value.length > type.maxItems)
        return [
          { field, rule: 'maxItems', message: `${field} may hold at most ${type.maxItems} items, got ${value.length}` },
        ];
      return value.flatMap((item, index) => checkValue(type.of, item, `${field}[${index}]`));
    }
    case 'record': {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        return [detail(field, type, shown(value))];
      const record = value as Record<string, unknown>;
      const known = new Set(type.fields.map((f) => f.name));
      const unknown = Object.keys(record)
        .filter((key) => !known.has(key))
        .map((key): ErrorDetail => ({
          field: `${field}.${key}`,
          rule: 'unknown',
          message: `${field}.${key} is not a field (fields: ${[...known].join(', ')})`,
        }));
      const missing = type.fields
        .filter((f) => !f.optional && !(f.name in record))
        .map((f): ErrorDetail => ({
          field: `${field}.${f.name}`,
          rule: 'required',
          message: `${field}.${f.name} is missing`,
        }));
      const wrong = type.fields
        .filter((f) => f.name in record)
        .flatMap((f) => checkValue(f.type, record[f.name], `${field}.${f.name}`));
      const problems = [...unknown, ...missing, ...wrong];
      if (problems.length > 0 || !type.rule) return problems;
      return type.rule(record as { readonly [key: string]: ParameterValue }, field);
    }
    default:
      if (typeof value !== 'string') return [detail(field, type, shown(value))];
      return checkText(type, value) ? [] : [detail(field, type, shown(value))];
  }
}

/** Every (slot, id) a typed value holds in its reference fields, at any depth. */
export function referencesIn(
  type: ParameterType,
  value: unknown,
): Array<{ slot: string; id: string; targets: readonly ObjectSort[]; path: string }> {
  const found: Array<{ slot: string; id: string; targets: readonly ObjectSort[]; path: string }> = [];
  const walk = (t: ParameterType, v: unknown, path: string): void => {
    if (t.kind === 'reference') {
      if (typeof v === 'string' && v !== '') found.push({ slot: t.slot, id: v, targets: t.targets, path });
    } else if (t.kind === 'list' && Array.isArray(v)) {
      v.forEach((item, index) => walk(t.of, item, `${path}[${index}]`));
    } else if (t.kind === 'record' && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const f of t.fields) walk(f.type, (v as Record<string, unknown>)[f.name], `${path}.${f.name}`);
    }
  };
  walk(type, value, '');
  return found;
}

/** Rewrites the ids of reference fields (import CLONE and SKIP re-point references); other values are kept. */
export function mapReferences(type: ParameterType, value: ParameterValue, map: (id: string) => string): ParameterValue {
  if (type.kind === 'reference') return typeof value === 'string' && value !== '' ? map(value) : value;
  if (type.kind === 'list' && Array.isArray(value)) return value.map((item) => mapReferences(type.of, item, map));
  if (type.kind === 'record' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as { readonly [key: string]: ParameterValue };
    const result: { [key: string]: ParameterValue } = { ...record };
    for (const f of type.fields) if (f.name in record) result[f.name] = mapReferences(f.type, record[f.name]!, map);
    return result;
  }
  return value;
}

/** Whether a type holds reference fields anywhere (so derived slots must be recomputed). */
export function hasReferenceFields(type: ParameterType): boolean {
  if (type.kind === 'reference') return true;
  if (type.kind === 'list') return hasReferenceFields(type.of);
  if (type.kind === 'record') return type.fields.some((f) => hasReferenceFields(f.type));
  return false;
}
