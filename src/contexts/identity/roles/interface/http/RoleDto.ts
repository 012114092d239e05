import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsOptional, IsString, ValidateNested } from 'class-validator';
import {
  ACCESS_LEVELS,
  GRADED_LEVELS,
  type AccessLevel,
  type GradedLevel,
} from '../../../../../shared/domain/Permission.js';

/** The full permission object: every field is required. */
export class PermissionsDto {
  @IsIn(ACCESS_LEVELS) api!: AccessLevel;
  @IsIn(ACCESS_LEVELS) userInterface!: AccessLevel;
  @IsIn(ACCESS_LEVELS) tracing!: AccessLevel;
  @IsIn(ACCESS_LEVELS) administration!: AccessLevel;
  @IsIn(ACCESS_LEVELS) mediaRecording!: AccessLevel;
  @IsIn(GRADED_LEVELS) configurationMode!: GradedLevel;
  @IsIn(GRADED_LEVELS) userManagement!: GradedLevel;
  @IsIn(GRADED_LEVELS) monitoringMode!: GradedLevel;
  @IsIn(GRADED_LEVELS) webServer!: GradedLevel;
  @IsIn(GRADED_LEVELS) backends!: GradedLevel;
}

/** A Role as sent to roles/add: the caller chooses the id; displayName defaults to the id. */
export class RoleDto {
  @IsString()
  id!: string;

  @IsOptional()
  @IsString()
  displayName?: string | null;

  @IsDefined()
  @ValidateNested()
  @Type(() => PermissionsDto)
  permissions!: PermissionsDto;
}
