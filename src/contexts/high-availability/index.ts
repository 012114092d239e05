import { hotStandbyOperations } from './hot-standby/interface/http/hotStandbyOperations.js';

/** The high-availability context's public face: other contexts and the composition root import only this file. */
export { highAvailabilityModule } from './HighAvailabilityModule.js';
/** Which side of the lab's hot standby pair is active, for the simulator. */
export { ActiveSide } from './hot-standby/application/ActiveSide.js';
/** The simulated link between the two systems, for fault injection. */
export { StandbyLink } from './hot-standby/application/StandbyLink.js';
export type {
  HotStandbyEvent,
  HotStandbyRoleChanged,
  HotStandbySideEnabledChanged,
  LinkStatus,
  RoleState,
  Side,
} from './hot-standby/domain/StandbyRoles.js';

export const highAvailabilityOperations = [...hotStandbyOperations];
