import type { MetadataStorage } from 'class-transformer/types/MetadataStorage.js';
import type { OperationDefinition, Shape } from '../../shared/interface/http/Operation.js';

export const REF = '#/components/schemas/';

/** class-transformer's registry of @Type, so nested shapes become $refs (its CommonJS build has no typings of its own). */
const { defaultMetadataStorage } = require('class-transformer/cjs/storage.js') as {
  defaultMetadataStorage: MetadataStorage;
};

type Schema = Record<string, unknown>;

/**
 * Which side of the wire a schema describes. An answer's optional member is absent when it has no value, never
 * null (clients bind answers strictly: a null integer or boolean breaks them); a request's optional member may be
 * sent as null (IsOptional lets null through). A schema reachable from an operation's answer (`response`) is an
 * answer's, even when a request also uses it (a shape the other side echoes): one schema serves both, and the
 * stricter description holds for both sides, since what gwsim sends never has the null and what a client sends
 * without it is accepted (gwsim still takes null there). Only schemas reachable from requests alone say null.
 * Either way `@JSONSchema({ nullable: true })` (fieldShapes' `Nullable`) makes a member nullable, where the real
 * product gives null, and `nullable: false` keeps a request's member from null.
 */
export type Side = 'answer' | 'request';

/**
 * class-validator-jsonschema writes OpenAPI 3.0 schemas; OpenAPI 3.1 takes JSON Schema 2020-12: `nullable`
 * becomes a `null` type, and a request's property that is not required may be null (see `Side`).
 */
function toJsonSchema2020(schema: unknown, side: Side): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema2020(item, side));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    if (key === 'nullable') continue;
    out[key] =
      key === 'enum' || key === 'required' || key === 'examples' || key === 'example'
        ? value
        : toJsonSchema2020(value, side);
  }
  if ((schema as Schema)['nullable'] === true) return orNull(out);
  if (side === 'request' && out['type'] === 'object' && out['properties'] && typeof out['properties'] === 'object') {
    const required = new Set((out['required'] as string[] | undefined) ?? []);
    const properties = out['properties'] as Record<string, Schema>;
    const declared = ((schema as Schema)['properties'] ?? {}) as Record<string, Schema>;
    for (const [name, property] of Object.entries(properties))
      if (!required.has(name) && declared[name]?.['nullable'] !== false) properties[name] = orNull(property);
  }
  return out;
}

function orNull(schema: Schema): Schema {
  if (typeof schema['type'] === 'string')
    return {
      ...schema,
      type: [schema['type'], 'null'],
      ...(Array.isArray(schema['enum']) ? { enum: [...(schema['enum'] as unknown[]), null] } : {}),
    };
  if (Array.isArray(schema['type']))
    return (schema['type'] as unknown[]).includes('null')
      ? schema
      : { ...schema, type: [...(schema['type'] as unknown[]), 'null'] };
  if (Object.keys(schema).length === 0) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * The shapes the rows name, by schema name (two classes of one name are refused): all of them in the rows' order
 * (each row's request, then its answers), and those named as answers.
 */
function rowShapes(operations: readonly OperationDefinition[]): { named: string[]; answers: Set<string> } {
  const known = new Map<string, Shape>();
  const answers = new Set<string>();
  const note = (shape: Shape | string | undefined, op: OperationDefinition, answer: boolean) => {
    if (!shape || typeof shape === 'string') return;
    const other = known.get(shape.name);
    if (other && other !== shape)
      throw new Error(`two shapes are named ${shape.name}: schema names must be unique (${op.method} ${op.path})`);
    known.set(shape.name, shape);
    if (answer) answers.add(shape.name);
  };
  for (const op of operations) {
    note(op.request, op, false);
    note(op.requestArrayOf, op, false);
    const response = op.response;
    if (response?.kind === 'json') note(response.shape, op, true);
    if (response?.kind === 'oneOf') for (const answer of response.of) note(answer.shape, op, true);
  }
  return { named: [...known.keys()], answers };
}

/** Every class with validation decorators, by name; schemas are keyed by class name, so a name must be unique. */
function checkClassNames(): void {
  const { getMetadataStorage } = require('class-validator') as typeof import('class-validator');
  const byName = new Map<string, unknown>();
  for (const target of (
    getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, unknown> }
  ).validationMetadatas.keys()) {
    if (typeof target !== 'function') continue;
    const known = byName.get(target.name);
    if (known && known !== target)
      throw new Error(`two classes with validation decorators are named ${target.name}: schema names must be unique`);
    byName.set(target.name, target);
  }
}

/** The names `roots` reach through their schemas' $refs, the roots included, in the order they are met. */
function reachable(roots: readonly string[], all: Record<string, unknown>): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const match of JSON.stringify(all[name] ?? {}).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
      pending.push(match[1]!);
  }
  return seen;
}

/**
 * The schemas of every shape the rows declare (and the shapes they nest), from their class-validator decorators:
 * those an answer reaches described as answers, the others as requests (see `Side`).
 */
export function shapeSchemas(operations: readonly OperationDefinition[]): Record<string, unknown> {
  const { named, answers } = rowShapes(operations);
  checkClassNames();
  const { validationMetadatasToSchemas } =
    require('class-validator-jsonschema') as typeof import('class-validator-jsonschema');
  const all = validationMetadatasToSchemas({
    refPointerPrefix: REF,
    classTransformerMetadataStorage: defaultMetadataStorage,
  }) as Record<string, unknown>;
  const answered = reachable([...answers], all);
  const schemas: Record<string, unknown> = {};
  for (const name of reachable(named, all)) {
    const schema = all[name] ?? { type: 'object', description: `${name} declares no validation decorators` };
    schemas[name] = toJsonSchema2020(schema, answered.has(name) ? 'answer' : 'request');
  }
  return schemas;
}
