import { Type } from 'class-transformer';
import { IsDefined, IsString, ValidateNested } from 'class-validator';
import type { Role } from '../../domain/Role.js';
import { PermissionsDto } from './RoleDto.js';

/** A custom role as roles/get, roles/add and roles/remove answer it: the permission object is the one roles/add takes. */
export class RoleView {
  @IsString()
  id!: string;

  @IsString()
  displayName!: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => PermissionsDto)
  permissions!: PermissionsDto;

  /** The answer for `role`. */
  static of(role: Role): RoleView {
    const p = role.permissions;
    return {
      id: role.id,
      displayName: role.displayName,
      permissions: {
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
      },
    };
  }
}
