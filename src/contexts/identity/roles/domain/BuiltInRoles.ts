import type { LabId } from '../../../../shared/domain/LabId.js';
import { NO_PERMISSIONS, type PermissionSet } from '../../../../shared/domain/Permission.js';
import { Role } from './Role.js';

export const ADMINISTRATOR_ROLE_ID = 'ADMINISTRATOR';
export const CALL_HISTORY_EXPORTER_ROLE_ID = 'CALL_HISTORY_EXPORTER';

/** Full rights: read-write or access on every field except media recording (the specification's built-in role). */
export const ADMINISTRATOR_PERMISSIONS: PermissionSet = Object.freeze({
  api: 'ACCESS',
  userInterface: 'ACCESS',
  tracing: 'ACCESS',
  administration: 'ACCESS',
  mediaRecording: 'NO_ACCESS',
  configurationMode: 'READ_WRITE_ACCESS',
  userManagement: 'READ_WRITE_ACCESS',
  monitoringMode: 'READ_WRITE_ACCESS',
  webServer: 'READ_WRITE_ACCESS',
  backends: 'READ_WRITE_ACCESS',
});

/** Exports the call history: API access and monitoring read, nothing else. */
export const CALL_HISTORY_EXPORTER_PERMISSIONS: PermissionSet = Object.freeze({
  ...NO_PERMISSIONS,
  api: 'ACCESS',
  monitoringMode: 'READ_ACCESS',
});

const DEFINITIONS = [
  { id: ADMINISTRATOR_ROLE_ID, permissions: ADMINISTRATOR_PERMISSIONS },
  { id: CALL_HISTORY_EXPORTER_ROLE_ID, permissions: CALL_HISTORY_EXPORTER_PERMISSIONS },
] as const;

/**
 * The product's built-in roles. They are the same in every lab, live in code (not in the store), cannot be
 * added, changed or removed, and are not listed by roles/get (whose list holds the custom roles and is empty
 * when none remain); a user's built-in role shows in its `roleBuiltIns` field.
 */
export const BuiltInRoles = {
  ids(): readonly string[] {
    return DEFINITIONS.map((definition) => definition.id);
  },

  all(lab: LabId): Role[] {
    return DEFINITIONS.map((definition) => Role.builtIn(lab, definition.id, definition.id, definition.permissions));
  },

  find(lab: LabId, key: string): Role | undefined {
    return BuiltInRoles.all(lab).find((role) => role.isNamed(key));
  },

  isBuiltIn(id: string): boolean {
    return DEFINITIONS.some((definition) => definition.id === id);
  },
};
