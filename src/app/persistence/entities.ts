import { MaintenanceModeRecord } from '../../contexts/lifecycle/index.js';
import { LoginPolicyRecord, PasswordPolicyRecord, RoleRecord, UserRecord } from '../../contexts/identity/index.js';
import { ConfigObjectRecord, ConfigurationLifecycleRecord } from '../../contexts/configuration/index.js';

/** Every TypeORM persistence record, listed (never globbed). */
export const ENTITIES = [
  MaintenanceModeRecord,
  RoleRecord,
  UserRecord,
  PasswordPolicyRecord,
  LoginPolicyRecord,
  ConfigObjectRecord,
  ConfigurationLifecycleRecord,
];
