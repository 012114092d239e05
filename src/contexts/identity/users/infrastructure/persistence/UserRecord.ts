import { Column, Entity, PrimaryColumn } from 'typeorm';

export interface LdapLinkJson {
  name: string;
  ldapAuthorityId: string;
}

@Entity({ name: 'identity_user' })
export class UserRecord {
  @PrimaryColumn({ name: 'lab_id', type: 'text' })
  labId!: string;

  @PrimaryColumn({ name: 'id', type: 'text' })
  id!: string;

  @Column({ name: 'built_in', type: 'boolean' })
  builtIn!: boolean;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  @Column({ name: 'email_address', type: 'text' })
  emailAddress!: string;

  @Column({ name: 'state', type: 'text' })
  state!: string;

  @Column({ name: 'login_locally', type: 'boolean' })
  loginLocally!: boolean;

  @Column({ name: 'local_username', type: 'text', nullable: true })
  localUsername!: string | null;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'password_changed_at', type: 'timestamptz', nullable: true })
  passwordChangedAt!: Date | null;

  @Column({ name: 'password_change', type: 'text' })
  passwordChange!: string;

  @Column({ name: 'obsolete_password_hashes', type: 'jsonb' })
  obsoletePasswordHashes!: string[];

  @Column({ name: 'ldap_login', type: 'boolean' })
  ldapLogin!: boolean;

  @Column({ name: 'ldap_users', type: 'jsonb' })
  ldapUsers!: LdapLinkJson[];

  @Column({ name: 'role_ids', type: 'jsonb' })
  roleIds!: string[];

  @Column({ name: 'failed_logins', type: 'integer' })
  failedLogins!: number;

  @Column({ name: 'last_failed_login', type: 'timestamptz', nullable: true })
  lastFailedLogin!: Date | null;

  @Column({ name: 'last_login', type: 'timestamptz', nullable: true })
  lastLogin!: Date | null;

  @Column({ name: 'blocked_until', type: 'timestamptz', nullable: true })
  blockedUntil!: Date | null;

  @Column({ name: 'seed_fingerprint', type: 'text', nullable: true })
  seedFingerprint!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Insertion order, assigned by the database. */
  @Column({ name: 'ordinal', type: 'bigint', insert: false, update: false })
  ordinal!: string;

  @Column({ name: 'version', type: 'integer' })
  version!: number;
}
