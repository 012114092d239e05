import type { ContainerModuleLoadOptions } from 'inversify';
import type { ContextModuleOptions } from '../../../shared/infrastructure/ContextModuleOptions.js';
import { EvaluatedLicensedCapacity } from './application/EvaluatedLicensedCapacity.js';
import { GetLicenses } from './application/GetLicenses.js';
import { GetSystemIds } from './application/GetSystemIds.js';
import { ImportLicenseFile } from './application/ImportLicenseFile.js';
import { ImportLicenseFromKey } from './application/ImportLicenseFromKey.js';
import { GatewayFaultSwitch } from '../../../shared/application/GatewayFaultSwitch.js';
import { LicenseBook } from './application/LicenseBook.js';
import { LicenseReader, LicenseRevocations, RevocableLicenseReader } from './application/LicenseReader.js';
import { LicensedCapacity } from './application/LicensedCapacity.js';
import { LicenseRepository } from './domain/LicenseRepository.js';
import { LicenseService } from './domain/LicenseService.js';
import { InMemoryLicenseRepository } from './infrastructure/memory/InMemoryLicenseRepository.js';
import { TypeOrmLicenseRepository } from './infrastructure/persistence/TypeOrmLicenseRepository.js';
import { SimulatedLicenseService } from './infrastructure/service/SimulatedLicenseService.js';
import { LicensesController } from './interface/http/LicensesController.js';

export function bindLicenses(bind: ContainerModuleLoadOptions['bind'], options: ContextModuleOptions): void {
  if (options.store === 'typeorm') bind(LicenseRepository).to(TypeOrmLicenseRepository).inSingletonScope();
  else bind(LicenseRepository).to(InMemoryLicenseRepository).inSingletonScope();
  bind(LicenseService).to(SimulatedLicenseService).inSingletonScope();
  bind(LicenseBook).toSelf().inSingletonScope();
  // reads go through the revocation decorator (gateway fault licenseRevoked)
  bind(LicenseRevocations).toSelf().inSingletonScope();
  bind(GatewayFaultSwitch).toService(LicenseRevocations);
  bind(LicenseReader).to(RevocableLicenseReader).inSingletonScope();
  bind(GetLicenses).toSelf().inSingletonScope();
  bind(ImportLicenseFile).toSelf().inSingletonScope();
  bind(ImportLicenseFromKey).toSelf().inSingletonScope();
  bind(GetSystemIds).toSelf().inSingletonScope();
  bind(LicensedCapacity).to(EvaluatedLicensedCapacity).inSingletonScope();
  bind(LicensesController).toSelf().inSingletonScope();
}
