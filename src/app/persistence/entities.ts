import { MaintenanceModeRecord } from '../../contexts/lifecycle/index.js';

/** Every TypeORM persistence record, listed (never globbed). */
export const ENTITIES = [
  MaintenanceModeRecord,
];
