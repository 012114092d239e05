import { IsBoolean, IsString } from 'class-validator';

/** A call placed by hand, as it arrived: the gateway's session identifier (history, messages, sessions name it). */
export class PlacedCallView {
  @IsString() sessionIdentifier!: string;
  @IsString() nodeId!: string;
  @IsString() nodeName!: string;
  @IsString() calling!: string;
  @IsString() called!: string;
  /** ISO-8601, the lab's time when the call arrived. */
  @IsString() time!: string;
  /** Whether the call is in progress once it arrived (false: refused at once, by a gate or for want of a route). */
  @IsBoolean() inProgress!: boolean;
}
