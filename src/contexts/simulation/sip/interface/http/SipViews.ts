import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { FarEnd } from '../../domain/SipSetting.js';
import { FAR_ENDS_SCHEMA, SETUP_TIMEOUT_DESCRIPTION } from './SipControlDto.js';

/** One listener of a node. */
export class SipListenerStateView {
  @IsString() nodeId!: string;
  @IsString() nodeName!: string;
  @IsIn(['UDP', 'TCP', 'TLS']) transport!: 'UDP' | 'TCP' | 'TLS';
  @IsString() host!: string;
  @IsInt() port!: number;
  @IsIn(['listening', 'failed']) state!: 'listening' | 'failed';
  /** Why a failed listener could not bind. */
  @IsOptional() @IsString() error?: string;
}

/** A lab's real SIP: on or off, where its listeners bind, and who answers at each node's far end. */
export class SipStateView {
  @IsBoolean() enabled!: boolean;
  @IsString() host!: string;
  @IsInt() portOffset!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => SipListenerStateView) listeners!: SipListenerStateView[];
  @IsObject() @JSONSchema(FAR_ENDS_SCHEMA) farEnds!: Record<string, FarEnd>;
  @IsInt() @JSONSchema({ description: SETUP_TIMEOUT_DESCRIPTION }) setupTimeoutSeconds!: number;
}
