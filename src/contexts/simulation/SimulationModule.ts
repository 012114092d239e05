import { ContainerModule } from 'inversify';
import { BackgroundService } from '../../shared/application/BackgroundService.js';
import { GatewayFaultSwitch } from '../../shared/application/GatewayFaultSwitch.js';
import { LabLifecycle } from '../../shared/application/LabLifecycle.js';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { LiveSessions, MessageTap } from '../monitoring/index.js';
// calls: the engines, the gateway, the session transport port
import { GatewayGates } from './calls/application/GatewayGates.js';
import { ReadActiveSessions } from './calls/application/ReadActiveSessions.js';
import { RecordedSessions } from './calls/application/RecordedSessions.js';
import { SessionTransports } from './calls/application/SessionTransports.js';
import { StoredTraffic } from './calls/application/StoredTraffic.js';
import { TrafficLabLifecycle } from './calls/application/TrafficLabLifecycle.js';
import { PlaceCall } from './calls/application/PlaceCall.js';
import { TrafficLabs } from './calls/application/TrafficLabs.js';
import { TrafficPump } from './calls/application/TrafficPump.js';
import { ActiveSessionsController } from './calls/interface/http/ActiveSessionsController.js';
import { ReadDashboard } from './dashboard/application/ReadDashboard.js';
import { DashboardController } from './dashboard/interface/http/DashboardController.js';
import { TrafficControlController } from './calls/interface/http/TrafficControlController.js';
// synthetic traffic and the network around the gateway
import { SyntheticTransports } from './synthetic/infrastructure/SyntheticTransports.js';
import { NetworkFaults } from './network/application/NetworkFaults.js';
// real SIP
import { SipDefaults } from './sip/application/SipDefaults.js';
import { SipListening } from './sip/application/SipListening.js';
import { SipListeningLookup } from './sip/application/SipListeningLookup.js';
import { StoredSip } from './sip/application/StoredSip.js';
import { LabTransports } from './sip/infrastructure/LabTransports.js';
import { SipLabLifecycle } from './sip/infrastructure/SipLabLifecycle.js';
import { SipLabs } from './sip/infrastructure/SipLabs.js';
import { SipService } from './sip/infrastructure/SipService.js';
import { SocketSipListening } from './sip/infrastructure/SocketSipListening.js';
import { SimulatedTrunkLabs } from './sip/infrastructure/trunks/SimulatedTrunkLabs.js';
import { SipControlController } from './sip/interface/http/SipControlController.js';
// HEP: the labs' SIP messages to a collector
import { HepCapture } from './hep/application/HepCapture.js';
import { HepCaptureService } from './hep/application/HepCaptureService.js';
import { HepLabLifecycle } from './hep/application/HepLabLifecycle.js';
import { HepSenders } from './hep/application/HepSender.js';
import { StoredHep } from './hep/application/StoredHep.js';
import { SocketHepSenders } from './hep/infrastructure/SocketHepSenders.js';
import { HepControlController } from './hep/interface/http/HepControlController.js';

/** What the process says of the simulation (from its configuration). */
export interface SimulationModuleSettings {
  /** GWSIM_SIP / `gwsim serve --sip`: labs whose SIP setting was never set carry real SIP. Default off. */
  readonly sip?: boolean | undefined;
  /** GWSIM_SIP_HOST: the address the SIP listeners bind to. Default 127.0.0.1. */
  readonly sipHost?: string | undefined;
  /**
   * GWSIM_SIP_ADVERTISE, or the address the composition root chose for a wildcard bind: what the listeners write where
   * they name themselves (Via, Contact, SDP). Default: the address each listener is bound to.
   */
  readonly sipAdvertise?: string | undefined;
  /** The SIP transaction layer's T1 in ms (tests shorten the timers). Default 500. */
  readonly sipT1Ms?: number | undefined;
  /** Worker threads relaying RTP (GWSIM_MEDIA_WORKERS; 0: the SIP thread itself). Default 1. */
  readonly mediaWorkers?: number | undefined;
}

/**
 * The simulation context: the traffic engines of the labs (calls/: TrafficLabs, also the LiveSessions port) on the
 * session transport each lab is given (SessionTransports, bound to sip/'s LabTransports: real SIP beside the
 * synthetic/ traffic, behind the network/ its faults leave), the gates' snapshots, the pump that advances them to
 * the clock (a BackgroundService), each lab's real-SIP setting, and the controllers of the operations it answers.
 * The engine keeps its calls in memory on both stores.
 */
export function simulationModule(
  _options: ContextModuleOptions,
  settings: SimulationModuleSettings = {},
): ContainerModule {
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
    // the trunks of simulated far ends, on the lab's clock and its faults (the real ones are SipLabs' own)
    bind(SimulatedTrunkLabs).toSelf().inSingletonScope();
    bind(GatewayGates).toSelf().inSingletonScope();
    bind(StoredTraffic).toSelf().inSingletonScope();
    bind(TrafficLabs).toSelf().inSingletonScope();
    bind(LiveSessions).toService(TrafficLabs);
    // each lab's SIP messages as HEP3 to its collector, tapped from the monitor's sinks; the settings are read at the
    // start before the pump resumes the traffic
    bind(StoredHep).toSelf().inSingletonScope();
    bind(HepSenders).to(SocketHepSenders).inSingletonScope();
    bind(HepCapture).toSelf().inSingletonScope();
    bind(MessageTap).toService(HepCapture);
    bind(HepCaptureService).toSelf().inSingletonScope();
    bind(BackgroundService).toService(HepCaptureService);
    bind(HepControlController).toSelf().inSingletonScope();
    bind(LabLifecycle).to(HepLabLifecycle).inSingletonScope();
    bind(TrafficPump).toSelf().inSingletonScope();
    bind(BackgroundService).toService(TrafficPump);
    bind(BackgroundService).toService(SipService);
    bind(BackgroundService).toService(SimulatedTrunkLabs);
    bind(ReadActiveSessions).toSelf().inSingletonScope();
    bind(RecordedSessions).toSelf().inSingletonScope();
    bind(ActiveSessionsController).toSelf().inSingletonScope();
    bind(ReadDashboard).toSelf().inSingletonScope();
    bind(DashboardController).toSelf().inSingletonScope();
    bind(PlaceCall).toSelf().inSingletonScope();
    bind(TrafficControlController).toSelf().inSingletonScope();
    // real SIP: the labs' settings and their control endpoint; the socket adapter (SipListening, above) is looked up
    // per request, so a test may bind another
    bind(SipDefaults).toConstantValue(
      new SipDefaults(
        settings.sip === true,
        settings.sipHost,
        settings.sipT1Ms,
        settings.sipAdvertise,
        settings.mediaWorkers,
      ),
    );
    bind(StoredSip).toSelf().inSingletonScope();
    bind(SipListeningLookup)
      .toDynamicValue((context) => new SipListeningLookup(() => context.get(SipListening, { optional: true })))
      .inSingletonScope();
    bind(SipControlController).toSelf().inSingletonScope();
    bind(LabLifecycle).to(TrafficLabLifecycle).inSingletonScope();
    bind(LabLifecycle).to(SipLabLifecycle).inSingletonScope();
  });
}
