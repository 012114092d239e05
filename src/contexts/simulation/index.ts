/** The simulation context's public face: other contexts and the composition root import only this file. */
export { simulationModule, type SimulationModuleSettings } from './SimulationModule.js';
export { simulationOperations, simulationControlOperations } from './simulationOperations.js';
/** The labs' traffic: start, stop and profile (the demo and the control endpoint drive it), sessions in progress. */
export { TrafficLabs, type TrafficState } from './calls/application/TrafficLabs.js';
export { StoredTraffic, type TrafficIntent } from './calls/application/StoredTraffic.js';
export {
  DEFAULT_TRAFFIC_PROFILE,
  trafficProfile,
  type TrafficProfile,
  type TrafficProfileInput,
} from './calls/domain/TrafficProfile.js';
export { parseTrafficProfile } from './calls/interface/http/TrafficControlController.js';
/** Real SIP on the nodes' ports: each lab's setting, the port the socket adapter implements, the process's defaults. */
export {
  SipListening,
  type SipListenerView,
  type SipListeningState,
  type SipMediaState,
  type SipBlockView,
  type SipBlockFilter,
  type SipNodePeersView,
} from './sip/application/SipListening.js';
export { StoredSip, type SipSettingSnapshot, type SipSettingChange } from './sip/application/StoredSip.js';
export { SipDefaults, DEFAULT_SIP_HOST } from './sip/application/SipDefaults.js';
export {
  DEFAULT_SETUP_TIMEOUT_SECONDS,
  farEndIsReal,
  farEndOf,
  isLoopbackHost,
  defaultSipSetting,
  sipSetting,
  type SipSetting,
  type SipSettingInput,
  type FarEnd,
  type OutsidePeers,
} from './sip/domain/SipSetting.js';
export { DEFAULT_REGISTRAR_GUARD, type RegistrarGuardSettings } from './sip/domain/RegistrarGuardSettings.js';
/** Each lab's SIP messages as HEP3 to a collector: the capture (its totals for the metrics) and the stored setting. */
export { HepCapture, type HepState, type HepTotals } from './hep/application/HepCapture.js';
export { StoredHep } from './hep/application/StoredHep.js';
export {
  DEFAULT_HEP_SETTING,
  hepSetting,
  type HepSetting,
  type HepSettingInput,
  type HepTransport,
} from './hep/domain/HepSetting.js';
