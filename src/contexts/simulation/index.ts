/** The simulation context's public face: other contexts and the composition root import only this file. */
export { simulationModule } from './SimulationModule.js';
export { simulationOperations, simulationControlOperations } from './traffic/interface/http/simulationOperations.js';
/** The labs' traffic: start, stop and profile (the demo and the control endpoint drive it), sessions in progress. */
export { TrafficLabs, type TrafficState } from './traffic/application/TrafficLabs.js';
export { DEFAULT_TRAFFIC_PROFILE, trafficProfile, type TrafficProfile, type TrafficProfileInput } from './traffic/domain/TrafficProfile.js';
export { parseTrafficProfile } from './traffic/interface/http/TrafficControlController.js';
