import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { Field, FieldSet, ValuesOf } from '../../domain/SettingFields.js';

/** A class whose instances hold the values of a field set: a request DTO or an answer's shape. */
export type FieldShape<S extends FieldSet> = new () => ValuesOf<S>;

type Mode = 'request' | 'response';

function named(name: string): new () => object {
  return { [name]: class {} }[name]!;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the OpenAPI schema says beyond the type: bounds, default, meaning (documentation; the domain checks them). */
function documentation(field: Field): Record<string, unknown> {
  switch (field.kind) {
    case 'integer':
      return { minimum: field.min, maximum: field.max, default: field.default, description: field.description };
    case 'boolean':
      return { default: field.default, description: field.description };
    case 'text':
      return { minLength: field.minLength, maxLength: field.maxLength, description: field.description };
    case 'list':
      return { maxItems: field.maxItems, description: field.description };
  }
}

function build(name: string, fields: FieldSet, mode: Mode): new () => object {
  const shape = named(mode === 'request' ? `${name}Dto` : name);
  const target = shape.prototype as object;
  for (const [property, field] of Object.entries(fields)) {
    const decorate = (...decorators: PropertyDecorator[]) => decorators.forEach((d) => d(target, property));
    switch (field.kind) {
      case 'integer':
        decorate(IsInt());
        break;
      case 'boolean':
        decorate(IsBoolean());
        break;
      case 'text':
        decorate(IsString());
        break;
      case 'list': {
        const item = build(`${name}${capitalised(property)}Item`, field.item, mode);
        if (mode === 'request' && field.optional) decorate(IsOptional());
        decorate(IsArray(), ValidateNested({ each: true }), Type(() => item) as PropertyDecorator);
        break;
      }
    }
    JSONSchema(documentation(field))(target, property);
  }
  return shape;
}

/**
 * The request DTO of a field set (`<name>Dto`): class-validator checks each field's type as sent (bounds and
 * cross-field rules are the domain's), an optional list may be omitted or null. Call once per name, at module
 * load: class-validator's metadata is global, and the OpenAPI schemas are keyed by class name.
 */
export function requestShape<S extends FieldSet>(name: string, fields: S): FieldShape<S> {
  return build(name, fields, 'request') as FieldShape<S>;
}

/** The shape of an answer holding every field of the set (lists always present), named `name`. */
export function responseShape<S extends FieldSet>(name: string, fields: S): FieldShape<S> {
  return build(name, fields, 'response') as FieldShape<S>;
}

/**
 * Declares an answer's member that may be null, because the real product sends null there (`reason` says when;
 * `more` adds other JSON Schema keywords). Any other optional member of an answer is left out when it has no value,
 * never null, and the OpenAPI document says so; a request's optional members take null without this.
 */
export function Nullable(reason: string, more: Record<string, unknown> = {}): PropertyDecorator {
  return JSONSchema({ ...more, nullable: true, description: reason }) as PropertyDecorator;
}
