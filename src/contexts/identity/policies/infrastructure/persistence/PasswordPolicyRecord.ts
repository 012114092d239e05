import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'identity_password_policy' })
export class PasswordPolicyRecord {
  @PrimaryColumn({ name: 'lab_id', type: 'text' })
  labId!: string;

  @Column({ name: 'min_length', type: 'integer' }) minLength!: number;
  @Column({ name: 'max_length', type: 'integer' }) maxLength!: number;
  @Column({ name: 'min_digits', type: 'integer' }) minDigits!: number;
  @Column({ name: 'min_characters', type: 'integer' }) minCharacters!: number;
  @Column({ name: 'min_lower_case', type: 'integer' }) minLowerCase!: number;
  @Column({ name: 'min_upper_case', type: 'integer' }) minUpperCase!: number;
  @Column({ name: 'min_special', type: 'integer' }) minSpecial!: number;
  @Column({ name: 'constraint_areas', type: 'integer' }) constraintAreas!: number;
  @Column({ name: 'patterns', type: 'boolean' }) patterns!: boolean;
  @Column({ name: 'blacklist', type: 'jsonb' }) blacklist!: string[];
  @Column({ name: 'add_username_to_blacklist', type: 'boolean' }) addUsernameToBlacklist!: boolean;

  @Column({ name: 'version', type: 'integer' })
  version!: number;
}
