import { ConfigurationStateRecord, MaintenanceModeRecord } from '../../contexts/lifecycle/index.js';
import { LoginPolicyRecord, PasswordPolicyRecord, RoleRecord, UserRecord } from '../../contexts/identity/index.js';
import { ConfigObjectRecord } from '../../contexts/configuration/objects/infrastructure/persistence/ConfigObjectRecord.js';

/** Every TypeORM persistence record, listed (never globbed). */
export const ENTITIES = [
  MaintenanceModeRecord,
  RoleRecord,
  UserRecord,
  PasswordPolicyRecord,
  LoginPolicyRecord,
  ConfigObjectRecord,
  ConfigurationStateRecord,
];
