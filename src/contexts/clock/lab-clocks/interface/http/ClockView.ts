import { IsIn, IsNumber, IsString } from 'class-validator';
import { CLOCK_MODES, type ClockMode } from '../../domain/LabClock.js';

/** A lab's clock. */
export class ClockView {
  @IsIn(CLOCK_MODES) mode!: ClockMode;
  /** How many times as fast as real time the lab's time runs (1 real, 0 frozen). */
  @IsNumber() rate!: number;
  /** The lab's time now (ISO-8601). */
  @IsString() now!: string;
  /** The wall clock now (ISO-8601). */
  @IsString() wall!: string;
  /** The lab's time minus the wall's, in seconds. */
  @IsNumber() offsetSeconds!: number;
}
