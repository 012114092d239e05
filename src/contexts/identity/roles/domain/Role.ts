import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import {
  ACCESS_FIELDS,
  ACCESS_LEVELS,
  GRADED_FIELDS,
  GRADED_LEVELS,
  type PermissionSet,
} from '../../../../shared/domain/Permission.js';

const MAX_TEXT = 128;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The problems of a permission object, one detail per field that is missing or has a value it cannot take. */
export function permissionSetProblems(value: Readonly<Record<string, unknown>>, prefix = 'permissions'): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const field of ACCESS_FIELDS) {
    if (!(ACCESS_LEVELS as readonly unknown[]).includes(value[field])) {
      details.push({
        field: `${prefix}.${field}`,
        rule: 'isIn',
        message: `${prefix}.${field} must be one of ${ACCESS_LEVELS.join(', ')}`,
      });
    }
  }
  for (const field of GRADED_FIELDS) {
    if (!(GRADED_LEVELS as readonly unknown[]).includes(value[field])) {
      details.push({
        field: `${prefix}.${field}`,
        rule: 'isIn',
        message: `${prefix}.${field} must be one of ${GRADED_LEVELS.join(', ')}`,
      });
    }
  }
  return details;
}

function textProblem(field: string, value: string): ErrorDetail | undefined {
  if (value.trim() === '') return { field, rule: 'notEmpty', message: `${field} must not be empty` };
  if (value.length > MAX_TEXT)
    return { field, rule: 'maxLength', message: `${field} must be at most ${MAX_TEXT} characters` };
  if (CONTROL.test(value))
    return { field, rule: 'noControlCharacters', message: `${field} must not contain control characters` };
  return undefined;
}

/**
 * A role: a named permission set users are given. Built-in roles come with the product and cannot be removed;
 * custom roles are added by id (a free string the caller chooses). Roles never change once added.
 * `version` is the optimistic concurrency version of the stored record (0 until first saved).
 */
export class Role {
  private constructor(
    readonly lab: LabId,
    readonly id: string,
    readonly displayName: string,
    readonly permissions: PermissionSet,
    readonly builtIn: boolean,
    readonly version: number,
  ) {}

  /** A new custom role; every broken rule is named in the error's details. */
  static create(lab: LabId, id: string, displayName: string, permissions: PermissionSet): Role {
    return Role.restore(lab, id, displayName, permissions, 0);
  }

  /** Rebuilds a stored custom role, checking it again. */
  static restore(lab: LabId, id: string, displayName: string, permissions: PermissionSet, version: number): Role {
    const details = [textProblem('id', id), textProblem('displayName', displayName)].filter(
      (detail): detail is ErrorDetail => detail !== undefined,
    );
    details.push(...permissionSetProblems(permissions));
    if (details.length > 0) {
      throw DomainError.invalid(
        'INVALID_ROLE',
        `role '${id}' is invalid: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
    }
    return new Role(lab, id, displayName, Object.freeze({ ...permissions }), false, version);
  }

  /** One of the product's built-in roles, as seen in a lab. */
  static builtIn(lab: LabId, id: string, displayName: string, permissions: PermissionSet): Role {
    return new Role(lab, id, displayName, permissions, true, 0);
  }

  /** Whether `key` names this role, by id or by display name. */
  isNamed(key: string): boolean {
    return this.id === key || this.displayName === key;
  }
}
