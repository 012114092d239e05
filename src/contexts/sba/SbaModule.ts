import { ContainerModule } from 'inversify';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { ChangeSbaService } from './service/application/ChangeSbaService.js';
import { DisableSbaService } from './service/application/DisableSbaService.js';
import { EnableSbaService } from './service/application/EnableSbaService.js';
import { GetSbaService } from './service/application/GetSbaService.js';
import { SbaDirectorySetting, SbaServiceSetting } from './service/application/SbaServiceSetting.js';
import { GetSbaUsers, RefreshSbaUsers } from './service/application/SbaUsers.js';
import { UploadSbaKeyMaterial } from './service/application/UploadSbaKeyMaterial.js';
import { SbaController } from './service/interface/http/SbaController.js';

/** The collaboration SBA service context: options, key material, the service's state machine, the user directory. */
export function sbaModule(_options: ContextModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SbaServiceSetting).toSelf().inSingletonScope();
    bind(SbaDirectorySetting).toSelf().inSingletonScope();
    bind(GetSbaService).toSelf().inSingletonScope();
    bind(ChangeSbaService).toSelf().inSingletonScope();
    bind(EnableSbaService).toSelf().inSingletonScope();
    bind(DisableSbaService).toSelf().inSingletonScope();
    bind(UploadSbaKeyMaterial).toSelf().inSingletonScope();
    bind(GetSbaUsers).toSelf().inSingletonScope();
    bind(RefreshSbaUsers).toSelf().inSingletonScope();
    bind(SbaController).toSelf().inSingletonScope();
  });
}
