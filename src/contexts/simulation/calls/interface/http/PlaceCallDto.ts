import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { OUTCOMES, type Outcome } from '../../domain/TrafficProfile.js';

/** A dial string a simulated caller can dial: digits, `+`, `*` and `#`, 1 to 32 of them. */
const DIAL_STRING = /^[0-9+*#]{1,32}$/;
const DIAL_STRING_MESSAGE = '$property must be 1 to 32 digits, +, * or #';

/** POST /_sim/labs/{lab}/traffic/calls: one call placed by hand. */
export class PlaceCallDto {
  /** The node the call arrives on: its id or display name, in the committed configuration. */
  @IsString() @MaxLength(255) node!: string;
  /** The calling party (default +4930555000). */
  @IsOptional() @IsString() @Matches(DIAL_STRING, { message: DIAL_STRING_MESSAGE }) calling?: string | null;
  /** The number dialled. */
  @IsString() @Matches(DIAL_STRING, { message: DIAL_STRING_MESSAGE }) called!: string;
  /** What the far end does: one outcome of the traffic profile's; by default the lab's profile decides. */
  @IsOptional() @IsIn(OUTCOMES) outcome?: Outcome | null;
}
