import { RoleRecord, UserRecord } from '../../contexts/identity/index.js';
import { LabSettingRecord } from '../../shared/infrastructure/persistence/LabSettingRecord.js';
import { ConfigObjectRecord, ConfigurationStateRecord } from '../../contexts/configuration/index.js';
import { LicenseRecord } from '../../contexts/licensing/index.js';

/** Every TypeORM persistence record, listed (never globbed). */
export const ENTITIES = [
  RoleRecord,
  UserRecord,
  ConfigObjectRecord,
  ConfigurationStateRecord,
  LabSettingRecord,
  LicenseRecord,
];
