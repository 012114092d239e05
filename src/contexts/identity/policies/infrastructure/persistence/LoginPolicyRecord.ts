import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'identity_login_policy' })
export class LoginPolicyRecord {
  @PrimaryColumn({ name: 'lab_id', type: 'text' })
  labId!: string;

  @Column({ name: 'min_login_delay', type: 'integer' }) minLoginDelay!: number;
  @Column({ name: 'max_login_delay', type: 'integer' }) maxLoginDelay!: number;
  @Column({ name: 'attempts_until_blocked', type: 'integer' }) attemptsUntilBlocked!: number;
  @Column({ name: 'show_login_failure_message', type: 'boolean' }) showLoginFailureMessage!: boolean;
  @Column({ name: 'password_expiration', type: 'integer' }) passwordExpiration!: number;
  @Column({ name: 'password_expiration_warning', type: 'integer' }) passwordExpirationWarning!: number;
  @Column({ name: 'max_obsolete_passwords', type: 'integer' }) maxObsoletePasswords!: number;
  @Column({ name: 'password_unchangeable_minutes', type: 'integer' }) passwordUnchangeableMinutes!: number;

  @Column({ name: 'version', type: 'integer' })
  version!: number;
}
