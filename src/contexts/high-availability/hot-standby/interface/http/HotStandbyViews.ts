import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { HotStandby } from '../../domain/HotStandby.js';
import type { HotStandbyStatusValues, SideStatus } from '../../application/HotStandbyStatus.js';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';

const SIDE_STATUSES = ['UNKNOWN', 'NOT_COMMITTED', 'ACTIVE', 'INACTIVE', 'DISABLED'];

@SchemaName('HotStandbyReplicationOptions')
export class HotStandbyReplicationOptionsView {
  @IsArray()
  @IsString({ each: true })
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

  @IsString()
  @JSONSchema({ description: 'the link (IPC_CLIENT); empty when the object has none' })
  ipcClientId!: string;

  @ValidateNested()
  @Type(() => HotStandbyReplicationOptionsView)
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

  @ValidateNested()
  @Type(() => HotStandbyMainSystemView)
  mainSystem!: HotStandbyMainSystemView;

  static of(hotStandby: HotStandby): HotStandbyOptionsView {
    const s = hotStandby.snapshot();
    return {
      id: s.id,
      name: s.name,
      standbySystemBackendName: s.standbySystemBackendName,
      mainSystem: {
        maxLinkRetryTimeout: s.maxLinkRetryTimeout,
        linkPingInterval: s.linkPingInterval,
        disabledHere: s.disabledHere,
        ipcClientId: s.ipcClientId,
        replicationOptions: {
          systemIdentifiers: [...s.systemIdentifiers],
          systemIdentifiersEnabled: s.systemIdentifiersEnabled,
        },
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
