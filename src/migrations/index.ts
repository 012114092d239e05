import { CreateLabs1763700000000 } from './1763700000000-CreateLabs.js';
import { CreateMaintenanceMode1763700000100 } from './1763700000100-CreateMaintenanceMode.js';
import { CreateIdentity1763700100000 } from './1763700100000-CreateIdentity.js';
import { CreateConfigurationObjects1763700200000 } from './1763700200000-CreateConfigurationObjects.js';
import { CreateConfigurationState1763700200100 } from './1763700200100-CreateConfigurationState.js';
import { AddLabRevision1764000000000 } from './1764000000000-AddLabRevision.js';
import { MoveSettingsToOneStore1764000100000 } from './1764000100000-MoveSettingsToOneStore.js';
import { TrackConfigurationChanges1764000200000 } from './1764000200000-TrackConfigurationChanges.js';
import { CreateLicenses1764100000000 } from './1764100000000-CreateLicenses.js';
import { AddLabPort1764300000000 } from './1764300000000-AddLabPort.js';
import { CreateLabSnapshots1764400000000 } from './1764400000000-CreateLabSnapshots.js';
import { AddLabLease1764500000000 } from './1764500000000-AddLabLease.js';

/** Every migration, in order. The schema changes only through these (synchronize is off everywhere). */
export const MIGRATIONS = [
  CreateLabs1763700000000,
  CreateMaintenanceMode1763700000100,
  CreateIdentity1763700100000,
  CreateConfigurationObjects1763700200000,
  CreateConfigurationState1763700200100,
  AddLabRevision1764000000000,
  MoveSettingsToOneStore1764000100000,
  TrackConfigurationChanges1764000200000,
  CreateLicenses1764100000000,
  AddLabPort1764300000000,
  CreateLabSnapshots1764400000000,
  AddLabLease1764500000000,
];
