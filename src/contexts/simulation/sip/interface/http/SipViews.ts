import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { responseShape } from '../../../../../shared/interface/http/fieldShapes.js';
import type { FarEnd, OutsidePeers } from '../../domain/SipSetting.js';
import { OUTSIDE_PEERS } from '../../domain/SipSetting.js';
import { REGISTRAR_GUARD_FIELDS } from '../../domain/RegistrarGuardSettings.js';
import {
  FAR_ENDS_SCHEMA,
  OUTSIDE_PEERS_SCHEMA,
  SETUP_TIMEOUT_DESCRIPTION,
  SUPERVISION_DESCRIPTION,
} from './SipControlDto.js';

/**
 * A trunk's OPTIONS keep-alive: its interval and what it found (its running counts are the dashboard's
 * `optionsPackets` and /_sim/metrics': this state changes only when the trunk's does).
 */
export class SipKeepAliveView {
  @IsInt() intervalSeconds!: number;
  @IsIn(['unknown', 'up', 'down']) state!: 'unknown' | 'up' | 'down';
  /** The last OPTIONS's final status (absent: no answer). */
  @IsOptional() @IsInt() lastStatus?: number;
}

/** A trunk's registration at its peer: where, as whom, and how it stands (the dashboard's registrationState). */
export class SipTrunkRegistrationView {
  @IsString() registrarUri!: string;
  @IsString() addressOfRecord!: string;
  @IsIn(['registering', 'registered', 'failed']) state!: 'registering' | 'registered' | 'failed';
  @IsOptional() @IsInt() lastStatus?: number;
}

/** A trunk the gateway watches: its peer, who answers there, its state, its keep-alive and registration. */
export class SipTrunkView {
  @IsString() nodeId!: string;
  @IsString() nodeName!: string;
  @IsString() target!: string;
  @IsIn(['real', 'simulated'])
  @JSONSchema({
    description:
      "who answers its keep-alives and REGISTERs: a real peer on the wire (the lab's SIP on, the node's far end real), or the simulator (on the lab's clock; the faults trunkDown and nodeDown on the node have it answer 503 or nothing)",
  })
  farEnd!: 'real' | 'simulated';
  @IsIn(['up', 'down', 'unknown', 'unwatched']) state!: 'up' | 'down' | 'unknown' | 'unwatched';
  @IsOptional() @ValidateNested() @Type(() => SipKeepAliveView) keepAlive?: SipKeepAliveView;
  @IsOptional() @ValidateNested() @Type(() => SipTrunkRegistrationView) registration?: SipTrunkRegistrationView;
}

/** One listener of a node. */
export class SipListenerStateView {
  @IsString() nodeId!: string;
  @IsString() nodeName!: string;
  @IsIn(['UDP', 'TCP', 'TLS', 'WS', 'WSS']) transport!: 'UDP' | 'TCP' | 'TLS' | 'WS' | 'WSS';
  @IsString() host!: string;
  @IsInt() port!: number;
  @IsIn(['listening', 'failed']) state!: 'listening' | 'failed';
  /** Why a failed listener could not bind. */
  @IsOptional() @IsString() error?: string;
}

/** A network peer whitelist as a node applies it. */
export class SipWhitelistStateView {
  @IsString() name!: string;
  @IsArray()
  @IsString({ each: true })
  @JSONSchema({
    description:
      'what it lets in, one line per entry: an address or subnet, a host name (its simulated address and the loopback), the own subnet',
  })
  peers!: string[];
}

/** What was refused: SIP datagrams, stream messages and connections; the requests of those answered 403; RTP/RTCP packets. */
export class SipRefusalsView {
  @IsInt() sip!: number;
  @IsInt() answered!: number;
  @IsInt() rtp!: number;
}

/** Whom a node hears on SIP and media (left out: every peer), what it does with the others, and what it refused. */
export class SipNodePeersStateView {
  @IsString() nodeId!: string;
  @IsString() nodeName!: string;
  @IsOptional() @ValidateNested() @Type(() => SipWhitelistStateView) sip?: SipWhitelistStateView;
  @IsOptional() @ValidateNested() @Type(() => SipWhitelistStateView) media?: SipWhitelistStateView;
  @IsIn([...OUTSIDE_PEERS]) outsidePeers!: OutsidePeers;
  @ValidateNested() @Type(() => SipRefusalsView) refused!: SipRefusalsView;
}

/** A source address, or a user of a registrar node, that may not register until `until`. */
export class SipBlockStateView {
  @IsIn(['source', 'user']) kind!: 'source' | 'user';
  @IsString() @JSONSchema({ description: 'the source address, or the user name' }) name!: string;
  @IsOptional() @IsString() nodeId?: string;
  @IsOptional() @IsString() nodeName?: string;
  @IsString() @JSONSchema({ description: "when it ends (the lab clock's), ISO-8601" }) until!: string;
  @IsInt() failures!: number;
}

export const SipRegistrarGuardSettingsView = responseShape('SipRegistrarGuardSettingsView', REGISTRAR_GUARD_FIELDS);

/** The lab's registrars against password guessing: settings, counts, the blocks in force. */
export class SipRegistrarGuardStateView {
  @ValidateNested() @Type(() => SipRegistrarGuardSettingsView) settings!: InstanceType<
    typeof SipRegistrarGuardSettingsView
  >;
  @IsInt() failedDigests!: number;
  @IsInt() refusedWhileBlocked!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => SipBlockStateView) blocks!: SipBlockStateView[];
}

/** A lab's real SIP: on or off, where its listeners bind, who answers at each node's far end, whom each node hears. */
export class SipStateView {
  @IsBoolean() enabled!: boolean;
  @IsString() @JSONSchema({ description: "the address the labs' SIP listeners and RTP relays bind to" }) host!: string;
  @IsString()
  @JSONSchema({
    description:
      'the address the gateway names itself by to SIP peers: Via sent-by, Contact, the SDP c= and o= lines (GWSIM_SIP_ADVERTISE; by default the bind address, or for a wildcard the first address of this machine)',
  })
  advertisedHost!: string;
  @IsInt() portOffset!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => SipListenerStateView) listeners!: SipListenerStateView[];
  @IsObject() @JSONSchema(FAR_ENDS_SCHEMA) farEnds!: Record<string, FarEnd>;
  @IsInt() @JSONSchema({ description: SETUP_TIMEOUT_DESCRIPTION }) setupTimeoutSeconds!: number;
  @IsObject() @JSONSchema(OUTSIDE_PEERS_SCHEMA) outsidePeers!: Record<string, OutsidePeers>;
  @IsArray() @ValidateNested({ each: true }) @Type(() => SipNodePeersStateView) peers!: SipNodePeersStateView[];
  @ValidateNested() @Type(() => SipRefusalsView) refused!: SipRefusalsView;
  @ValidateNested() @Type(() => SipRegistrarGuardStateView) registrarGuard!: SipRegistrarGuardStateView;
  @IsBoolean() @JSONSchema({ description: SUPERVISION_DESCRIPTION }) supervision!: boolean;
  @IsArray() @ValidateNested({ each: true }) @Type(() => SipTrunkView) trunks!: SipTrunkView[];
}

/** The registrar blocks an administrator lifted, as they were. */
export class SipBlocksLiftedView {
  @IsArray() @ValidateNested({ each: true }) @Type(() => SipBlockStateView) lifted!: SipBlockStateView[];
}
