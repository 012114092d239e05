import { ConfigurationStateRecord } from '../../contexts/lifecycle/index.js';
import { RoleRecord, UserRecord } from '../../contexts/identity/index.js';
import { LabSettingRecord } from '../../shared/infrastructure/persistence/LabSettingRecord.js';
import { ConfigObjectRecord } from '../../contexts/configuration/objects/infrastructure/persistence/ConfigObjectRecord.js';

/** Every TypeORM persistence record, listed (never globbed). */
export const ENTITIES = [
  RoleRecord,
  UserRecord,
  ConfigObjectRecord,
  ConfigurationStateRecord,
  LabSettingRecord,
];
