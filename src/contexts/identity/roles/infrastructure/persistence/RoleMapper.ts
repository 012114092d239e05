import type { LabId } from '../../../../../shared/domain/LabId.js';
import type { PermissionSet } from '../../../../../shared/domain/Permission.js';
import { Role } from '../../domain/Role.js';
import { RoleRecord } from './RoleRecord.js';

export const RoleMapper = {
  toDomain(record: RoleRecord): Role {
    const permissions = {
      api: record.api,
      userInterface: record.userInterface,
      tracing: record.tracing,
      administration: record.administration,
      mediaRecording: record.mediaRecording,
      configurationMode: record.configurationMode,
      userManagement: record.userManagement,
      monitoringMode: record.monitoringMode,
      webServer: record.webServer,
      backends: record.backends,
    } as PermissionSet;
    return Role.restore(record.labId as LabId, record.id, record.displayName, permissions, record.version);
  },

  toRecord(role: Role): RoleRecord {
    const record = new RoleRecord();
    const p = role.permissions;
    Object.assign(record, {
      labId: role.lab,
      id: role.id,
      displayName: role.displayName,
      api: p.api,
      userInterface: p.userInterface,
      tracing: p.tracing,
      administration: p.administration,
      mediaRecording: p.mediaRecording,
      configurationMode: p.configurationMode,
      userManagement: p.userManagement,
      monitoringMode: p.monitoringMode,
      webServer: p.webServer,
      backends: p.backends,
      version: role.version + 1,
    });
    return record;
  },
};
