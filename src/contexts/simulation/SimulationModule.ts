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
import { StoredTraffic } from './traffic/application/StoredTraffic.js';
import { SyntheticTransports } from './traffic/infrastructure/synthetic/SyntheticTransports.js';
import { LabTransports } from './traffic/infrastructure/socket/LabTransports.js';
import { SocketSipListening } from './traffic/infrastructure/socket/SocketSipListening.js';
import { SipLabs } from './traffic/infrastructure/socket/SipLabs.js';
import { SipService } from './traffic/infrastructure/socket/SipService.js';
import { SipLabLifecycle } from './traffic/infrastructure/socket/SipLabLifecycle.js';
import { NetworkFaults } from './traffic/application/NetworkFaults.js';
import { GatewayFaultSwitch } from '../../shared/application/GatewayFaultSwitch.js';
import { ActiveSessionsController } from './traffic/interface/http/ActiveSessionsController.js';
import { TrafficControlController } from './traffic/interface/http/TrafficControlController.js';
import { SipControlController } from './traffic/interface/http/SipControlController.js';
import { SipDefaults } from './traffic/application/SipDefaults.js';
import { SipListening } from './traffic/application/SipListening.js';
import { SipListeningLookup } from './traffic/application/SipListeningLookup.js';
import { StoredSip } from './traffic/application/StoredSip.js';

/** What the process says of the simulation (from its configuration). */
export interface SimulationModuleSettings {
  /** GWSIM_SIP / `gwsim serve --sip`: labs whose SIP setting was never set carry real SIP. Default off. */
  readonly sip?: boolean | undefined;
  /** GWSIM_SIP_HOST: the address the SIP listeners bind to. Default 127.0.0.1. */
  readonly sipHost?: string | undefined;
  /** The SIP transaction layer's T1 in ms (tests shorten the timers). Default 500. */
  readonly sipT1Ms?: number | undefined;
}

/**
 * The simulation context: the traffic engines of the labs (TrafficLabs, also the LiveSessions port) on the
 * session transport each lab is given (SessionTransports: synthetic traffic for every lab today), the gates'
 * snapshots, the pump that advances them to the clock (a BackgroundService), each lab's real-SIP setting, and the
 * controllers of the operations it answers. The engine keeps its calls in memory on both stores.
 */
export function simulationModule(_options: ContextModuleOptions, settings: SimulationModuleSettings = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    // every lab synthetic, behind the network its gateway faults leave (nodeDown, trunkDown, packetLoss)
    bind(SyntheticTransports).toSelf().inSingletonScope();
    bind(NetworkFaults).toSelf().inSingletonScope();
    bind(GatewayFaultSwitch).toService(NetworkFaults);
    // ... and around them, for the labs whose SIP is on, real SIP on the nodes' ports (a real caller may reach a
    // simulated far end, a synthetic caller a real one)
    bind(SessionTransports).to(LabTransports).inSingletonScope();
    bind(SipLabs).toSelf().inSingletonScope();
    bind(SocketSipListening).toSelf().inSingletonScope();
    bind(SipListening).toService(SocketSipListening);
    bind(SipService).toSelf().inSingletonScope();
    bind(GatewayGates).toSelf().inSingletonScope();
    bind(StoredTraffic).toSelf().inSingletonScope();
    bind(TrafficLabs).toSelf().inSingletonScope();
    bind(LiveSessions).toService(TrafficLabs);
    bind(TrafficPump).toSelf().inSingletonScope();
    bind(BackgroundService).toService(TrafficPump);
    bind(BackgroundService).toService(SipService);
    bind(ReadActiveSessions).toSelf().inSingletonScope();
    bind(RecordedSessions).toSelf().inSingletonScope();
    bind(ActiveSessionsController).toSelf().inSingletonScope();
    bind(TrafficControlController).toSelf().inSingletonScope();
    // real SIP: the labs' settings and their control endpoint; the socket adapter (SipListening, above) is looked up
    // per request, so a test may bind another
    bind(SipDefaults).toConstantValue(new SipDefaults(settings.sip === true, settings.sipHost, settings.sipT1Ms));
    bind(StoredSip).toSelf().inSingletonScope();
    bind(SipListeningLookup).toDynamicValue((context) => new SipListeningLookup(() => context.get(SipListening, { optional: true }))).inSingletonScope();
    bind(SipControlController).toSelf().inSingletonScope();
    bind(LabLifecycle).to(TrafficLabLifecycle).inSingletonScope();
    bind(LabLifecycle).to(SipLabLifecycle).inSingletonScope();
  });
}
