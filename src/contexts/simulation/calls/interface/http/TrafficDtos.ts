import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { HOLDING_DISTRIBUTIONS } from '../../domain/TrafficProfile.js';

/**
 * The traffic profile on the wire (the control endpoint's request and answer): the fields of TrafficProfile
 * (domain/TrafficProfile.ts), whose checkTrafficProfile holds the rules beyond the types. Omitted fields take
 * the defaults; a weight map given is taken whole (absent keys weigh 0).
 */
export class HoldingTimeDto {
  @IsIn(HOLDING_DISTRIBUTIONS) distribution!: 'exponential' | 'lognormal';
  @IsNumber() meanSeconds!: number;
  @IsOptional() @IsNumber() sdSeconds?: number;
}

export class OutcomeWeightsDto {
  @IsOptional() @IsNumber() answer?: number;
  @IsOptional() @IsNumber() busy?: number;
  @IsOptional() @IsNumber() noAnswer?: number;
  @IsOptional() @IsNumber() failure?: number;
  @IsOptional() @IsNumber() cancel?: number;
}

export class CodecWeightsDto {
  @IsOptional() @IsNumber() PCMA?: number;
  @IsOptional() @IsNumber() PCMU?: number;
  @IsOptional() @IsNumber() G722?: number;
  @IsOptional() @IsNumber() opus?: number;
}

export class SecondsRangeDto {
  @IsNumber() min!: number;
  @IsNumber() max!: number;
}

export class CalledPatternDto {
  /** X any digit, N a digit 2-9, other characters literal. */
  @IsString() @MaxLength(32) pattern!: string;
  @IsNumber() weight!: number;
}

export class NumberPlanDto {
  @IsString() @MaxLength(32) callingPrefix!: string;
  @IsInt() callingDigits!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => CalledPatternDto) called!: CalledPatternDto[];
  /** How often calls enter on this node relative to the other source nodes (default 1). */
  @IsOptional() @IsNumber() weight?: number;
}

export class NodeNumberPlanDto extends NumberPlanDto {
  @IsString() @MaxLength(128) nodeId!: string;
}

export class TrafficProfileDto {
  @IsOptional() @IsInt() seed?: number;
  @IsOptional() @IsNumber() callsPerSecond?: number;
  @IsOptional() @ValidateNested() @Type(() => HoldingTimeDto) holdingTime?: HoldingTimeDto;
  @IsOptional() @ValidateNested() @Type(() => OutcomeWeightsDto) outcomes?: OutcomeWeightsDto;
  @IsOptional() @ValidateNested() @Type(() => SecondsRangeDto) ringTimeSeconds?: SecondsRangeDto;
  @IsOptional() @IsNumber() noAnswerTimeoutSeconds?: number;
  @IsOptional() @ValidateNested() @Type(() => CodecWeightsDto) codecs?: CodecWeightsDto;
  @IsOptional() @IsNumber() packetLossPercent?: number;
  @IsOptional() @IsNumber() jitterMs?: number;
  @IsOptional() @IsNumber() recordedShare?: number;
  @IsOptional() @IsNumber() callerHangupShare?: number;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => NodeNumberPlanDto)
  numberPlans?: NodeNumberPlanDto[];
  @IsOptional() @ValidateNested() @Type(() => NumberPlanDto) defaultNumberPlan?: NumberPlanDto;
}

/** PUT /_sim/labs/{lab}/traffic: start or stop the arrivals and/or set the profile (it takes effect at once). */
export class TrafficControlDto {
  @IsOptional() @IsBoolean() running?: boolean;
  @IsOptional() @ValidateNested() @Type(() => TrafficProfileDto) profile?: TrafficProfileDto;
}
