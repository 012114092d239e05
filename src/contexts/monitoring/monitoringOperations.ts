import { operation } from '../../shared/interface/http/Operation.js';
import { DATE_FORMATS } from '../../shared/interface/http/WireDates.js';
import { ResourcesController } from './resources/interface/http/ResourcesController.js';
import { VersionController } from './version/interface/http/VersionController.js';
import { COMPONENTS } from './version/domain/ProductVersions.js';
import { RESOURCE_KINDS } from './resources/domain/ResourceUsage.js';
import { VersionView } from './version/interface/http/VersionView.js';
import { ResourceUsageView } from './resources/interface/http/ResourceUsageView.js';
import { CallHistoryController } from './history/interface/http/CallHistoryController.js';
import { CallHistoryFilterDto } from './history/interface/http/CallHistoryFilterDto.js';
import { CallHistoryView } from './history/interface/http/CallHistoryView.js';
import { CallHistoryExportController } from './history/interface/http/CallHistoryExportController.js';
import { MessageHistoryController, RESULT_FORMATS } from './history/interface/http/MessageHistoryController.js';
import { SipMessageEntryView } from './history/interface/http/MessageHistoryView.js';
import { RecordingController } from './history/interface/http/RecordingController.js';
import { MonitorSettingsController } from './settings/interface/http/MonitorSettingsController.js';
import {
  MonitorCallHistoryConfigView,
  MonitorSipFlowConfigView,
} from './settings/interface/http/MonitorSettingsViews.js';
import { MonitorCallHistoryConfigDto, MonitorSipFlowConfigDto } from './settings/interface/http/MonitorSettingsDtos.js';

const area = 'Version and system';
const monitoring = 'Monitoring and call history';

const dateFormat = {
  name: 'dateFormat',
  type: 'string',
  values: DATE_FORMATS,
  description: 'how times are written: XZWO (default, UTC yyyy-mm-dd hh:mm:ss) or ISO-8601',
} as const;

export const monitoringOperations = [
  operation({
    area,
    method: 'GET',
    path: '/api/version/get',
    version: 0,
    permissions: ['API'],
    body: 'none',
    summary:
      "Software versions of the gateway components (product selects one); monitor is a text status while the monitor can't be reached",
    query: [{ name: 'product', type: 'string', values: COMPONENTS, description: 'only this component' }],
    response: { kind: 'json', shape: VersionView },
    controller: VersionController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/resources/get',
    version: 0,
    permissions: ['API', 'MON-R'],
    body: 'none',
    summary: 'Disk, CPU and RAM use of the gateway machine, driven by the simulated load (value selects one)',
    query: [
      {
        name: 'value',
        type: 'string',
        values: RESOURCE_KINDS,
        description: 'only this resource: disk and ram in bytes, cpu in percent',
      },
    ],
    response: { kind: 'json', shape: ResourceUsageView },
    controller: ResourcesController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area: monitoring,
    method: 'POST',
    path: '/api/callHistory/get',
    version: 0,
    permissions: ['API', 'MON-R'],
    body: 'json',
    summary:
      'Finished calls matching a CallHistoryFilter, newest first, with the total matching (503 MONITOR_UNREACHABLE while the monitor cannot be reached)',
    query: [dateFormat],
    request: CallHistoryFilterDto,
    response: { kind: 'json', shape: CallHistoryView },
    controller: CallHistoryController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area: monitoring,
    method: 'GET',
    path: '/api/monitorCallHistoryConfig/get',
    version: 0,
    permissions: ['API', 'MON-R'],
    body: 'none',
    summary: 'Whether calls are kept in the call history and how many at most; its version as ETag',
    response: { kind: 'json', shape: MonitorCallHistoryConfigView },
    controller: MonitorSettingsController,
    handle: (c, r) => c.getCallHistory(r),
  }),
  operation({
    area: monitoring,
    method: 'POST',
    path: '/api/monitorCallHistoryConfig/set',
    version: 0,
    permissions: ['API', 'MON-W'],
    body: 'json',
    summary:
      'Replace the call history configuration (retention applies a lower maximum within seconds; If-Match: 409 STALE_VERSION when it changed since); answers it with its new ETag',
    request: MonitorCallHistoryConfigDto,
    response: { kind: 'json', shape: MonitorCallHistoryConfigView },
    controller: MonitorSettingsController,
    handle: (c, r) => c.setCallHistory(r),
  }),
  operation({
    area: monitoring,
    method: 'GET',
    path: '/api/monitorSipFlowConfig/get',
    version: 0,
    permissions: ['API', 'MON-R'],
    body: 'none',
    summary: 'Whether the SIP messages of calls are recorded and how much of each; its version as ETag',
    response: { kind: 'json', shape: MonitorSipFlowConfigView },
    controller: MonitorSettingsController,
    handle: (c, r) => c.getSipFlow(r),
  }),
  operation({
    area: monitoring,
    method: 'POST',
    path: '/api/monitorSipFlowConfig/set',
    version: 0,
    permissions: ['API', 'MON-W'],
    body: 'json',
    summary:
      'Replace the SIP flow configuration (recording off: no message is stored from then on; If-Match: 409 STALE_VERSION when it changed since); answers it with its new ETag',
    request: MonitorSipFlowConfigDto,
    response: { kind: 'json', shape: MonitorSipFlowConfigView },
    controller: MonitorSettingsController,
    handle: (c, r) => c.setSipFlow(r),
  }),
  operation({
    area: monitoring,
    method: 'GET',
    path: '/api/messageHistory',
    version: 0,
    permissions: ['API', 'MON-R'],
    body: 'none',
    summary:
      "A session's SIP messages: resultFormat details (JSON array, the default; the schema below), pcap (application/vnd.tcpdump.pcap download), " +
      'textFlow and textMessages (text/plain), HTML (one self-contained page); 404 for an unknown session, 503 MONITOR_UNREACHABLE while the monitor cannot be reached',
    query: [
      { name: 'filterSessionIdentifier', type: 'string', required: true, description: 'the session' },
      {
        name: 'filterSystemIdentifier',
        type: 'string',
        description: 'only the messages this system (of a hot standby pair) carried',
      },
      {
        name: 'resultFormat',
        type: 'string',
        values: RESULT_FORMATS,
        description: 'details (default), pcap, textFlow, textMessages or HTML',
      },
      dateFormat,
    ],
    response: { kind: 'json', shape: SipMessageEntryView, array: true },
    controller: MessageHistoryController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area: monitoring,
    method: 'POST',
    path: '/app/monitor/callhistory/export/v0',
    version: 0,
    permissions: ['API', 'MON-R'],
    body: 'form',
    summary:
      'The call history of a period rendered through a FreeMarker-style template over {sessions} (form fields filterDateTimePeriod, filterCount, ' +
      'filterSystemIdentifier, template); an HTML page saying so, with 200, while the monitor cannot be reached',
    response: { kind: 'text' },
    controller: CallHistoryExportController,
    handle: (c, r) => c.export(r),
  }),
  operation({
    area: monitoring,
    method: 'GET',
    path: '/app/monitor/callhistory/recording/v0',
    version: 0,
    permissions: ['API', 'TRC'],
    body: 'none',
    summary:
      'A recorded call as a WAV file (file=<recordingId>.wav), synthesised from the recording kept by the monitor',
    query: [{ name: 'file', type: 'string', required: true, description: 'the recording id followed by .wav' }],
    response: { kind: 'file', contentType: 'audio/wav' },
    controller: RecordingController,
    handle: (c, r) => c.get(r),
  }),
];
