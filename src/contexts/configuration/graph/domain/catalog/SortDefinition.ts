import type { ParameterValue } from '../ConfigObject.js';
import type { ObjectSort } from '../ObjectSort.js';
import {
  isPrivateType,
  type FieldDefinition,
  type ParameterType,
  type RecordType,
  type ScalarType,
} from './ParameterType.js';

/** A sort-specific parameter: its type, its value when not given, and whether it is private data. */
export interface ParameterDefinition {
  readonly name: string;
  readonly type: ParameterType;
  readonly default: ParameterValue;
  /** Passwords, private keys, certificates, secrets: stripped from exports without private data. */
  readonly private: boolean;
  readonly description: string;
}

/**
 * A named set of references to other objects. `one` slots hold at most one id; `required` slots at least
 * one. A `derived` slot is not set directly: it lists the ids held by reference fields of the parameters
 * (a routing domain's route targets, for example), recomputed whenever the parameters change.
 */
export interface ReferenceSlot {
  readonly name: string;
  readonly targets: readonly ObjectSort[];
  readonly cardinality: 'one' | 'many';
  readonly required: boolean;
  readonly derived: boolean;
  readonly description: string;
}

/** What the catalog knows of one sort: its plain-words kind, its parameters and its reference slots. */
export interface SortDefinition {
  readonly sort: ObjectSort;
  readonly kind: string;
  readonly description: string;
  readonly parameters: readonly ParameterDefinition[];
  readonly references: readonly ReferenceSlot[];
}

/** Keys of the detached-objects view that no parameter or slot may use. */
export const RESERVED_NAMES: readonly string[] = [
  'id',
  'sort',
  'displayName',
  'comment',
  'visible',
  'protected',
  'trMark',
  'metaData',
];

// ---- builders, so the sort tables read as tables ----

function param(name: string, type: ParameterType, dflt: ParameterValue, description: string): ParameterDefinition {
  return { name, type, default: dflt, private: isPrivateType(type), description };
}

export const t = {
  string: (maxLength = 255, optional = true, pattern?: RegExp, hint?: string): ScalarType => ({
    kind: 'string',
    maxLength,
    optional,
    pattern,
    hint,
  }),
  integer: (min: number, max: number): ScalarType => ({ kind: 'integer', min, max }),
  boolean: (): ScalarType => ({ kind: 'boolean' }),
  enumOf: (values: readonly string[]): ScalarType => ({ kind: 'enum', values }),
  ip: (optional = true): ScalarType => ({ kind: 'ipAddress', optional }),
  host: (optional = true): ScalarType => ({ kind: 'hostname', optional }),
  port: (allowZero = false): ScalarType => ({ kind: 'port', allowZero }),
  uri: (schemes: readonly string[], optional = true): ScalarType => ({ kind: 'uri', schemes, optional }),
  ref: (slot: string, targets: readonly ObjectSort[], optional = true): ScalarType => ({
    kind: 'reference',
    slot,
    targets,
    optional,
  }),
  list: (of: ParameterType, maxItems = 256): ParameterType => ({ kind: 'list', of, maxItems }),
  record: (fields: readonly FieldDefinition[], rule?: RecordType['rule']): ParameterType =>
    rule ? { kind: 'record', fields, rule } : { kind: 'record', fields },
};

export const p = {
  string: (name: string, description: string, dflt = '', maxLength = 255): ParameterDefinition =>
    param(name, t.string(maxLength, true), dflt, description),
  text: (name: string, description: string, type: ScalarType, dflt: string): ParameterDefinition =>
    param(name, type, dflt, description),
  integer: (name: string, description: string, min: number, max: number, dflt: number): ParameterDefinition =>
    param(name, t.integer(min, max), dflt, description),
  boolean: (name: string, description: string, dflt: boolean): ParameterDefinition =>
    param(name, t.boolean(), dflt, description),
  enumOf: (name: string, description: string, values: readonly string[], dflt?: string): ParameterDefinition =>
    param(name, t.enumOf(values), dflt ?? values[0]!, description),
  ip: (name: string, description: string, dflt = '', optional = true): ParameterDefinition =>
    param(name, t.ip(optional), dflt, description),
  host: (name: string, description: string, dflt = '', optional = true): ParameterDefinition =>
    param(name, t.host(optional), dflt, description),
  port: (name: string, description: string, dflt: number, allowZero = false): ParameterDefinition =>
    param(name, t.port(allowZero), dflt, description),
  uri: (
    name: string,
    description: string,
    schemes: readonly string[],
    dflt = '',
    optional = true,
  ): ParameterDefinition => param(name, t.uri(schemes, optional), dflt, description),
  certificate: (name: string, description: string): ParameterDefinition =>
    param(name, { kind: 'pem', labels: ['CERTIFICATE'] }, '', description),
  privateKey: (name: string, description: string): ParameterDefinition =>
    param(
      name,
      { kind: 'pem', labels: ['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY', 'ENCRYPTED PRIVATE KEY'] },
      '',
      description,
    ),
  secret: (name: string, description: string): ParameterDefinition => param(name, { kind: 'secret' }, '', description),
  list: (
    name: string,
    description: string,
    of: ParameterType,
    dflt: ParameterValue[] = [],
    maxItems = 256,
  ): ParameterDefinition => param(name, t.list(of, maxItems), dflt, description),
};

export const f = {
  field: (name: string, type: ParameterType, dflt: ParameterValue, description = ''): FieldDefinition => ({
    name,
    type,
    default: dflt,
    description,
  }),
  /** A field that may be left out of the record (never filled with a default). */
  optional: (name: string, type: ParameterType, description = ''): FieldDefinition => ({
    name,
    type,
    default: null,
    description,
    optional: true,
  }),
};

function slot(
  name: string,
  targets: readonly ObjectSort[],
  cardinality: 'one' | 'many',
  required: boolean,
  derived: boolean,
  description: string,
): ReferenceSlot {
  return { name, targets, cardinality, required, derived, description };
}

export const r = {
  one: (name: string, targets: readonly ObjectSort[], description: string): ReferenceSlot =>
    slot(name, targets, 'one', false, false, description),
  requiredOne: (name: string, targets: readonly ObjectSort[], description: string): ReferenceSlot =>
    slot(name, targets, 'one', true, false, description),
  many: (name: string, targets: readonly ObjectSort[], description: string): ReferenceSlot =>
    slot(name, targets, 'many', false, false, description),
  derived: (name: string, targets: readonly ObjectSort[], description: string): ReferenceSlot =>
    slot(name, targets, 'many', false, true, description),
};

export function sortDefinition(
  sort: ObjectSort,
  kind: string,
  description: string,
  parameters: readonly ParameterDefinition[] = [],
  references: readonly ReferenceSlot[] = [],
): SortDefinition {
  return { sort, kind, description, parameters, references };
}

// ---- sort groups used by several definitions ----

export const CONDITION_SORTS: readonly ObjectSort[] = ['CS_CONDITION', 'CS_SCHEDULER', 'CS_STUB'];
export const TRANSPORT_CONNECTION_SORTS: readonly ObjectSort[] = [
  'AN_SIPRT_ROUTE',
  'SIPRT_PLAIN_ROUTE',
  'AN_SIPLB_STACK',
  'SRVLB_STACK',
  'SIPUA_REGISTRATION',
];
export const NODE_SORTS: readonly ObjectSort[] = [
  'TELSIP_STACK',
  'TELWEBRTC_STACK',
  'TELUCMA_STACK',
  'TELCAPIC_STACK',
  'TELCAPIS_STACK',
  'TELCOLLAB_STACK',
];
export const DIRECTORY_SORTS: readonly ObjectSort[] = [
  'USRAGG_DIRECTORY',
  'CLOUD_ACTIVE_DIRECTORY',
  'USRDB_DIRECTORY',
  'USRLDAP_DIRECTORY',
  'USRTEL_DIRECTORY',
  'USRT_DIRECTORY',
];
export const NETWORK_MAPPING_SORTS: readonly ObjectSort[] = ['IN_MAP_STACK', 'IN_MAP_STATIC_STACK'];
export const IP_VERSIONS: readonly string[] = ['IN_ADDRESS_VERSION_4', 'IN_ADDRESS_VERSION_6'];
