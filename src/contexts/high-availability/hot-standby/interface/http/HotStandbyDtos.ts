import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';

export class HotStandbyReplicationOptionsDto {
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @JSONSchema({ description: 'system ids the configuration is replicated to (at most 16)' })
  systemIdentifiers?: string[] | null;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'replicate to the system ids' })
  systemIdentifiersEnabled?: boolean | null;
}

export class HotStandbyMainSystemDto {
  @IsOptional()
  @IsInt()
  @JSONSchema({ description: 'seconds before a lost link counts as down (1-3600, default 60)' })
  maxLinkRetryTimeout?: number | null;

  @IsOptional()
  @IsInt()
  @JSONSchema({ description: 'seconds between link pings (1-3600, default 5)' })
  linkPingInterval?: number | null;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'this system may not take the active role (default false)' })
  disabledHere?: boolean | null;

  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'an existing IPC_CLIENT to use as the link; left out on add: a new one is created' })
  ipcClientId?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => HotStandbyReplicationOptionsDto)
  replicationOptions?: HotStandbyReplicationOptionsDto | null;
}

/**
 * HotStandbyOptionsView as sent to add (name required, id left out) and set (every field optional: the rest is
 * kept). null means "not given".
 */
export class HotStandbyOptionsDto {
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'assigned by the service: left out (add) or the object set names' })
  id?: string | null;

  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'display name of the hot standby object (required on add)' })
  name?: string | null;

  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'backend name of the standby system' })
  standbySystemBackendName?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => HotStandbyMainSystemDto)
  mainSystem?: HotStandbyMainSystemDto | null;
}

/** CreateConditionsDto: each true asks for that condition; left out or false: not created. */
@SchemaName('CreateConditionsOptions')
export class CreateConditionsDto {
  @IsOptional() @IsBoolean() createIsNotSystemIntentToBecomeActiveCondition?: boolean | null;
  @IsOptional() @IsBoolean() createIsStandbySystemCondition?: boolean | null;
  @IsOptional() @IsBoolean() createIsSystemActiveCondition?: boolean | null;
  @IsOptional() @IsBoolean() createIsMainSystemCondition?: boolean | null;
  @IsOptional() @IsBoolean() createIsSystemNotActiveCondition?: boolean | null;
  @IsOptional() @IsBoolean() createIsSystemIntentToBecomeActiveCondition?: boolean | null;
}
