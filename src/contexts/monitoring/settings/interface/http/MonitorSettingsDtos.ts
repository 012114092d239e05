import { requestShape } from '../../../../../shared/interface/http/fieldShapes.js';
import { MONITOR_CALL_HISTORY_FIELDS, MONITOR_SIP_FLOW_FIELDS } from '../../domain/MonitorSettings.js';

/** The monitor's settings on the wire, made from their field lists: each set's body and each get's answer. */
export const MonitorCallHistoryConfigDto = requestShape('MonitorCallHistoryConfig', MONITOR_CALL_HISTORY_FIELDS);

export const MonitorSipFlowConfigDto = requestShape('MonitorSipFlowConfig', MONITOR_SIP_FLOW_FIELDS);
