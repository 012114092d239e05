import { ContainerModule } from 'inversify';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { ActiveSide, StoredActiveSide } from './hot-standby/application/ActiveSide.js';
import { AddHotStandby } from './hot-standby/application/AddHotStandby.js';
import { ChangeHotStandbyRoles } from './hot-standby/application/ChangeHotStandbyRoles.js';
import { CreateHotStandbyConditions } from './hot-standby/application/CreateHotStandbyConditions.js';
import { EnableHotStandbySide } from './hot-standby/application/EnableHotStandbySide.js';
import { GetHotStandbys } from './hot-standby/application/GetHotStandbys.js';
import { HandOverHotStandby } from './hot-standby/application/HandOverHotStandby.js';
import { HotStandbys } from './hot-standby/application/HotStandbys.js';
import { GetHotStandbyStatus } from './hot-standby/application/HotStandbyStatus.js';
import { RecoverHotStandby } from './hot-standby/application/RecoverHotStandby.js';
import { SetHotStandby } from './hot-standby/application/SetHotStandby.js';
import { StandbyLink } from './hot-standby/application/StandbyLink.js';
import { StandbyLinkFault } from './hot-standby/application/StandbyLinkFault.js';
import { GatewayFaultSwitch } from '../../shared/application/GatewayFaultSwitch.js';
import { StandbyRolesSetting } from './hot-standby/application/StandbyRolesSetting.js';
import { HotStandbyController } from './hot-standby/interface/http/HotStandbyController.js';

/** The high-availability context: hot standby objects (on the configuration graph) and the pair's role state machine. */
export function highAvailabilityModule(_options: ContextModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(StandbyRolesSetting).toSelf().inSingletonScope();
    bind(HotStandbys).toSelf().inSingletonScope();
    bind(ChangeHotStandbyRoles).toSelf().inSingletonScope();
    bind(GetHotStandbys).toSelf().inSingletonScope();
    bind(AddHotStandby).toSelf().inSingletonScope();
    bind(SetHotStandby).toSelf().inSingletonScope();
    bind(GetHotStandbyStatus).toSelf().inSingletonScope();
    bind(CreateHotStandbyConditions).toSelf().inSingletonScope();
    bind(HandOverHotStandby).toSelf().inSingletonScope();
    bind(RecoverHotStandby).toSelf().inSingletonScope();
    bind(EnableHotStandbySide).toSelf().inSingletonScope();
    bind(StandbyLink).toSelf().inSingletonScope();
    bind(StandbyLinkFault).toSelf().inSingletonScope();
    bind(GatewayFaultSwitch).toService(StandbyLinkFault);
    bind(StoredActiveSide).toSelf().inSingletonScope();
    bind(ActiveSide).toService(StoredActiveSide);
    bind(HotStandbyController).toSelf().inSingletonScope();
  });
}
