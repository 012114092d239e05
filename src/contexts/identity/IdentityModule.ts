import { LabLifecycle } from '../../shared/application/LabLifecycle.js';
import { IdentityLabLifecycle } from './users/application/IdentityLabLifecycle.js';
import { ContainerModule } from 'inversify';
import { Authenticator } from '../../shared/application/Authenticator.js';
import { StartupTask } from '../../shared/application/StartupTask.js';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { EndSessionsOnAccountChange } from './authentication/application/EndSessionsOnAccountChange.js';
import { IdentityAuthenticator } from './authentication/application/IdentityAuthenticator.js';
import { LoginDecision } from './authentication/application/LoginDecision.js';
import { LoginSessions } from './authentication/application/LoginSessions.js';
import { RememberedLogins } from './authentication/application/RememberedLogins.js';
import { SessionRepository } from './authentication/domain/SessionRepository.js';
import { InMemorySessionRepository } from './authentication/infrastructure/memory/InMemorySessionRepository.js';
import { HmacVerifiedCredentials } from './authentication/infrastructure/memory/HmacVerifiedCredentials.js';
import { VerifiedCredentials } from './authentication/domain/VerifiedCredentials.js';
import { ListLdapAuthorities } from './directory/application/ListLdapAuthorities.js';
import { LdapDirectory } from './directory/domain/LdapDirectory.js';
import { SimulatedLdapDirectory } from './directory/infrastructure/SimulatedLdapDirectory.js';
import { DirectorySearches } from './directory/infrastructure/DirectorySearches.js';
import { LdapAuthoritiesController } from './directory/interface/http/LdapAuthoritiesController.js';
import { IdentitySettings } from './IdentitySettings.js';
import { GetLoginPolicy } from './policies/application/GetLoginPolicy.js';
import { GetPasswordPolicy } from './policies/application/GetPasswordPolicy.js';
import { LoginPolicySetting } from './policies/application/LoginPolicySetting.js';
import { PasswordPolicySetting } from './policies/application/PasswordPolicySetting.js';
import { SetLoginPolicy } from './policies/application/SetLoginPolicy.js';
import { SetPasswordPolicy } from './policies/application/SetPasswordPolicy.js';
import { LoginPolicyRepository } from './policies/domain/LoginPolicyRepository.js';
import { PasswordPolicyRepository } from './policies/domain/PasswordPolicyRepository.js';
import { PoliciesController } from './policies/interface/http/PoliciesController.js';
import { AddRole } from './roles/application/AddRole.js';
import { ListRoles } from './roles/application/ListRoles.js';
import { RemoveRole } from './roles/application/RemoveRole.js';
import { RolePermissions } from './roles/application/RolePermissions.js';
import { RoleRepository } from './roles/domain/RoleRepository.js';
import { InMemoryRoleRepository } from './roles/infrastructure/memory/InMemoryRoleRepository.js';
import { TypeOrmRoleRepository } from './roles/infrastructure/persistence/TypeOrmRoleRepository.js';
import { RolesController } from './roles/interface/http/RolesController.js';
import { AddUser } from './users/application/AddUser.js';
import { ChangePassword } from './users/application/ChangePassword.js';
import { IdentitySnapshots } from './users/application/IdentitySnapshots.js';
import { ListUsers } from './users/application/ListUsers.js';
import { RemoveUser } from './users/application/RemoveUser.js';
import { UnblockUser } from './users/application/UnblockUser.js';
import { SeedBuiltInAdministrator } from './users/application/SeedBuiltInAdministrator.js';
import { PasswordHasher } from './users/domain/PasswordHasher.js';
import { UserRepository } from './users/domain/UserRepository.js';
import { InMemoryUserRepository } from './users/infrastructure/memory/InMemoryUserRepository.js';
import { TypeOrmUserRepository } from './users/infrastructure/persistence/TypeOrmUserRepository.js';
import { ScryptPasswordHasher } from './users/infrastructure/ScryptPasswordHasher.js';
import { UsersController } from './users/interface/http/UsersController.js';

/** What the composition root hands the identity context from the process configuration. */
export interface IdentityModuleSettings {
  readonly adminPassword: string;
  readonly kdfCost: number;
  readonly sessionIdleMinutes: number;
  /** Where the directory searches are counted, when another thread of the process counts there too. */
  readonly directorySearches?: SharedArrayBuffer | undefined;
}

/**
 * The identity context: users, roles, password and login policies, the simulated directory, and the
 * Authenticator (sessions). Seeds the built-in administrator at start-up.
 */
export function identityModule(options: ContextModuleOptions, settings: IdentityModuleSettings): ContainerModule {
  const typeorm = options.store === 'typeorm';
  return new ContainerModule(({ bind }) => {
    bind(IdentitySettings).toConstantValue(
      new IdentitySettings(settings.adminPassword, settings.kdfCost, settings.sessionIdleMinutes),
    );

    bind(UserRepository)
      .to(typeorm ? TypeOrmUserRepository : InMemoryUserRepository)
      .inSingletonScope();
    bind(RoleRepository)
      .to(typeorm ? TypeOrmRoleRepository : InMemoryRoleRepository)
      .inSingletonScope();
    bind(PasswordPolicySetting).toSelf().inSingletonScope();
    bind(PasswordPolicyRepository).toService(PasswordPolicySetting);
    bind(LoginPolicySetting).toSelf().inSingletonScope();
    bind(LoginPolicyRepository).toService(LoginPolicySetting);
    bind(SessionRepository).to(InMemorySessionRepository).inSingletonScope();
    bind(VerifiedCredentials).to(HmacVerifiedCredentials).inSingletonScope();
    bind(PasswordHasher).to(ScryptPasswordHasher).inSingletonScope();
    bind(DirectorySearches).toConstantValue(
      new DirectorySearches(settings.directorySearches ?? DirectorySearches.buffer()),
    );
    bind(LdapDirectory).to(SimulatedLdapDirectory).inSingletonScope();

    bind(IdentitySnapshots).toSelf().inSingletonScope();
    bind(RolePermissions).toSelf().inSingletonScope();
    bind(ListRoles).toSelf().inSingletonScope();
    bind(AddRole).toSelf().inSingletonScope();
    bind(RemoveRole).toSelf().inSingletonScope();
    bind(ListUsers).toSelf().inSingletonScope();
    bind(AddUser).toSelf().inSingletonScope();
    bind(RemoveUser).toSelf().inSingletonScope();
    bind(ChangePassword).toSelf().inSingletonScope();
    bind(UnblockUser).toSelf().inSingletonScope();
    bind(GetPasswordPolicy).toSelf().inSingletonScope();
    bind(SetPasswordPolicy).toSelf().inSingletonScope();
    bind(GetLoginPolicy).toSelf().inSingletonScope();
    bind(SetLoginPolicy).toSelf().inSingletonScope();
    bind(ListLdapAuthorities).toSelf().inSingletonScope();

    bind(LoginDecision).toSelf().inSingletonScope();
    bind(LoginSessions).toSelf().inSingletonScope();
    bind(RememberedLogins).toSelf().inSingletonScope();
    bind(IdentityAuthenticator).toSelf().inSingletonScope();
    bind(Authenticator).toService(IdentityAuthenticator);
    bind(SeedBuiltInAdministrator).toSelf().inSingletonScope();
    bind(LabLifecycle).to(IdentityLabLifecycle).inSingletonScope();
    bind(EndSessionsOnAccountChange).toSelf().inSingletonScope();
    bind(StartupTask).toService(EndSessionsOnAccountChange);
    bind(StartupTask).toService(SeedBuiltInAdministrator);

    bind(UsersController).toSelf().inSingletonScope();
    bind(RolesController).toSelf().inSingletonScope();
    bind(PoliciesController).toSelf().inSingletonScope();
    bind(LdapAuthoritiesController).toSelf().inSingletonScope();
  });
}
