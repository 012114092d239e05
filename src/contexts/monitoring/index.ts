export { monitoringModule } from './MonitoringModule.js';
export { monitoringOperations } from './monitoringOperations.js';
export { LoadGauge } from './resources/domain/LoadGauge.js';
/** The monitor's write port for the session simulator, the records it takes, and the live-session count port. */
export { MonitorSinks, LiveSessions } from './history/application/MonitorSinks.js';
export type {
  CallHistoryEntry, CallResult, DisconnectingSide, LegRtpStatistics, MessageDirection, OutboundAttempt, RecordingEntry, SipMessageEntry,
} from './history/domain/MonitorRecords.js';
export { CALL_RESULTS, DISCONNECTING_SIDES, MESSAGE_DIRECTIONS } from './history/domain/MonitorRecords.js';
