import type { LabId } from '../../../../../shared/domain/LabId.js';
import type { AccountState } from '../../domain/AccountStates.js';
import type { PasswordChange } from '../../domain/PasswordChange.js';
import { UserAccount } from '../../domain/UserAccount.js';
import { UserRecord } from './UserRecord.js';

const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

export const UserMapper = {
  /** Rebuilds the aggregate; UserAccount.restore checks every invariant again. */
  toDomain(record: UserRecord): UserAccount {
    return UserAccount.restore({
      lab: record.labId as LabId,
      id: record.id,
      builtIn: record.builtIn,
      displayName: record.displayName,
      emailAddress: record.emailAddress,
      state: record.state as AccountState,
      loginLocally: record.loginLocally,
      localUsername: orUndefined(record.localUsername),
      passwordHash: orUndefined(record.passwordHash),
      passwordChangedAt: orUndefined(record.passwordChangedAt),
      passwordChange: record.passwordChange as PasswordChange,
      obsoletePasswordHashes: record.obsoletePasswordHashes,
      ldapLogin: record.ldapLogin,
      ldapUsers: record.ldapUsers.map((link) => ({ name: link.name, ldapAuthorityId: link.ldapAuthorityId })),
      roleIds: record.roleIds,
      failedLogins: record.failedLogins,
      lastFailedLogin: orUndefined(record.lastFailedLogin),
      lastLogin: orUndefined(record.lastLogin),
      blockedUntil: orUndefined(record.blockedUntil),
      seedFingerprint: orUndefined(record.seedFingerprint),
      createdAt: record.createdAt,
      version: record.version,
    });
  },

  /** The record as it is stored next: at the aggregate's version + 1. */
  toRecord(user: UserAccount): UserRecord {
    const p = user.snapshot();
    const record = new UserRecord();
    Object.assign(record, {
      labId: p.lab,
      id: p.id,
      builtIn: p.builtIn,
      displayName: p.displayName,
      emailAddress: p.emailAddress,
      state: p.state,
      loginLocally: p.loginLocally,
      localUsername: p.localUsername ?? null,
      passwordHash: p.passwordHash ?? null,
      passwordChangedAt: p.passwordChangedAt ?? null,
      passwordChange: p.passwordChange,
      obsoletePasswordHashes: [...p.obsoletePasswordHashes],
      ldapLogin: p.ldapLogin,
      ldapUsers: p.ldapUsers.map((link) => ({ name: link.name, ldapAuthorityId: link.ldapAuthorityId })),
      roleIds: [...p.roleIds],
      failedLogins: p.failedLogins,
      lastFailedLogin: p.lastFailedLogin ?? null,
      lastLogin: p.lastLogin ?? null,
      blockedUntil: p.blockedUntil ?? null,
      seedFingerprint: p.seedFingerprint ?? null,
      createdAt: p.createdAt,
      version: p.version + 1,
    });
    return record;
  },
};
