/**
 * The access vocabulary of the gateway (the specification's Authentication section), shared by every
 * context: roles carry a PermissionSet, operations require PermissionCodes.
 */
export const ACCESS_LEVELS = ['NO_ACCESS', 'ACCESS'] as const;
export const GRADED_LEVELS = ['NO_ACCESS', 'READ_ACCESS', 'READ_WRITE_ACCESS'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export type GradedLevel = (typeof GRADED_LEVELS)[number];

export const ACCESS_FIELDS = ['api', 'userInterface', 'tracing', 'administration', 'mediaRecording'] as const;
export const GRADED_FIELDS = [
  'configurationMode',
  'userManagement',
  'monitoringMode',
  'webServer',
  'backends',
] as const;
export type AccessField = (typeof ACCESS_FIELDS)[number];
export type GradedField = (typeof GRADED_FIELDS)[number];

export type PermissionSet = { readonly [F in AccessField]: AccessLevel } & { readonly [F in GradedField]: GradedLevel };

export const PERMISSION_CODES = [
  'API',
  'ADM',
  'TRC',
  'UM-R',
  'UM-W',
  'CFG-R',
  'CFG-W',
  'MON-R',
  'MON-W',
  'WEB-R',
  'WEB-W',
] as const;
export type PermissionCode = (typeof PERMISSION_CODES)[number];

type Requirement = { field: AccessField; level: AccessLevel } | { field: GradedField; level: GradedLevel };

const REQUIREMENTS: { readonly [C in PermissionCode]: Requirement } = {
  API: { field: 'api', level: 'ACCESS' },
  ADM: { field: 'administration', level: 'ACCESS' },
  TRC: { field: 'tracing', level: 'ACCESS' },
  'UM-R': { field: 'userManagement', level: 'READ_ACCESS' },
  'UM-W': { field: 'userManagement', level: 'READ_WRITE_ACCESS' },
  'CFG-R': { field: 'configurationMode', level: 'READ_ACCESS' },
  'CFG-W': { field: 'configurationMode', level: 'READ_WRITE_ACCESS' },
  'MON-R': { field: 'monitoringMode', level: 'READ_ACCESS' },
  'MON-W': { field: 'monitoringMode', level: 'READ_WRITE_ACCESS' },
  'WEB-R': { field: 'webServer', level: 'READ_ACCESS' },
  'WEB-W': { field: 'webServer', level: 'READ_WRITE_ACCESS' },
};

function rank(level: AccessLevel | GradedLevel): number {
  return level === 'READ_WRITE_ACCESS' ? 2 : level === 'NO_ACCESS' ? 0 : 1;
}

/** READ_WRITE_ACCESS implies READ_ACCESS; ACCESS is the only grant of the two-valued fields. */
export function grants(permissions: PermissionSet, code: PermissionCode): boolean {
  const requirement = REQUIREMENTS[code];
  return rank(permissions[requirement.field]) >= rank(requirement.level);
}

export function missingPermissions(permissions: PermissionSet, codes: readonly PermissionCode[]): PermissionCode[] {
  return codes.filter((code) => !grants(permissions, code));
}

export function requirementOf(code: PermissionCode): Requirement {
  return REQUIREMENTS[code];
}

export const NO_PERMISSIONS: PermissionSet = Object.freeze({
  api: 'NO_ACCESS',
  userInterface: 'NO_ACCESS',
  tracing: 'NO_ACCESS',
  administration: 'NO_ACCESS',
  mediaRecording: 'NO_ACCESS',
  configurationMode: 'NO_ACCESS',
  userManagement: 'NO_ACCESS',
  monitoringMode: 'NO_ACCESS',
  webServer: 'NO_ACCESS',
  backends: 'NO_ACCESS',
});
