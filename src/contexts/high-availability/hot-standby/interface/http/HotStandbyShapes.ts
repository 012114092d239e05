import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { HotStandby } from '../../domain/HotStandby.js';
import type { HotStandbyStatusValues, SideStatus } from '../../application/HotStandbyStatus.js';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';

const SIDE_STATUSES = ['UNKNOWN', 'NOT_COMMITTED', 'ACTIVE', 'INACTIVE', 'DISABLED'];

export class HotStandbyReplicationOptionsDto {
  @IsOptional() @IsArray() @IsString({ each: true }) @JSONSchema({ description: 'system ids the configuration is replicated to (at most 16)' })
  systemIdentifiers?: string[] | null;

  @IsOptional() @IsBoolean() @JSONSchema({ description: 'replicate to the system ids' })
  systemIdentifiersEnabled?: boolean | null;
}

export class HotStandbyMainSystemDto {
  @IsOptional() @IsInt() @JSONSchema({ description: 'seconds before a lost link counts as down (1-3600, default 60)' })
  maxLinkRetryTimeout?: number | null;

  @IsOptional() @IsInt() @JSONSchema({ description: 'seconds between link pings (1-3600, default 5)' })
  linkPingInterval?: number | null;

  @IsOptional() @IsBoolean() @JSONSchema({ description: 'this system may not take the active role (default false)' })
  disabledHere?: boolean | null;

  @IsOptional() @IsString() @JSONSchema({ description: 'an existing IPC_CLIENT to use as the link; left out on add: a new one is created' })
  ipcClientId?: string | null;

  @IsOptional() @ValidateNested() @Type(() => HotStandbyReplicationOptionsDto)
  replicationOptions?: HotStandbyReplicationOptionsDto | null;
}

/**
 * HotStandbyOptionsView as sent to add (name required, id left out) and set (every field optional: the rest is
 * kept). null means "not given".
 */
export class HotStandbyOptionsDto {
  @IsOptional() @IsString() @JSONSchema({ description: 'assigned by the service: left out (add) or the object set names' })
  id?: string | null;

  @IsOptional() @IsString() @JSONSchema({ description: 'display name of the hot standby object (required on add)' })
  name?: string | null;

  @IsOptional() @IsString() @JSONSchema({ description: 'backend name of the standby system' })
  standbySystemBackendName?: string | null;

  @IsOptional() @ValidateNested() @Type(() => HotStandbyMainSystemDto)
  mainSystem?: HotStandbyMainSystemDto | null;
}

@SchemaName('HotStandbyReplicationOptions')
export class HotStandbyReplicationOptionsView {
  @IsArray() @IsString({ each: true })
  systemIdentifiers!: string[];

  @IsBoolean()
  systemIdentifiersEnabled!: boolean;
}

@SchemaName('HotStandbyMainSystem')
export class HotStandbyMainSystemView {
  @IsInt()
  maxLinkRetryTimeout!: number;

  @IsInt()
  linkPingInterval!: number;

  @IsBoolean()
  disabledHere!: boolean;

  @IsString() @JSONSchema({ description: 'the link (IPC_CLIENT); empty when the object has none' })
  ipcClientId!: string;

  @ValidateNested() @Type(() => HotStandbyReplicationOptionsView)
  replicationOptions!: HotStandbyReplicationOptionsView;
}

/** HotStandbyOptionsView as answered. */
@SchemaName('HotStandbyOptions')
export class HotStandbyOptionsView {
  @IsString()
  id!: string;

  @IsString()
  name!: string;

  @IsString()
  standbySystemBackendName!: string;

  @ValidateNested() @Type(() => HotStandbyMainSystemView)
  mainSystem!: HotStandbyMainSystemView;

  static of(hotStandby: HotStandby): HotStandbyOptionsView {
    const s = hotStandby.snapshot();
    return {
      id: s.id, name: s.name, standbySystemBackendName: s.standbySystemBackendName,
      mainSystem: {
        maxLinkRetryTimeout: s.maxLinkRetryTimeout, linkPingInterval: s.linkPingInterval, disabledHere: s.disabledHere,
        ipcClientId: s.ipcClientId,
        replicationOptions: { systemIdentifiers: [...s.systemIdentifiers], systemIdentifiersEnabled: s.systemIdentifiersEnabled },
      },
    };
  }
}

@SchemaName('AddHotStandbyResponse')
export class AddHotStandbyView {
  @IsString() networkControllerId!: string;
  @IsString() ipcClientId!: string;
  @IsString() networkSecurityProfileId!: string;
  @IsString() hotStandbyId!: string;
}

@SchemaName('HotStandbyStatus')
export class HotStandbyStatusView {
  @IsIn(['UNKNOWN', 'UP', 'DOWN']) linkStatus!: 'UNKNOWN' | 'UP' | 'DOWN';
  @IsIn(SIDE_STATUSES) mainStatus!: SideStatus;
  @IsIn(SIDE_STATUSES) standbyStatus!: SideStatus;
  @IsBoolean() standbyLinkActive!: boolean;
  @IsBoolean() mainLinkActive!: boolean;
  @IsBoolean() onlyImmediateRoleChangePossible!: boolean;
  @IsBoolean() standbySetEnabledPossible!: boolean;
  @IsBoolean() mainSetEnabledPossible!: boolean;
  @IsBoolean() handoverPossible!: boolean;
  @IsBoolean() recoveryPossible!: boolean;

  static of(values: HotStandbyStatusValues): HotStandbyStatusView {
    return { ...values };
  }
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
