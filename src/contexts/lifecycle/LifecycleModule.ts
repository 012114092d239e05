import { ContainerModule } from 'inversify';
import { StartupTask } from '../../shared/application/StartupTask.js';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { CleanConfiguration } from './configuration/application/CleanConfiguration.js';
import { CommitConfiguration } from './configuration/application/CommitConfiguration.js';
import { ExportConfiguration } from './configuration/application/ExportConfiguration.js';
import { FactoryConfigurationStartup } from './configuration/application/FactoryConfigurationStartup.js';
import { GetConfigurationStatus } from './configuration/application/GetConfigurationStatus.js';
import { ImportConfiguration } from './configuration/application/ImportConfiguration.js';
import { InstallFactoryConfiguration } from './configuration/application/InstallFactoryConfiguration.js';
import { RevertConfiguration } from './configuration/application/RevertConfiguration.js';
import { WorkingConfiguration } from './configuration/application/WorkingConfiguration.js';
import { ConfigurationStateRepository } from './configuration/domain/ConfigurationStateRepository.js';
import { InMemoryConfigurationStateRepository } from './configuration/infrastructure/memory/InMemoryConfigurationStateRepository.js';
import { TypeOrmConfigurationStateRepository } from './configuration/infrastructure/persistence/TypeOrmConfigurationStateRepository.js';
import { CoreConfigController } from './configuration/interface/http/CoreConfigController.js';
import { GetMaintenanceMode } from './maintenance/application/GetMaintenanceMode.js';
import { SetMaintenanceMode } from './maintenance/application/SetMaintenanceMode.js';
import { MaintenanceModeSetting } from './maintenance/application/MaintenanceModeSetting.js';
import { MaintenanceModeController } from './maintenance/interface/http/MaintenanceModeController.js';

/**
 * The lifecycle context: maintenance mode, and the configuration lifecycle (commit, revert, clean, import,
 * export, status, factory defaults) over the configuration context's graph (its ConfigurationRepository is
 * bound by the configuration module).
 */
export function lifecycleModule(options: ContextModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(MaintenanceModeSetting).toSelf().inSingletonScope();
    bind(GetMaintenanceMode).toSelf().inSingletonScope();
    bind(SetMaintenanceMode).toSelf().inSingletonScope();
    bind(MaintenanceModeController).toSelf().inSingletonScope();

    bind(ConfigurationStateRepository)
      .to(options.store === 'typeorm' ? TypeOrmConfigurationStateRepository : InMemoryConfigurationStateRepository)
      .inSingletonScope();
    bind(WorkingConfiguration).toSelf().inSingletonScope();
    bind(CommitConfiguration).toSelf().inSingletonScope();
    bind(RevertConfiguration).toSelf().inSingletonScope();
    bind(CleanConfiguration).toSelf().inSingletonScope();
    bind(ImportConfiguration).toSelf().inSingletonScope();
    bind(ExportConfiguration).toSelf().inSingletonScope();
    bind(GetConfigurationStatus).toSelf().inSingletonScope();
    bind(InstallFactoryConfiguration).toSelf().inSingletonScope();
    bind(FactoryConfigurationStartup).toSelf().inSingletonScope();
    bind(StartupTask).toService(FactoryConfigurationStartup);
    bind(CoreConfigController).toSelf().inSingletonScope();
  });
}
