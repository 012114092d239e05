import { ContainerModule } from 'inversify';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { ReadResourceUsage } from './resources/application/ReadResourceUsage.js';
import { LoadGauge } from './resources/domain/LoadGauge.js';
import { IdleLoadGauge } from './resources/infrastructure/IdleLoadGauge.js';
import { ResourcesController } from './resources/interface/http/ResourcesController.js';
import { VersionController } from './version/interface/http/VersionController.js';

/** The monitoring context: versions and resources now; call history, SIP messages and sessions later. */
export function monitoringModule(_options: ContextModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(LoadGauge).to(IdleLoadGauge).inSingletonScope();
    bind(ReadResourceUsage).toSelf().inSingletonScope();
    bind(ResourcesController).toSelf().inSingletonScope();
    bind(VersionController).toSelf().inSingletonScope();
  });
}
