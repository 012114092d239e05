import { IsBoolean, IsInt } from 'class-validator';

/** A whole LoginPolicy: every field is required. Bounds are checked by the domain. */
export class LoginPolicyDto {
  @IsInt() minLoginDelay!: number;
  @IsInt() maxLoginDelay!: number;
  @IsInt() attemptsUntilBlocked!: number;
  @IsBoolean() showLoginFailureMessage!: boolean;
  @IsInt() passwordExpiration!: number;
  @IsInt() passwordExpirationWarning!: number;
  @IsInt() maxObsoletePasswords!: number;
  @IsInt() passwordUnchangeableMinutes!: number;
}
