import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';

/** Disk or RAM: total and used, in bytes. */
export class CapacityView {
  @IsInt() @Min(0) total!: number;
  @IsInt() @Min(0) used!: number;
}

/** resources/get: disk, CPU load in whole percent (an integer, as the specification says) and RAM, or only the one `value` selects. */
export class ResourceUsageView {
  @IsOptional() @ValidateNested() @Type(() => CapacityView) disk?: CapacityView;
  @IsOptional() @IsInt() @Min(0) @Max(100) cpu?: number;
  @IsOptional() @ValidateNested() @Type(() => CapacityView) ram?: CapacityView;
}
