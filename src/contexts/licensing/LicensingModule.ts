import { ContainerModule } from 'inversify';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { bindLicenses } from './licenses/licensesBindings.js';

/** The licensing context: license files and their status, license on demand, system ids, licensed capacity. */
export function licensingModule(options: ContextModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindLicenses(bind, options);
  });
}
