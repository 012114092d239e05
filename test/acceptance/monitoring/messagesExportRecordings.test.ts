import { expect } from 'chai';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { MonitorAvailability } from '../../../src/contexts/monitoring/index.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { MonitorRecordMother } from '../../support/MonitorRecordMother.js';
import { TestGateway } from '../../support/TestGateway.js';

const LAB = 'default' as LabId;
const SESSION = 'f1c2a3b4-0001-4000-8000-000000000001';
const DETAIL_FIELDS = [
  'message',
  'messageLength',
  'messageType',
  'protocol',
  'direction',
  'truncated',
  'sessionIdentifier',
  'systemIdentifier',
  'callIndex',
  'sourceIpAddress',
  'destinationIpAddress',
  'sourcePort',
  'destinationPort',
  'time',
  'timezoneSeconds',
  'timestamp',
];
const EXAMPLE_TEMPLATE =
  '[<#list sessions as session>{"start":"${session.startDateTime}","from":"${session.inboundSourceDialString?json_string}","id":"${session.sessionIdentifier}"}<#sep>,</#sep></#list>]';

async function bytes(
  client: ApiClient,
  pathname: string,
  query: Record<string, string>,
): Promise<{ status: number; type: string | null; disposition: string | null; body: Buffer }> {
  const url = new URL(pathname, client.baseUrl);
  url.searchParams.set('version', '0');
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const response = await fetch(url, {
    headers: { authorization: `Basic ${Buffer.from('anadmin:anadmin-test-Pw1!').toString('base64')}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describe('SIP message history, the call history export and recordings over HTTP', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    const sinks = gateway.get(BatchingMonitorSinks);
    sinks.recordCall(LAB, MonitorRecordMother.call({ recordingId: 'rec-0001' }));
    sinks.recordMessages(LAB, MonitorRecordMother.messages(SESSION));
    sinks.recordMessages(
      LAB,
      MonitorRecordMother.messages(SESSION, Date.parse('2026-03-01T08:00:00.500Z') * 1000, 'gw-b').slice(0, 2),
    );
    sinks.recordRecording(LAB, MonitorRecordMother.recording());
    sinks.recordCall(
      LAB,
      MonitorRecordMother.call({
        sessionIdentifier: 'unrecorded-flow',
        startDateTime: new Date('2026-02-27T10:00:00Z'),
        inboundSourceDialString: 'say "hi" \\ <x>',
      }),
    );
    for (const call of MonitorRecordMother.calls(3, new Date('2026-01-15T09:00:00Z'), (i) => ({
      sessionIdentifier: `january-${i}`,
    })))
      sinks.recordCall(LAB, call);
    await sinks.flush();
  });
  after(() => gateway.stop());
  afterEach(() => {
    gateway.get(MonitorAvailability).setUnreachable(LAB, undefined);
  });

  describe('GET /api/messageHistory', () => {
    it("answers the session's messages as details by default: exactly the specification's fields, in time order", async () => {
      const { status, json } = await admin.get('/api/messageHistory', {
        query: { filterSessionIdentifier: SESSION, dateFormat: 'ISO-8601' },
      });
      expect(status).to.equal(200);
      expect(json).to.have.length(9);
      for (const entry of json) expect(Object.keys(entry)).to.have.members(DETAIL_FIELDS);
      expect(json.map((m: { messageType: string }) => m.messageType).slice(0, 4)).to.deep.equal([
        'INVITE',
        '100 Trying',
        '180 Ringing',
        'INVITE',
      ]);
      expect(json[0]).to.include({
        direction: 'received',
        protocol: 'UDP',
        truncated: false,
        sessionIdentifier: SESSION,
        systemIdentifier: 'gw-a',
        callIndex: 0,
        sourceIpAddress: '192.0.2.10',
        sourcePort: 5060,
        destinationIpAddress: '192.0.2.1',
        destinationPort: 5060,
        time: '2026-03-01T08:00:00.000Z',
        timezoneSeconds: 0,
        timestamp: Date.parse('2026-03-01T08:00:00Z'),
      });
      expect(json[0].message).to.match(/^INVITE sip:00493012345678@192\.0\.2\.1 SIP\/2\.0\r\n/);
      expect(json[0].messageLength).to.equal(json[0].message.length);
    });

    it('narrows to one system with filterSystemIdentifier', async () => {
      const { json } = await admin.get('/api/messageHistory', {
        query: { filterSessionIdentifier: SESSION, filterSystemIdentifier: 'gw-b', resultFormat: 'details' },
      });
      expect(json.map((m: { systemIdentifier: string }) => m.systemIdentifier)).to.deep.equal(['gw-b', 'gw-b']);
    });

    it('writes the messages as a pcap file (tshark reads it: test/e2e/sip/historyPcapDecodes.test.ts)', async () => {
      const pcap = await bytes(admin, '/api/messageHistory', {
        filterSessionIdentifier: SESSION,
        filterSystemIdentifier: 'gw-a',
        resultFormat: 'pcap',
      });
      expect(pcap.status).to.equal(200);
      expect(pcap.type).to.equal('application/vnd.tcpdump.pcap');
      expect(pcap.disposition).to.contain(`filename="${SESSION}.pcap"`);
      expect(pcap.body.readUInt32LE(0)).to.equal(0xa1b2c3d4);
    });

    it('draws the flow as text, lists the messages as text, and makes one HTML page of both', async () => {
      const flow = await admin.get('/api/messageHistory', {
        query: { filterSessionIdentifier: SESSION, filterSystemIdentifier: 'gw-a', resultFormat: 'textFlow' },
      });
      expect(flow.headers.get('content-type')).to.match(/^text\/plain/);
      expect(flow.text)
        .to.contain('192.0.2.10:5060')
        .and.contain('192.0.2.1:5060')
        .and.contain('INVITE (SDP)')
        .and.contain('180 Ringing');
      const listing = await admin.get('/api/messageHistory', {
        query: { filterSessionIdentifier: SESSION, resultFormat: 'textMessages' },
      });
      expect(listing.text).to.contain('BYE sip:gw@192.0.2.1:5060 SIP/2.0');
      const page = await admin.get('/api/messageHistory', {
        query: { filterSessionIdentifier: SESSION, filterSystemIdentifier: 'gw-a', resultFormat: 'HTML' },
      });
      expect(page.headers.get('content-type')).to.match(/^text\/html/);
      expect(page.text).to.match(/^<!DOCTYPE html>/i);
      expect(page.text.match(/href="#msg-\d+"/g)).to.have.length(7);
      expect(page.text).to.not.match(/(src|href)="https?:/);
    });

    it('answers no messages for a known call whose flow was not recorded, 404 for an unknown session, 400 without the session', async () => {
      expect(
        (await admin.get('/api/messageHistory', { query: { filterSessionIdentifier: 'unrecorded-flow' } })).json,
      ).to.deep.equal([]);
      const unknown = await admin.get('/api/messageHistory', { query: { filterSessionIdentifier: 'no-such-session' } });
      expectError(unknown, 404, 'SESSION_NOT_FOUND');
      expect(unknown.json.error.message).to.contain('no-such-session');
      const missing = await admin.get('/api/messageHistory', { query: { resultFormat: 'pcap' } });
      expectError(missing, 400);
      expect(missing.json.error.message).to.contain('filterSessionIdentifier');
      expectError(
        await admin.get('/api/messageHistory', { query: { filterSessionIdentifier: SESSION, resultFormat: 'json' } }),
        400,
      );
      for (const query of [
        { filterSessionIdentifier: 'a\u0000b' },
        { filterSessionIdentifier: SESSION, filterSystemIdentifier: 'a\u0000b' },
      ]) {
        const nul = await admin.get('/api/messageHistory', { query });
        expectError(nul, 400, 'INVALID_QUERY');
        expect(nul.json.error.details[0].field).to.equal(Object.keys(query).at(-1));
      }
    });

    it('answers 503 MONITOR_UNREACHABLE while the monitor cannot be reached', async () => {
      gateway.get(MonitorAvailability).setUnreachable(LAB, 'switched off by a test');
      expectError(
        await admin.get('/api/messageHistory', { query: { filterSessionIdentifier: SESSION } }),
        503,
        'MONITOR_UNREACHABLE',
      );
    });
  });

  describe('POST /app/monitor/callhistory/export/v0', () => {
    it("renders this month's calls through the template (the real product's example), newest first", async () => {
      const response = await admin.post('/app/monitor/callhistory/export/v0', {
        form: { filterDateTimePeriod: 'THIS_MONTH', filterCount: '100', template: EXAMPLE_TEMPLATE },
      });
      expect(response.status).to.equal(200);
      expect(JSON.parse(response.text)).to.deep.equal([{ start: '2026-03-01T08:00:00Z', from: '2001', id: SESSION }]);
    });

    it('takes the other periods, a count, a system, and formats dates and escapes text as told', async () => {
      const render = async (form: Record<string, string>) =>
        (await admin.post('/app/monitor/callhistory/export/v0', { form })).text;
      const ids = '<#list sessions as s>${s.sessionIdentifier}<#sep>,</#sep></#list>';
      expect(await render({ filterDateTimePeriod: 'LAST_MONTH', template: ids })).to.equal('unrecorded-flow');
      expect(await render({ filterDateTimePeriod: 'ALL', filterCount: '3', template: ids })).to.equal(
        `${SESSION},unrecorded-flow,january-2`,
      );
      expect(await render({ filterDateTimePeriod: 'ALL', filterSystemIdentifier: 'gw-b', template: ids })).to.equal('');
      expect(await render({ filterDateTimePeriod: 'TODAY', template: ids })).to.equal(SESSION);
      expect(await render({ filterDateTimePeriod: 'YESTERDAY', template: ids })).to.equal('');
      expect(
        await render({
          filterDateTimePeriod: 'LAST_MONTH',
          template:
            '<#list sessions as s>${s.startDateTime?string("yyyy-MM-dd HH:mm:ss")} ${s.inboundSourceDialString?json_string} ${s.durationSeconds?c}</#list>',
        }),
      ).to.equal('2026-02-27 10:00:00 say \\"hi\\" \\\\ <x> 61');
    });

    it('refuses a broken template with a 400 naming template, its line and column, and bad form fields naming them', async () => {
      const broken = await admin.post('/app/monitor/callhistory/export/v0', {
        form: { template: 'x\n<#list sessions as s>${s.nope}' },
      });
      expectError(broken, 400, 'INVALID_TEMPLATE');
      expect(broken.json.error.details[0].field).to.equal('template');
      expect(broken.json.error.details[0].message).to.match(/^line 2, column \d+: /);
      const missing = await admin.post('/app/monitor/callhistory/export/v0', {
        form: { template: '<#list sessions as s>${s.nope}</#list>', filterDateTimePeriod: 'ALL' },
      });
      expectError(missing, 400, 'INVALID_TEMPLATE');
      expect(missing.json.error.message).to.contain('nope');
      const period = await admin.post('/app/monitor/callhistory/export/v0', {
        form: { template: 'x', filterDateTimePeriod: 'LAST_YEAR' },
      });
      expectError(period, 400);
      expect(period.json.error.details[0].field).to.equal('filterDateTimePeriod');
      const count = await admin.post('/app/monitor/callhistory/export/v0', {
        form: { template: 'x', filterCount: '-1' },
      });
      expect(count.json.error.details[0].field).to.equal('filterCount');
      expect(
        (await admin.post('/app/monitor/callhistory/export/v0', { form: { filterCount: '1' } })).json.error.details[0]
          .field,
      ).to.equal('template');
      expectError(
        await admin.post('/app/monitor/callhistory/export/v0', { form: { template: 'x', filterNope: '1' } }),
        400,
        'UNKNOWN_FIELD',
      );
    });

    it('answers a small HTML page with 200 while the monitor cannot be reached', async () => {
      gateway.get(MonitorAvailability).setUnreachable(LAB, 'switched off by a test');
      const response = await admin.post('/app/monitor/callhistory/export/v0', { form: { template: EXAMPLE_TEMPLATE } });
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
      expect(response.text).to.contain('No connection to the monitor');
    });
  });

  describe('GET /app/monitor/callhistory/recording/v0', () => {
    it('answers the recording as a WAV file, the same bytes each time, silent inside the muted span', async () => {
      const first = await bytes(admin, '/app/monitor/callhistory/recording/v0', { file: 'rec-0001.wav' });
      expect(first.status).to.equal(200);
      expect(first.type).to.equal('audio/wav');
      expect(first.disposition).to.contain('filename="rec-0001.wav"');
      expect(first.body.toString('ascii', 0, 4)).to.equal('RIFF');
      expect(first.body.toString('ascii', 8, 12)).to.equal('WAVE');
      expect(first.body.readUInt16LE(20), 'A-law').to.equal(6);
      expect(first.body.readUInt32LE(24), '8 kHz').to.equal(8000);
      const dataAt = first.body.indexOf('data', 12, 'ascii');
      const data = first.body.subarray(dataAt + 8);
      expect(first.body.readUInt32LE(dataAt + 4)).to.equal(61 * 8000);
      expect(data).to.have.length(61 * 8000);
      const muted = data.subarray(10_000 * 8, 12_500 * 8);
      expect(new Set(muted).size, 'one value: encoded silence').to.equal(1);
      expect(new Set(data.subarray(0, 8000 * 5)).size, 'sound outside it').to.be.greaterThan(20);
      const second = await bytes(admin, '/app/monitor/callhistory/recording/v0', { file: 'rec-0001.wav' });
      expect(second.body.equals(first.body)).to.equal(true);
    });

    it('refuses a file that is not <id>.wav (400 naming file), and an unknown recording (404)', async () => {
      const bad = await admin.get('/app/monitor/callhistory/recording/v0', { query: { file: '../etc/passwd' } });
      expectError(bad, 400, 'INVALID_RECORDING_FILE');
      expect(bad.json.error.details[0].field).to.equal('file');
      expectError(
        await admin.get('/app/monitor/callhistory/recording/v0', { query: { file: 'rec-0001.mp3' } }),
        400,
        'INVALID_RECORDING_FILE',
      );
      const unknown = await admin.get('/app/monitor/callhistory/recording/v0', { query: { file: 'rec-9999.wav' } });
      expectError(unknown, 404, 'RECORDING_NOT_FOUND');
      expect(unknown.json.error.message).to.contain('rec-9999');
      expect((await admin.get('/app/monitor/callhistory/recording/v0')).json.error.message).to.contain('file');
    });
  });
});
