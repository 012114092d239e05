export { monitoringModule, type MonitoringModuleOptions } from './MonitoringModule.js';
export { monitoringOperations } from './monitoringOperations.js';
/** The lab's call history, for whoever asks what a lab holds before it is replaced. */
export { QueryCallHistory } from './history/application/QueryCallHistory.js';
export { LoadGauge } from './resources/domain/LoadGauge.js';
/** The machine's strain (gateway faults diskFull, cpuOverload): the simulator's overload control reads the CPU load. */
export { MachineStrain, type Strain } from './resources/application/MachineStrain.js';
/** The monitor's write port for the session simulator, the records it takes, and the live-session count port. */
export { MonitorSinks, LiveSessions } from './history/application/MonitorSinks.js';
/** Another hearer of the SIP messages the simulator records (the simulation context binds its HEP capture). */
export { MessageTap } from './history/application/MessageTap.js';
export type {
  CallHistoryEntry,
  CallResult,
  DisconnectingSide,
  DtmfEntry,
  DtmfMethod,
  DtmfSource,
  LegRtpStatistics,
  MediaFigures,
  MessageDirection,
  OutboundAttempt,
  RecordingEntry,
  SipMessageEntry,
} from './history/domain/MonitorRecords.js';
export { CALL_RESULTS, DISCONNECTING_SIDES, MESSAGE_DIRECTIONS } from './history/domain/MonitorRecords.js';
/** The monitor component: whether it can be reached (a fault may switch it off), its store and its tuning. */
export {
  MonitorAvailability,
  MONITOR_UNAVAILABLE_TEXT,
  type MonitorStatus,
} from './history/application/MonitorAvailability.js';
export { MonitorTuning } from './history/application/MonitorTuning.js';
export { MonitorRetention } from './history/application/MonitorRetention.js';
/** For the composition root: the monitor store's DataSource token and schema. */
export { MonitorDatabase, MONITOR_SCHEMA } from './history/infrastructure/persistence/MonitorDatabase.js';
/** Rows held, dropped and waiting, for metrics (counters in memory). */
export { MonitorFigures, type MonitorFigureSet } from './history/application/MonitorFigures.js';
