import type { ErrorDetail } from './DomainError.js';

/**
 * The field list of a settings object (a policy, an option set), written once as data. From it come the
 * values' type (`ValuesOf`), the defaults (`defaultsOf`), the per-field checks the domain runs on every value it
 * is given or reads back (`fieldProblems`), and, at the edge, the request DTO and the answer's shape
 * (src/shared/interface/http/fieldShapes.ts). Cross-field rules (min ≤ max, …) stay in the domain object.
 * Plain data: no framework here.
 */
export interface IntegerField {
  readonly kind: 'integer';
  readonly min: number;
  readonly max: number;
  readonly default: number;
  readonly description: string;
}

export interface BooleanField {
  readonly kind: 'boolean';
  readonly default: boolean;
  readonly description: string;
}

/** Text of minLength..maxLength characters, never blank, never holding NUL (PostgreSQL cannot store it). */
export interface TextField {
  readonly kind: 'text';
  readonly minLength: number;
  readonly maxLength: number;
  readonly description: string;
}

/** A list of objects described by `item`; empty by default. `optional`: a request may omit it or send null (empty). */
export interface ListField<I extends FieldSet = FieldSet> {
  readonly kind: 'list';
  readonly item: I;
  readonly maxItems: number;
  readonly optional: boolean;
  readonly description: string;
}

export type Field = IntegerField | BooleanField | TextField | ListField;
export interface FieldSet {
  readonly [name: string]: Field;
}

export type ValueOfField<F> = F extends IntegerField
  ? number
  : F extends BooleanField
    ? boolean
    : F extends TextField
      ? string
      : F extends ListField<infer I>
        ? ReadonlyArray<ValuesOf<I>>
        : never;

export type ValuesOf<S extends FieldSet> = { readonly [K in keyof S]: ValueOfField<S[K]> };

export function integer(min: number, max: number, defaultValue: number, description: string): IntegerField {
  return { kind: 'integer', min, max, default: defaultValue, description };
}

export function flag(defaultValue: boolean, description: string): BooleanField {
  return { kind: 'boolean', default: defaultValue, description };
}

export function text(minLength: number, maxLength: number, description: string): TextField {
  return { kind: 'text', minLength, maxLength, description };
}

export function list<I extends FieldSet>(
  item: I,
  options: { maxItems: number; optional?: boolean; description: string },
): ListField<I> {
  return {
    kind: 'list',
    item,
    maxItems: options.maxItems,
    optional: options.optional ?? false,
    description: options.description,
  };
}

function defaultOf(field: Field): unknown {
  return field.kind === 'list' ? Object.freeze([]) : field.kind === 'text' ? '' : field.default;
}

/** Every field at its default, frozen. */
export function defaultsOf<S extends FieldSet>(fields: S): ValuesOf<S> {
  return Object.freeze(
    Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, defaultOf(field)])),
  ) as ValuesOf<S>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function fieldProblem(field: Field, value: unknown, path: string): ErrorDetail[] {
  switch (field.kind) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= field.min && value <= field.max
        ? []
        : [{ field: path, rule: 'range', message: `${path} must be a whole number from ${field.min} to ${field.max}` }];
    case 'boolean':
      return typeof value === 'boolean'
        ? []
        : [{ field: path, rule: 'isBoolean', message: `${path} must be true or false` }];
    case 'text':
      if (
        typeof value !== 'string' ||
        value.trim() === '' ||
        value.length < field.minLength ||
        value.length > field.maxLength
      ) {
        return [
          {
            field: path,
            rule: 'length',
            message: `${path} must be ${field.minLength} to ${field.maxLength} characters, not blank`,
          },
        ];
      }
      return value.includes('\u0000')
        ? [{ field: path, rule: 'noNul', message: `${path} must not contain the NUL character` }]
        : [];
    case 'list':
      if (!Array.isArray(value) || value.length > field.maxItems) {
        return [
          { field: path, rule: 'maxItems', message: `${path} must be a list of at most ${field.maxItems} items` },
        ];
      }
      return value.flatMap((item, index) => fieldProblems(field.item, item, `${path}[${index}]`));
  }
}

/**
 * Every field whose value is missing, of the wrong type or out of its bounds, one detail each (field named by
 * its path, e.g. `blacklist[2].value`). Properties the set does not declare are ignored.
 */
export function fieldProblems(fields: FieldSet, values: unknown, prefix = ''): ErrorDetail[] {
  if (!isRecord(values))
    return [{ field: prefix || undefined, rule: 'isObject', message: `${prefix || 'the value'} must be an object` }];
  return Object.entries(fields).flatMap(([name, field]) =>
    fieldProblem(field, values[name], prefix ? `${prefix}.${name}` : name),
  );
}

/**
 * A frozen copy holding exactly the declared fields (nested lists copied too; a missing or null list becomes
 * empty, as an optional list of a request). Call it on values `fieldProblems` (or a DTO) found nothing wrong with.
 */
export function pickFields<S extends FieldSet>(fields: S, values: ValuesOf<S>): ValuesOf<S> {
  const source = values as Record<string, unknown>;
  return Object.freeze(
    Object.fromEntries(
      Object.entries(fields).map(([name, field]) => [
        name,
        field.kind === 'list'
          ? Object.freeze(
              ((source[name] ?? []) as ReadonlyArray<ValuesOf<FieldSet>>).map((item) => pickFields(field.item, item)),
            )
          : source[name],
      ]),
    ),
  ) as ValuesOf<S>;
}
