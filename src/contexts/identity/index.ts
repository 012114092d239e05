export { identityModule, type IdentityModuleSettings } from './IdentityModule.js';
export { identityOperations } from './identityOperations.js';
export { IdentitySettings } from './IdentitySettings.js';
export { UserRecord } from './users/infrastructure/persistence/UserRecord.js';
export { RoleRecord } from './roles/infrastructure/persistence/RoleRecord.js';
export { SeedBuiltInAdministrator, BUILT_IN_ADMINISTRATOR_NAME } from './users/application/SeedBuiltInAdministrator.js';
export type {
  UserAdded,
  UserRemoved,
  UserAccountStateChanged,
  UserPasswordChanged,
} from './users/domain/UserEvents.js';
export type { RoleRemoved } from './roles/domain/RoleEvents.js';
export { UnblockUser, type UnblockOutcome } from './users/application/UnblockUser.js';
/** The simulated directory's connections, for the gateway's dashboard. */
export { LdapDirectory, type LdapConnectionState } from './directory/domain/LdapDirectory.js';
export type { LdapAuthority } from './directory/domain/LdapAuthority.js';
export { DirectorySearches } from './directory/infrastructure/DirectorySearches.js';
