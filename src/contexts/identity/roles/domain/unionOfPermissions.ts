import {
  ACCESS_FIELDS,
  GRADED_FIELDS,
  NO_PERMISSIONS,
  type AccessLevel,
  type GradedLevel,
  type PermissionSet,
} from '../../../../shared/domain/Permission.js';

const GRADED_RANK: Record<GradedLevel, number> = { NO_ACCESS: 0, READ_ACCESS: 1, READ_WRITE_ACCESS: 2 };

/** What a user with several roles may do: per field, the highest level any of the roles grants. */
export function unionOfPermissions(sets: readonly PermissionSet[]): PermissionSet {
  const result: Record<string, AccessLevel | GradedLevel> = { ...NO_PERMISSIONS };
  for (const set of sets) {
    for (const field of ACCESS_FIELDS) {
      if (set[field] === 'ACCESS') result[field] = 'ACCESS';
    }
    for (const field of GRADED_FIELDS) {
      if (GRADED_RANK[set[field]] > GRADED_RANK[result[field] as GradedLevel]) result[field] = set[field];
    }
  }
  return Object.freeze(result) as unknown as PermissionSet;
}
