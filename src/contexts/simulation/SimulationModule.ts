import { LabLifecycle } from '../../shared/application/LabLifecycle.js';
import { TrafficLabLifecycle } from './traffic/application/TrafficLabLifecycle.js';
import { ContainerModule } from 'inversify';
import { BackgroundService } from '../../shared/application/BackgroundService.js';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { LiveSessions } from '../monitoring/index.js';
import { GatewayGates } from './traffic/application/GatewayGates.js';
import { ReadActiveSessions } from './traffic/application/ReadActiveSessions.js';
import { RecordedSessions } from './traffic/application/RecordedSessions.js';
import { TrafficLabs } from './traffic/application/TrafficLabs.js';
import { SessionTransports } from './traffic/application/SessionTransports.js';
import { TrafficPump } from './traffic/application/TrafficPump.js';
import { SyntheticTransports } from './traffic/infrastructure/synthetic/SyntheticTransports.js';
import { ActiveSessionsController } from './traffic/interface/http/ActiveSessionsController.js';
import { TrafficControlController } from './traffic/interface/http/TrafficControlController.js';

/**
 * The simulation context: the traffic engines of the labs (TrafficLabs, also the LiveSessions port) on the
 * session transport each lab is given (SessionTransports: synthetic traffic for every lab today), the gates'
 * snapshots, the pump that advances them to the clock (a BackgroundService), and the controllers of the
 * operations it answers. The engine keeps its calls in memory on both stores.
 */
export function simulationModule(_options: ContextModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SessionTransports).to(SyntheticTransports).inSingletonScope();
    bind(GatewayGates).toSelf().inSingletonScope();
    bind(TrafficLabs).toSelf().inSingletonScope();
    bind(LiveSessions).toService(TrafficLabs);
    bind(TrafficPump).toSelf().inSingletonScope();
    bind(BackgroundService).toService(TrafficPump);
    bind(ReadActiveSessions).toSelf().inSingletonScope();
    bind(RecordedSessions).toSelf().inSingletonScope();
    bind(ActiveSessionsController).toSelf().inSingletonScope();
    bind(TrafficControlController).toSelf().inSingletonScope();
    bind(LabLifecycle).to(TrafficLabLifecycle).inSingletonScope();
  });
}
