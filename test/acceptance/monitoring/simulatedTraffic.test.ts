import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { carriedCalls } from './carriedCalls.js';

describe('the monitor fed by the session simulator: call history, SIP messages and recordings of carried calls', function () {
  this.timeout(180_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let ids: { pbx: string; carrier: string; route: string };

  before(async () => {
    ({ gateway, admin, ids } = await carriedCalls());
  });
  after(() => gateway?.stop());

  it('lands every finished call in the call history with its route, nodes and rewritten numbers', async () => {
    const { json } = await admin.post('/api/callHistory/get', {
      query: { dateFormat: 'ISO-8601' },
      json: { nodeId: ids.carrier },
    });
    expect(json.totalCount).to.be.greaterThan(10);
    for (const entry of json.entries) {
      expect(entry).to.include({
        inboundNodeId: ids.pbx,
        outboundNodeId: ids.carrier,
        routeId: ids.route,
        result: 'ANSWERED',
        sipStatusCode: 200,
      });
      expect(entry.inboundDestinationDialString).to.match(/^0301234\d{3}$/);
      expect(entry.outboundDestinationDialString).to.equal(`+49${entry.inboundDestinationDialString.slice(1)}`);
      expect(entry.recordingId).to.be.a('string');
    }
  });

  it("keeps each call's SIP messages, in details: both legs of the call, from the INVITE on", async () => {
    const { json } = await admin.post('/api/callHistory/get', { json: { count: 1 } });
    const session = json.entries[0].sessionIdentifier as string;
    const details = await admin.get('/api/messageHistory', { query: { filterSessionIdentifier: session } });
    expect(details.json.length).to.be.greaterThan(6);
    expect(details.json[0].messageType).to.equal('INVITE');
    expect(new Set(details.json.map((m: { callIndex: number }) => m.callIndex))).to.deep.equal(new Set([0, 1]));
  });

  it('serves the recording of a recorded call as a WAV file', async () => {
    const { json } = await admin.post('/api/callHistory/get', { json: { count: 1 } });
    const url = new URL('/app/monitor/callhistory/recording/v0', admin.baseUrl);
    url.search = new URLSearchParams({ version: '0', file: `${json.entries[0].recordingId}.wav` }).toString();
    const response = await fetch(url, {
      headers: { authorization: `Basic ${Buffer.from('anadmin:anadmin-test-Pw1!').toString('base64')}` },
    });
    expect(response.status).to.equal(200);
    const wav = Buffer.from(await response.arrayBuffer());
    expect(wav.toString('ascii', 0, 4)).to.equal('RIFF');
  });
});
