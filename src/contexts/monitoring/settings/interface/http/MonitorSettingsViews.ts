import { responseShape } from '../../../../../shared/interface/http/fieldShapes.js';
import { MONITOR_CALL_HISTORY_FIELDS, MONITOR_SIP_FLOW_FIELDS } from '../../domain/MonitorSettings.js';

export const MonitorCallHistoryConfigView = responseShape('MonitorCallHistoryConfig', MONITOR_CALL_HISTORY_FIELDS);

export const MonitorSipFlowConfigView = responseShape('MonitorSipFlowConfig', MONITOR_SIP_FLOW_FIELDS);
