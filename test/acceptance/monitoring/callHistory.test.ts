import { expect } from 'chai';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { MonitorRepository } from '../../../src/contexts/monitoring/history/application/MonitorRepository.js';
import { MonitorAvailability } from '../../../src/contexts/monitoring/index.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { MonitorRecordMother } from '../../support/MonitorRecordMother.js';
import { TestGateway } from '../../support/TestGateway.js';

const LAB = 'default' as LabId;

describe('call history and the monitor over HTTP', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let sinks: BatchingMonitorSinks;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    sinks = gateway.get(BatchingMonitorSinks);
    const calls = MonitorRecordMother.calls(150, new Date('2026-03-01T08:00:00Z'), (i) => ({
      inboundNodeId: i % 2 === 0 ? 'node-pbx' : 'node-teams',
      outboundNodeId: i % 3 === 0 ? 'node-carrier-b' : 'node-carrier-a',
      result: i % 10 === 0 ? 'BUSY' : 'ANSWERED',
      sipStatusCode: i % 10 === 0 ? 486 : 200,
      outboundDestinationDialString: `+4930${String(5000 + i)}`,
    }));
    for (const call of calls) sinks.recordCall(LAB, call);
    for (const call of calls.slice(0, 20))
      sinks.recordMessages(LAB, MonitorRecordMother.messages(call.sessionIdentifier));
    await sinks.flush();
  });
  after(() => gateway.stop());
  afterEach(() => {
    gateway.get(MonitorAvailability).setUnreachable(LAB, undefined);
  });

  describe('POST /api/callHistory/get', () => {
    it('answers the newest 100 calls with the total, entries named as the real product names them', async () => {
      const { status, json } = await admin.post('/api/callHistory/get', { json: {} });
      expect(status).to.equal(200);
      expect(json.totalCount).to.equal(150);
      expect(json.entries).to.have.length(100);
      const [newest] = json.entries;
      expect(newest).to.include({
        sessionIdentifier: 'session-000149',
        startDateTime: 'UTC 2026-03-01 08:02:29',
        inboundSourceDialString: '2049',
        inboundDestinationDialString: '00493012345678',
        outboundSourceDialString: '+4930987652001',
        outboundDestinationDialString: '+49305149',
        result: 'ANSWERED',
        sipStatusCode: 200,
        q850Cause: 16,
        durationSeconds: 61,
        routeName: 'National',
      });
      expect(newest, 'no recording: left out, never null').to.not.have.property('recordingId');
      expect(newest.inbound).to.deep.equal({
        codec: 'PCMA',
        packetsSent: 3050,
        packetsReceived: 3048,
        packetsLost: 2,
        lossOccurrences: 1,
        jitterMs: 3.5,
        figures: 'modelled',
      });
      expect(newest.dtmf).to.deep.equal([]);
      expect(newest.attempts).to.have.length(1);
    });

    it('writes times as ISO-8601 with dateFormat=ISO-8601', async () => {
      const { json } = await admin.post('/api/callHistory/get', {
        query: { dateFormat: 'ISO-8601' },
        json: { count: 1 },
      });
      expect(json.entries[0].startDateTime).to.equal('2026-03-01T08:02:29.000Z');
      expect(json.entries[0].connectDateTime).to.equal('2026-03-01T08:02:32.200Z');
    });

    it('filters by time window, dial strings (inbound or outbound), node, result and status, and pages', async () => {
      const window = await admin.post('/api/callHistory/get', {
        json: { startDateTimeFrom: '2026-03-01T08:01:00Z', startDateTimeTo: 'UTC 2026-03-01 08:01:10' },
      });
      expect(window.json.totalCount).to.equal(10);
      expect(window.json.entries.map((e: { sessionIdentifier: string }) => e.sessionIdentifier).at(-1)).to.equal(
        'session-000060',
      );

      const outbound = await admin.post('/api/callHistory/get', {
        json: { destinationDialString: '+4930510', count: 3 },
      });
      expect(outbound.json.totalCount).to.equal(10);
      expect(
        outbound.json.entries.map((e: { outboundDestinationDialString: string }) => e.outboundDestinationDialString),
      ).to.deep.equal(['+49305109', '+49305108', '+49305107']);

      const inbound = await admin.post('/api/callHistory/get', {
        json: { sourceDialString: '2001', dialStringMatchMode: 'exact' },
      });
      expect(inbound.json.totalCount).to.equal(2); // calls 1 and 101

      const busyOnCarrierB = await admin.post('/api/callHistory/get', {
        json: { nodeId: 'node-carrier-b', result: 'BUSY', sipStatusCode: 486 },
      });
      expect(busyOnCarrierB.json.entries.map((e: { sessionIdentifier: string }) => e.sessionIdentifier)).to.deep.equal([
        'session-000120',
        'session-000090',
        'session-000060',
        'session-000030',
        'session-000000',
      ]);

      const page = await admin.post('/api/callHistory/get', { json: { offset: 140, count: 50 } });
      expect(page.json).to.deep.include({ totalCount: 150 });
      expect(page.json.entries).to.have.length(10);
    });

    it('refuses a bad filter with a 400 naming the field', async () => {
      expectError(await admin.post('/api/callHistory/get', { json: { count: 10_001 } }), 400, undefined);
      expect(
        (await admin.post('/api/callHistory/get', { json: { count: 10_001 } })).json.error.details[0].field,
      ).to.equal('count');
      const badTime = await admin.post('/api/callHistory/get', { json: { startDateTimeFrom: 'yesterday' } });
      expectError(badTime, 400, 'INVALID_CALL_HISTORY_FILTER');
      expect(badTime.json.error.details[0].field).to.equal('startDateTimeFrom');
      const order = await admin.post('/api/callHistory/get', {
        json: { startDateTimeFrom: '2026-03-02T00:00:00Z', startDateTimeTo: '2026-03-01T00:00:00Z' },
      });
      expectError(order, 400, 'INVALID_CALL_HISTORY_FILTER');
      const mode = await admin.post('/api/callHistory/get', {
        json: { sourceDialString: '1', dialStringMatchMode: 'regex' },
      });
      expectError(mode, 400);
      expect(mode.json.error.details[0].field).to.equal('dialStringMatchMode');
      const nul = await admin.post('/api/callHistory/get', { json: { sessionIdentifier: 'a\u0000b' } });
      expectError(nul, 400);
      expectError(await admin.post('/api/callHistory/get', { json: { calls: 1 } }), 400);
    });

    it('answers 503 MONITOR_UNREACHABLE while the monitor cannot be reached, and version shows monitor as a text status', async () => {
      gateway.get(MonitorAvailability).setUnreachable(LAB, 'switched off by a test');
      const response = await admin.post('/api/callHistory/get', { json: {} });
      expectError(response, 503, 'MONITOR_UNREACHABLE');
      expect(response.json.error.message).to.contain('switched off by a test');
      const version = await admin.get('/api/version/get');
      expect(version.json.monitor).to.equal('Service Unavailable');
      expect(version.json.core).to.have.keys('versionMajor', 'versionMinor', 'versionRelease');
      expect((await admin.get('/api/version/get', { query: { product: 'monitor' } })).json).to.deep.equal({
        monitor: 'Service Unavailable',
      });
      gateway.get(MonitorAvailability).setUnreachable(LAB, undefined);
      expect((await admin.get('/api/version/get')).json.monitor).to.have.keys(
        'versionMajor',
        'versionMinor',
        'versionRelease',
      );
      expect((await admin.post('/api/callHistory/get', { json: {} })).status).to.equal(200);
    });
  });

  describe('monitorCallHistoryConfig and monitorSipFlowConfig', () => {
    it('answer the defaults, then what was set, with an ETag', async () => {
      const history = await admin.get('/api/monitorCallHistoryConfig/get');
      expect(history.json).to.deep.equal({ enabled: true, maximumRecords: 500_000 });
      expect(history.headers.get('etag')).to.be.a('string');
      const flow = await admin.get('/api/monitorSipFlowConfig/get');
      expect(flow.json).to.deep.equal({ enabled: true, maximumMessageLength: 16_384 });

      const set = await admin.post('/api/monitorCallHistoryConfig/set', {
        json: { enabled: true, maximumRecords: 20_000 },
      });
      expect(set.status).to.equal(200);
      expect(set.json).to.deep.equal({ enabled: true, maximumRecords: 20_000 });
      expect((await admin.get('/api/monitorCallHistoryConfig/get')).json.maximumRecords).to.equal(20_000);
      const stale = await admin.post('/api/monitorCallHistoryConfig/set', {
        json: { enabled: true, maximumRecords: 30_000 },
        headers: { 'if-match': history.headers.get('etag')! },
      });
      expectError(stale, 409, 'STALE_VERSION');
    });

    it('refuse values out of bounds with a 400 naming the field', async () => {
      const low = await admin.post('/api/monitorCallHistoryConfig/set', {
        json: { enabled: true, maximumRecords: 9_999 },
      });
      expectError(low, 400, 'INVALID_MONITOR_CALL_HISTORY_CONFIG');
      expect(low.json.error.details[0].field).to.equal('maximumRecords');
      expect(low.json.error.message).to.contain('10000 to 2147483647');
      const missing = await admin.post('/api/monitorSipFlowConfig/set', { json: { enabled: false } });
      expectError(missing, 400);
      expect(missing.json.error.details[0].field).to.equal('maximumMessageLength');
    });

    it('SIP flow recording off: the simulator is told, and no message is stored', async () => {
      const store = gateway.get(MonitorRepository);
      const before = store.usage(LAB).messages;
      await admin.post('/api/monitorSipFlowConfig/set', { json: { enabled: false, maximumMessageLength: 16_384 } });
      expect(sinks.keepsMessages(LAB)).to.equal(false);
      sinks.recordMessages(LAB, MonitorRecordMother.messages('after-off'));
      await sinks.flush();
      expect(store.usage(LAB).messages).to.equal(before);
      await admin.post('/api/monitorSipFlowConfig/set', { json: { enabled: true, maximumMessageLength: 16_384 } });
      expect(sinks.keepsMessages(LAB)).to.equal(true);
    });
  });

  describe('GET /api/resources/get', () => {
    it('grows disk with the bytes the monitor stores', async () => {
      const idle = (await admin.get('/api/resources/get')).json;
      const store = gateway.get(MonitorRepository);
      const stored = store.usage(LAB).bytes;
      expect(stored).to.be.greaterThan(150 * 500);
      for (const call of MonitorRecordMother.calls(200, new Date('2026-03-02T08:00:00Z'), (i) => ({
        sessionIdentifier: `more-${i}`,
      })))
        sinks.recordCall(LAB, call);
      await sinks.flush();
      const after = (await admin.get('/api/resources/get', { query: { value: 'disk' } })).json;
      expect(after.disk.used - idle.disk.used).to.equal(store.usage(LAB).bytes - stored);
    });
  });
});
