import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { DomainError, type ErrorDetail } from '../../domain/DomainError.js';

function flatten(errors: readonly ValidationError[], prefix = ''): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    for (const [rule, message] of Object.entries(error.constraints ?? {})) {
      details.push({ field, rule, message: message.replace(error.property, field) });
    }
    if (error.children?.length) details.push(...flatten(error.children, field));
  }
  return details;
}

/**
 * Turns an untrusted JSON body into a validated DTO instance. Types are checked as sent (no implicit
 * conversion: "5" is not a number); properties the DTO does not declare are dropped.
 */
export function validateDto<T extends object>(dto: ClassConstructor<T>, body: unknown, what = 'request body'): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw DomainError.invalid('INVALID_BODY', `${what} must be a JSON object`);
  }
  const instance = plainToInstance(dto, body, { enableImplicitConversion: false, exposeDefaultValues: false });
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: false, forbidUnknownValues: true, validationError: { target: false, value: false } });
  if (errors.length > 0) {
    const details = flatten(errors);
    throw DomainError.invalid('VALIDATION_FAILED', `${what} is invalid: ${details.map((d) => d.message).join('; ')}`, details);
  }
  return instance;
}

/** The same for a JSON array of DTOs. */
export function validateDtoArray<T extends object>(dto: ClassConstructor<T>, body: unknown, what = 'request body'): T[] {
  if (!Array.isArray(body)) throw DomainError.invalid('INVALID_BODY', `${what} must be a JSON array`);
  return body.map((item, index) => validateDto(dto, item, `${what}[${index}]`));
}
