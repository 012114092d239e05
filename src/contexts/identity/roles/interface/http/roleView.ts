import type { Role } from '../../domain/Role.js';

export function roleView(role: Role) {
  const p = role.permissions;
  return {
    id: role.id,
    displayName: role.displayName,
    permissions: {
      api: p.api, userInterface: p.userInterface, tracing: p.tracing, administration: p.administration, mediaRecording: p.mediaRecording,
      configurationMode: p.configurationMode, userManagement: p.userManagement, monitoringMode: p.monitoringMode,
      webServer: p.webServer, backends: p.backends,
    },
  };
}
