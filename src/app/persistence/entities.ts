import { MaintenanceModeRecord } from '../../contexts/lifecycle/index.js';
import { ConfigObjectRecord } from '../../contexts/configuration/objects/infrastructure/persistence/ConfigObjectRecord.js';

/** Every TypeORM persistence record, listed (never globbed). */
export const ENTITIES = [
  MaintenanceModeRecord,
  ConfigObjectRecord,
];
