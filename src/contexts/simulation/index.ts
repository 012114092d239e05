/** The simulation context's public face: other contexts and the composition root import only this file. */
export { simulationModule, type SimulationModuleSettings } from './SimulationModule.js';
export { simulationOperations, simulationControlOperations } from './traffic/interface/http/simulationOperations.js';
/** The labs' traffic: start, stop and profile (the demo and the control endpoint drive it), sessions in progress. */
export { TrafficLabs, type TrafficState } from './traffic/application/TrafficLabs.js';
export { StoredTraffic, type TrafficIntent } from './traffic/application/StoredTraffic.js';
export { DEFAULT_TRAFFIC_PROFILE, trafficProfile, type TrafficProfile, type TrafficProfileInput } from './traffic/domain/TrafficProfile.js';
export { parseTrafficProfile } from './traffic/interface/http/TrafficControlController.js';
/** Real SIP on the nodes' ports: each lab's setting, the port the socket adapter implements, the process's defaults. */
export { SipListening, type SipListenerView, type SipListeningState } from './traffic/application/SipListening.js';
export { StoredSip, type SipSettingSnapshot, type SipSettingChange } from './traffic/application/StoredSip.js';
export { SipDefaults, DEFAULT_SIP_HOST } from './traffic/application/SipDefaults.js';
export { farEndIsReal, farEndOf, isLoopbackHost, defaultSipSetting, sipSetting, type SipSetting, type SipSettingInput, type FarEnd } from './traffic/domain/SipSetting.js';
