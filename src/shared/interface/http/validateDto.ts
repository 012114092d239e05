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
        details.push(rule === 'whitelistValidation'
          ? { field, rule: 'unknown', message: `${field} is not a field of this shape` }
          : { field, rule, message: message.replace(error.property, field) });
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
    known = new Set(getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).map((m) => m.propertyName));
    KNOWN.set(dto, known);
  }
  return known;
}

const MAX_NAMED = 5;

/**
 * Turns an untrusted JSON body into a validated DTO instance. Types are checked as sent (no implicit
 * conversion: "5" is not a number). A property the DTO does not declare is refused (UNKNOWN_FIELD): the
 * top-level keys are checked against the declared ones before anything is copied or validated, so a body
 * of many unknown keys costs one pass over its keys; nested shapes refuse theirs through class-validator.
 * Every detail names the field as the request does (`roleIds[2]`, `a.b[0].c`), and a missing field "is
 * required".
 */
export function validateDto<T extends object>(dto: ClassConstructor<T>, body: unknown, what = 'request body', path = ''): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw DomainError.invalid('INVALID_BODY', `${what} must be a JSON object`, path ? [{ field: path, rule: 'isObject', message: `${path} must be a JSON object` }] : []);
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
    throw DomainError.invalid('UNKNOWN_FIELD', `${what} has fields this operation does not take: ${named.join(', ')}${more}`,
      named.map((field) => ({ field, rule: 'unknown', message: `${field} is not a field of this shape` })));
  }
  const instance = plainToInstance(dto, body, { enableImplicitConversion: false, exposeDefaultValues: false });
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true, validationError: { target: false, value: true } });
  if (errors.length > 0) {
    const details = flatten(errors, path, false);
    throw DomainError.invalid('VALIDATION_FAILED', `${what} is invalid: ${details.map((d) => d.message).join('; ')}`, details);
  }
  return instance;
}

/** The same for a JSON array of DTOs; fields are named from the array (`[2].name`). */
export function validateDtoArray<T extends object>(dto: ClassConstructor<T>, body: unknown, what = 'request body'): T[] {
  if (!Array.isArray(body)) throw DomainError.invalid('INVALID_BODY', `${what} must be a JSON array`);
  return body.map((item, index) => validateDto(dto, item, `${what}[${index}]`, `[${index}]`));
}
