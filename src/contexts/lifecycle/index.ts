// WorkingConfiguration is the service every configuration write use case calls inside its write unit:
// `await workingConfiguration.markModified(lab)` (409 CONFIGURATION_COMMIT_PROTECTED while a commit-protected
// import is shown; state becomes modified) — for the detached objects, from ObjectWrites.beforeChange.
// It is exported first: the configuration context imports it from here while its own module loads, so it
// must be defined before anything below pulls in the configuration context in turn.
export { WorkingConfiguration } from './configuration/application/WorkingConfiguration.js';

import { maintenanceOperations } from './maintenance/interface/http/maintenanceOperations.js';
import { coreConfigOperations } from './configuration/interface/http/coreConfigOperations.js';

export { lifecycleModule } from './LifecycleModule.js';
export type { MaintenanceModeChanged } from './maintenance/domain/MaintenanceMode.js';
export { ConfigurationStateRecord } from './configuration/infrastructure/persistence/ConfigurationStateRecord.js';
export { InstallFactoryConfiguration } from './configuration/application/InstallFactoryConfiguration.js';
export type {
  ConfigurationCommitted, ConfigurationCleaned, ConfigurationImported, ConfigurationModified, ConfigurationReverted,
} from './configuration/domain/ConfigurationEvents.js';

export const lifecycleOperations = [...maintenanceOperations, ...coreConfigOperations];
