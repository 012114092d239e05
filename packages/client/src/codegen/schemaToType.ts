/** A JSON Schema (2020-12, the subset OpenAPI 3.1 documents of gwsim use) as read from the document. */
export type JsonSchema =
  | boolean
  | {
      readonly $ref?: string;
      readonly type?: string | readonly string[];
      readonly enum?: readonly unknown[];
      readonly const?: unknown;
      readonly anyOf?: readonly JsonSchema[];
      readonly oneOf?: readonly JsonSchema[];
      readonly allOf?: readonly JsonSchema[];
      readonly properties?: Readonly<Record<string, JsonSchema>>;
      readonly required?: readonly string[];
      readonly additionalProperties?: JsonSchema;
      readonly items?: JsonSchema;
      readonly description?: string;
      readonly [keyword: string]: unknown;
    };

const REF_PREFIX = '#/components/schemas/';
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name as a TypeScript property key. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** A description as a one-line doc comment (never closing the comment early). */
export function docComment(description: unknown, indent: string): string {
  if (typeof description !== 'string' || description.trim() === '') return '';
  return `${indent}/** ${description.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()} */\n`;
}

function union(types: readonly string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.length === 0 ? 'never' : unique.join(' | ');
}

function wrap(type: string): string {
  return /^[A-Za-z0-9_$.'"[\]]+$/.test(type) ? type : `(${type})`;
}

/**
 * The TypeScript type of a schema: `$ref`s to components become `Schemas['Name']` (the `schemas` argument names
 * the type that holds them), enumerations unions of literals, `type` arrays unions, objects their properties
 * (required ones without `?`), arrays of items. Validation-only keywords (minimum, maxLength, pattern, format, …)
 * do not change the type. Anything the subset does not cover is `unknown`, never a guess.
 */
export function schemaToType(schema: JsonSchema | undefined, schemas: string, indent = ''): string {
  if (schema === undefined || schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (schema.$ref !== undefined) {
    if (!schema.$ref.startsWith(REF_PREFIX)) return 'unknown';
    return `${schemas}[${JSON.stringify(schema.$ref.slice(REF_PREFIX.length))}]`;
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return union(schema.enum.map((value) => JSON.stringify(value)));
  if (schema.anyOf || schema.oneOf)
    return union((schema.anyOf ?? schema.oneOf)!.map((part) => schemaToType(part, schemas, indent)));
  if (schema.allOf) return schema.allOf.map((part) => wrap(schemaToType(part, schemas, indent))).join(' & ');
  const types = schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;
  if (types.length === 0) return schema.properties ? objectType(schema, schemas, indent) : 'unknown';
  return union(
    types.map((type) => {
      switch (type) {
        case 'string':
          return 'string';
        case 'integer':
        case 'number':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array':
          return `${wrap(schemaToType(schema.items, schemas, indent))}[]`;
        case 'object':
          return objectType(schema, schemas, indent);
        default:
          return 'unknown';
      }
    }),
  );
}

function objectType(schema: Exclude<JsonSchema, boolean>, schemas: string, indent: string): string {
  const properties = Object.entries(schema.properties ?? {});
  const extra = schema.additionalProperties;
  if (properties.length === 0) {
    if (extra === undefined || extra === true) return 'Record<string, unknown>';
    if (extra === false) return 'Record<string, never>';
    return `Record<string, ${schemaToType(extra, schemas, indent)}>`;
  }
  const required = new Set(schema.required ?? []);
  const inner = `${indent}  `;
  const lines = properties.map(([name, property]) => {
    const doc = typeof property === 'object' ? docComment(property.description, inner) : '';
    return `${doc}${inner}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${schemaToType(property, schemas, inner)};\n`;
  });
  if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: unknown;\n`);
  return `{\n${lines.join('')}${indent}}`;
}
