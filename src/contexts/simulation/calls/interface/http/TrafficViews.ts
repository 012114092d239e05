import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import { TrafficProfileDto } from './TrafficDtos.js';

export class ResultCountsView {
  @IsInt() ANSWERED!: number;
  @IsInt() BUSY!: number;
  @IsInt() NO_ANSWER!: number;
  @IsInt() REJECTED!: number;
  @IsInt() FAILED!: number;
  @IsInt() CANCELLED!: number;
}

/** Calls refused (or ended by the gateway) at each gate. */
export class GateCountsView {
  @IsInt() standbyInactive!: number;
  @IsInt() maintenance!: number;
  @IsInt() overload!: number;
  @IsInt() capacityExhausted!: number;
  @IsInt() noRoute!: number;
  @IsInt() routeRejects!: number;
  @IsInt() routeIgnores!: number;
  @IsInt() noUsableTarget!: number;
}

export class TrafficCountersView {
  @IsInt() started!: number;
  @IsInt() ended!: number;
  @IsInt() active!: number;
  @ValidateNested() @Type(() => ResultCountsView) byResult!: ResultCountsView;
  @ValidateNested() @Type(() => GateCountsView) refusedBy!: GateCountsView;
}

/** A lab's traffic: whether calls arrive, the profile, the simulated instant reached, counters since the first start. */
export class TrafficStateView {
  @IsBoolean() running!: boolean;
  @ValidateNested() @Type(() => TrafficProfileDto) profile!: TrafficProfileDto;
  /** ISO-8601; absent before the first start. */
  @IsOptional() @IsString() time?: string;
  @ValidateNested() @Type(() => TrafficCountersView) counters!: TrafficCountersView;
  /** The generation of the committed configuration the calls are routed on; absent before the first start. */
  @IsOptional() @IsInt() planGeneration?: number;
}

/** One interval of the traffic series. */
export class TrafficSeriesPointView {
  /** The interval's start (ISO-8601). */
  @IsString() time!: string;
  /** Calls that arrived in the interval, per second. */
  @IsNumber() callsPerSecond!: number;
  @IsInt() callsStarted!: number;
  /** The most sessions in progress seen in the interval. */
  @IsInt() concurrentSessions!: number;
}

/** A lab's traffic over the recent past (the console's charts): fixed intervals of the lab's time, oldest first. */
export class TrafficSeriesView {
  /** The instant the lab's calls were advanced to (ISO-8601). */
  @IsString() time!: string;
  @IsInt() intervalSeconds!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => TrafficSeriesPointView) points!: TrafficSeriesPointView[];
}
