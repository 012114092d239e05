import { IsIn, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CLOCK_MODES, type ClockMode } from '../../domain/LabClock.js';

/** PUT /_sim/labs/{lab}/clock */
export class SetClockDto {
  @IsIn(CLOCK_MODES)
  @JSONSchema({
    description: "real (the wall clock's rate, at the offset it has), scaled (scale times as fast) or frozen",
  })
  mode!: ClockMode;

  @IsOptional()
  @IsNumber()
  @JSONSchema({
    description: 'scaled only: how many times as fast as real time (0.001 to 10000; default the current scale, or 60)',
  })
  scale?: number;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  @JSONSchema({
    description: "the lab's instant to go on from (ISO-8601, e.g. 2027-01-01T09:00:00Z); default: the lab's time now",
  })
  now?: string;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @JSONSchema({
    description:
      "instead of now: the lab's time as an offset from the wall clock's, in seconds, as GET answers it (0: back to wall time; {mode: real, offsetSeconds: 0} puts the clock back on the wall's time in real time)",
  })
  offsetSeconds?: number;
}

/** POST /_sim/labs/{lab}/clock/advance */
export class AdvanceClockDto {
  @IsString()
  @MaxLength(64)
  @JSONSchema({
    description:
      'an ISO-8601 duration of weeks, days, hours, minutes and seconds, e.g. PT2H, P1D, PT90S (years and months are refused: their length depends on the date)',
  })
  by!: string;
}
