export { identityModule, type IdentityModuleSettings } from './IdentityModule.js';
export { identityOperations } from './identityOperations.js';
export { IdentitySettings } from './IdentitySettings.js';
export { UserRecord } from './users/infrastructure/persistence/UserRecord.js';
export { RoleRecord } from './roles/infrastructure/persistence/RoleRecord.js';
export { PasswordPolicyRecord } from './policies/infrastructure/persistence/PasswordPolicyRecord.js';
export { LoginPolicyRecord } from './policies/infrastructure/persistence/LoginPolicyRecord.js';
export { SeedBuiltInAdministrator, BUILT_IN_ADMINISTRATOR_NAME } from './users/application/SeedBuiltInAdministrator.js';
export type { UserAdded, UserRemoved, UserAccountStateChanged, UserPasswordChanged } from './users/domain/UserEvents.js';
