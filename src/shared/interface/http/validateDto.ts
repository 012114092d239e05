import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { getMetadataStorage, validateSync, type ValidationError } from 'class-validator';
import { DomainError, type ErrorDetail } from '../../domain/DomainError.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const INDEX = /^\d+$/;

/** One step more of a field path as the request names it: `roleIds[2]`, `a.b[0].c`. */
function step(prefix: string, property: string, inArray: boolean): string {
  if (inArray && INDEX.test(property)) return `${prefix}[${property}]`;
  if (!IDENTIFIER.test(property)) return `${prefix}[${JSON.stringify(property)}]`;
  return prefix ? `${prefix}.${property}` : property;
}

function flatten(errors: readonly ValidationError[], prefix: string, inArray: boolean): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const error of errors) {
    const field = step(prefix, error.property, inArray);
    const constraints = Object.entries(error.constraints ?? {});
    if (constraints.length > 0 && error.value === undefined && !('whitelistValidation' in error.constraints!)) {
      details.push({ field, rule: 'required', message: `${field} is required` });
    } else {
      for (const [rule, message] of constraints) {
        details.push(
          rule === 'whitelistValidation'
            ? { field, rule: 'unknown', message: `${field} is not a field of this shape` }
            : { field, rule, message: message.replace(error.property, field) },
        );
      }
    }
    if (error.children?.length) details.push(...flatten(error.children, field, Array.isArray(error.value)));
  }
  return details;
}

const KNOWN = new WeakMap<object, ReadonlySet<string>>();

/** The properties a DTO class declares through class-validator decorators (inherited ones too), once per class. */
function knownProperties(dto: ClassConstructor<object>): ReadonlySet<string> {
  let known = KNOWN.get(dto);
  if (!known) {
    known = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .map((m) => m.propertyName),
    );
    KNOWN.set(dto, known);
  }
  return known;
}

const NESTED = new WeakMap<object, ReadonlyMap<string, boolean>>();

/** The properties a DTO class validates as nested shapes (`@ValidateNested`), each with whether it is an array of them. */
function nestedProperties(dto: ClassConstructor<object>): ReadonlyMap<string, boolean> {
  let nested = NESTED.get(dto);
  if (!nested) {
    nested = new Map(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .filter((m) => m.type === 'nestedValidation')
        .map((m) => [m.propertyName, m.each === true]),
    );
    NESTED.set(dto, nested);
  }
  return nested;
}

const own = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

/**
 * What the nested shapes of a body break that class-validator cannot see, found by walking the body as sent beside
 * the instance made from it: an array where one object is expected (class-validator would validate its elements,
 * none for `[]`, and take it), and a member the instance lost on the way — `__proto__`, `constructor` and the other
 * names of Object.prototype, which class-transformer drops without a word (class-validator refuses the other
 * unknown members itself).
 */
function shapeProblems(sent: object, made: object, path: string, details: ErrorDetail[]): void {
  for (const key of Object.keys(sent)) {
    if (!own(made, key) && !knownProperties(made.constructor as ClassConstructor<object>).has(key)) {
      const field = step(path, key, false);
      details.push({ field, rule: 'unknown', message: `${field} is not a field of this shape` });
    }
  }
  for (const [property, each] of nestedProperties(made.constructor as ClassConstructor<object>)) {
    const value: unknown = own(sent, property) ? (sent as Record<string, unknown>)[property] : undefined;
    if (value === null || typeof value !== 'object') continue; // absent, or a scalar that class-validator names
    const field = step(path, property, false);
    const shaped = (made as Record<string, unknown>)[property];
    const items = each ? (Array.isArray(value) ? value : []) : [value];
    items.forEach((item: unknown, index) => {
      const at = each ? `${field}[${index}]` : field;
      if (Array.isArray(item))
        details.push({ field: at, rule: 'isObject', message: `${at} must be a JSON object, not an array` });
      else if (item !== null && typeof item === 'object') {
        const instance = each ? (Array.isArray(shaped) ? shaped[index] : undefined) : shaped;
        if (instance !== null && typeof instance === 'object') shapeProblems(item, instance, at, details);
      }
    });
  }
}

const MAX_NAMED = 5;

/**
 * Turns an untrusted JSON body into a validated DTO instance. Types are checked as sent (no implicit
 * conversion: "5" is not a number). A property the DTO does not declare is refused (UNKNOWN_FIELD): the
 * top-level keys are checked against the declared ones before anything is copied or validated, so a body
 * of many unknown keys costs one pass over its keys; nested shapes refuse theirs through class-validator, and
 * an array where a nested object is expected or a member named as one of Object.prototype's (`__proto__`) is
 * refused too (shapeProblems), never taken for an empty object. Every detail names the field as the request does
 * (`roleIds[2]`, `a.b[0].c`, `match.__proto__`), and a missing field "is required".
 */
export function validateDto<T extends object>(
  dto: ClassConstructor<T>,
  body: unknown,
  what = 'request body',
  path = '',
): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw DomainError.invalid(
      'INVALID_BODY',
      `${what} must be a JSON object`,
      path ? [{ field: path, rule: 'isObject', message: `${path} must be a JSON object` }] : [],
    );
  }
  const known = knownProperties(dto);
  const unknown: string[] = [];
  for (const key in body) {
    if (Object.prototype.hasOwnProperty.call(body, key) && !known.has(key)) {
      unknown.push(key);
      if (unknown.length > MAX_NAMED) break;
    }
  }
  if (unknown.length > 0) {
    const named = unknown.slice(0, MAX_NAMED).map((key) => step(path, key, false));
    const more = unknown.length > MAX_NAMED ? ' (and more)' : '';
    throw DomainError.invalid(
      'UNKNOWN_FIELD',
      `${what} has fields this operation does not take: ${named.join(', ')}${more}`,
      named.map((field) => ({ field, rule: 'unknown', message: `${field} is not a field of this shape` })),
    );
  }
  const instance = plainToInstance(dto, body, { enableImplicitConversion: false, exposeDefaultValues: false });
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: true },
  });
  const details: ErrorDetail[] = [];
  shapeProblems(body, instance, path, details);
  details.push(...flatten(errors, path, false));
  if (details.length > 0)
    throw DomainError.invalid(
      'VALIDATION_FAILED',
      `${what} is invalid: ${details.map((d) => d.message).join('; ')}`,
      details,
    );
  return instance;
}

/** The same for a JSON array of DTOs; fields are named from the array (`[2].name`). */
export function validateDtoArray<T extends object>(
  dto: ClassConstructor<T>,
  body: unknown,
  what = 'request body',
): T[] {
  if (!Array.isArray(body)) throw DomainError.invalid('INVALID_BODY', `${what} must be a JSON array`);
  return body.map((item, index) => validateDto(dto, item, `${what}[${index}]`, `[${index}]`));
}
