import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { PROFILES, addProvider, addSystem } from '../configuration/nodesSupport.js';

const run = promisify(execFile);
const V1 = { version: 1 };

describe('the monitor fed by the session simulator: call history, SIP messages and recordings of carried calls', function () {
  this.timeout(180_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let ids: { pbx: string; carrier: string; route: string };

  async function advance(seconds: number): Promise<void> {
    for (let step = 0; step < seconds; step += 1) {
      gateway.clock.advance(1000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
  }

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
    const [carrier] = await addProvider(admin, PROFILES.genericCarrier, { displayName: 'Carrier', credentials: { username: 'a', password: 'Trunk-Secret-Pw-4711!' }, udpTcpPort: 5080, tlsPort: 5081 });
    expect((await admin.post('/api/routingDomains/add', { ...V1, json: { displayName: 'Main', sourceNodes: [pbx!.id] } })).status).to.equal(200);
    const toE164 = { segments: [{ prefix: '+49', suffix: '', delLeading: 1, delTrailing: 0, keepLeading: 0, keepTrailing: 0, matchedPart: 0, source: 'MOST_APPROPRIATE' }] };
    const route = await admin.post('/api/routingDomains/routes/add', { ...V1, query: { routingDomain: 'Main' }, json: {
      displayName: 'national', enabled: true,
      establishment: { action: 'ACCEPT', routingTargets: [{ destinationNodeId: carrier!.id, routingForwardProfileId: '', destinationDialStringRewriting: toE164 }] },
      filters: [{ sourceNodeIds: [pbx!.id], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
    } });
    expect(route.status, route.text).to.equal(200);
    ids = { pbx: pbx!.id, carrier: carrier!.id, route: route.json.id };
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const systemIds = await admin.get('/api/licenses/systemIds/get');
    expect((await admin.put('/api/licenses/importLod', { json: {
      licenseKey: 'GWSIM-LAB30-0000-0002', companyName: 'Lab', emailAddress: 'lab@example.com', licensingDevice: systemIds.json[0].id,
    } })).status).to.equal(200);
    expect((await admin.put('/_sim/labs/default/traffic', { json: { running: true, profile: {
      seed: 5, callsPerSecond: 1, outcomes: { answer: 1 }, holdingTime: { distribution: 'exponential', meanSeconds: 8 }, recordedShare: 1,
      defaultNumberPlan: { callingPrefix: '+4930', callingDigits: 5, called: [{ pattern: '0301234XXX', weight: 1 }] },
    } } })).status).to.equal(200);
    await advance(30);
    await admin.put('/_sim/labs/default/traffic', { json: { running: false } });
    await advance(600);
    await gateway.get(BatchingMonitorSinks).flush();
  });
  after(() => gateway?.stop());

  it('lands every finished call in the call history with its route, nodes and rewritten numbers', async () => {
    const { json } = await admin.post('/api/callHistory/get', { query: { dateFormat: 'ISO-8601' }, json: { nodeId: ids.carrier } });
    expect(json.totalCount).to.be.greaterThan(10);
    for (const entry of json.entries) {
      expect(entry).to.include({ inboundNodeId: ids.pbx, outboundNodeId: ids.carrier, routeId: ids.route, result: 'ANSWERED', sipStatusCode: 200 });
      expect(entry.inboundDestinationDialString).to.match(/^0301234\d{3}$/);
      expect(entry.outboundDestinationDialString).to.equal(`+49${entry.inboundDestinationDialString.slice(1)}`);
      expect(entry.recordingId).to.be.a('string');
    }
  });

  it('keeps each call\'s SIP messages: details, and a pcap tshark decodes without a warning', async () => {
    const { json } = await admin.post('/api/callHistory/get', { json: { count: 1 } });
    const session = json.entries[0].sessionIdentifier as string;
    const details = await admin.get('/api/messageHistory', { query: { filterSessionIdentifier: session } });
    expect(details.json.length).to.be.greaterThan(6);
    expect(details.json[0].messageType).to.equal('INVITE');
    expect(new Set(details.json.map((m: { callIndex: number }) => m.callIndex))).to.deep.equal(new Set([0, 1]));
    if (!existsSync('/usr/bin/tshark')) return;
    const url = new URL('/api/messageHistory', admin.baseUrl);
    url.search = new URLSearchParams({ version: '0', filterSessionIdentifier: session, resultFormat: 'pcap' }).toString();
    const pcap = Buffer.from(await (await fetch(url, { headers: { authorization: `Basic ${Buffer.from('anadmin:anadmin-test-Pw1!').toString('base64')}` } })).arrayBuffer());
    const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-sim-pcap-'));
    try {
      writeFileSync(path.join(dir, 's.pcap'), pcap);
      const fields = await run('tshark', ['-r', path.join(dir, 's.pcap'), '-Y', 'sip', '-T', 'fields', '-e', 'sip.Method', '-e', 'sip.Status-Code'], { timeout: 30_000 });
      expect(fields.stdout.trim().split('\n')).to.have.length(details.json.length);
      const verbose = await run('tshark', ['-r', path.join(dir, 's.pcap'), '-V'], { timeout: 30_000, maxBuffer: 32 * 1024 * 1024 });
      expect(verbose.stdout).to.not.match(/Malformed|Bad checksum|\[incorrect/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the recording of a recorded call as a WAV file', async () => {
    const { json } = await admin.post('/api/callHistory/get', { json: { count: 1 } });
    const url = new URL('/app/monitor/callhistory/recording/v0', admin.baseUrl);
    url.search = new URLSearchParams({ version: '0', file: `${json.entries[0].recordingId}.wav` }).toString();
    const response = await fetch(url, { headers: { authorization: `Basic ${Buffer.from('anadmin:anadmin-test-Pw1!').toString('base64')}` } });
    expect(response.status).to.equal(200);
    const wav = Buffer.from(await response.arrayBuffer());
    expect(wav.toString('ascii', 0, 4)).to.equal('RIFF');
  });
});
