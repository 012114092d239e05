import { DEFAULT_LAB, type LabId } from '../../../../src/shared/domain/LabId.js';
import { NO_PERMISSIONS, type PermissionSet } from '../../../../src/shared/domain/Permission.js';
import { Role } from '../../../../src/contexts/identity/roles/domain/Role.js';
import type { NewUser } from '../../../../src/contexts/identity/users/domain/NewUser.js';
import { UserAccount } from '../../../../src/contexts/identity/users/domain/UserAccount.js';

let counter = 0;
const next = () => (counter += 1);

export const T0 = new Date('2026-03-01T08:00:00Z');

/** Object mothers of the identity context. */
export const UserMother = {
  newUser(overrides: Partial<NewUser> = {}): NewUser {
    const n = next();
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      displayName: `user ${n}`,
      emailAddress: '',
      enabled: true,
      loginLocally: true,
      localUsername: `user${n}`,
      passwordHash: `scrypt$fake-hash-${n}`,
      passwordChange: 'NOT_NECESSARY',
      ldapLogin: false,
      ldapUsers: [],
      roleIds: [],
      ...overrides,
    };
  },

  any(lab: LabId = DEFAULT_LAB, at: Date = T0): UserAccount {
    return UserMother.with({}, lab, at);
  },

  with(overrides: Partial<NewUser>, lab: LabId = DEFAULT_LAB, at: Date = T0): UserAccount {
    const user = UserAccount.create(lab, UserMother.newUser(overrides), at);
    user.pullEvents();
    return user;
  },
};

export const RoleMother = {
  permissions(overrides: Partial<PermissionSet> = {}): PermissionSet {
    return { ...NO_PERMISSIONS, api: 'ACCESS', ...overrides } as PermissionSet;
  },

  any(lab: LabId = DEFAULT_LAB): Role {
    const n = next();
    return Role.create(lab, `role_${n}`, `Role ${n}`, RoleMother.permissions());
  },

  with(id: string, permissions: Partial<PermissionSet> = {}, lab: LabId = DEFAULT_LAB, displayName = id): Role {
    return Role.create(lab, id, displayName, RoleMother.permissions(permissions));
  },
};
