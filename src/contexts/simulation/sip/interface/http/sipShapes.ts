import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { FAR_ENDS, MAX_PORT_OFFSET, type FarEnd } from '../../domain/SipSetting.js';

const FAR_ENDS_SCHEMA: Parameters<typeof JSONSchema>[0] = {
  type: 'object', additionalProperties: { type: 'string', enum: [...FAR_ENDS] },
  description: "who answers at each node's far end, by node id: 'real' (SIPp, a softphone), 'simulated' (the traffic profile's outcome mix: busy, failures, ...) or 'answering' (simulated, answers every real caller); a node not listed is real when its far end is a loopback address, answering otherwise",
};

/** A change of a lab's SIP setting (`PUT /_sim/labs/{lab}/sip`); a field left out keeps its value. */
export class SipControlDto {
  @IsOptional() @IsBoolean() enabled?: boolean;
  @IsOptional() @IsInt() @Min(0) @Max(MAX_PORT_OFFSET) @JSONSchema({ description: "added to every node's ports, so that labs on one host listen apart (0 to 60000)" })
  portOffset?: number;
  /** The whole map: nodes left out of it go back to the loopback rule. */
  @IsOptional() @IsObject() @JSONSchema(FAR_ENDS_SCHEMA) farEnds?: Record<string, string>;
}

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
}
