import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { TestGateway } from '../../support/TestGateway.js';
import { PROFILES, addProvider, addSystem } from '../configuration/nodesSupport.js';
import { TO_E164 } from '../configuration/routingSupport.js';

const V1 = { version: 1 };
const CALLS = '/_sim/labs/default/traffic/calls';

interface HistoryEntry {
  sessionIdentifier: string;
  inboundNodeName?: string;
  outboundNodeName?: string;
  routeName?: string;
  inboundSourceDialString: string;
  inboundDestinationDialString: string;
  outboundDestinationDialString?: string;
  result: string;
  sipStatusCode: number | null;
}

/**
 * POST /_sim/labs/{lab}/traffic/calls: one call placed by hand from a committed node, carried as every call is
 * (gates, routing, rewriting, history), the lab's traffic left as it was.
 */
describe('placing one call (/_sim/labs/{lab}/traffic/calls)', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let ids: { pbx: string; carrier: string };

  async function advance(seconds: number): Promise<void> {
    for (let step = 0; step < seconds; step += 1) {
      gateway.clock.advance(1000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
    await gateway.get(BatchingMonitorSinks).flush();
  }

  async function history(sessionIdentifier: string): Promise<HistoryEntry | undefined> {
    const answer = await admin.post('/api/callHistory/get', { json: { count: 100 } });
    expect(answer.status, answer.text).to.equal(200);
    return (answer.json.entries as HistoryEntry[]).find((entry) => entry.sessionIdentifier === sessionIdentifier);
  }

  before(async () => {
    gateway = await TestGateway.start({ store: 'memory' });
    admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
    const [carrier] = await addProvider(admin, PROFILES.genericCarrier, {
      displayName: 'Carrier',
      credentials: { username: 'a', password: 'Trunk-Secret-Pw-4711!' },
      udpTcpPort: 5080,
      tlsPort: 5081,
    });
    ids = { pbx: pbx!.id, carrier: carrier!.id };
    const domain = await admin.post('/api/routingDomains/add', {
      ...V1,
      json: { displayName: 'Main', sourceNodes: [ids.pbx] },
    });
    expect(domain.status, domain.text).to.equal(200);
    const route = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName: 'national',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            { destinationNodeId: ids.carrier, routingForwardProfileId: '', destinationDialStringRewriting: TO_E164 },
          ],
        },
        filters: [{ sourceNodeIds: [ids.pbx], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
      },
    });
    expect(route.status, route.text).to.equal(200);
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const systemIds = await admin.get('/api/licenses/systemIds/get');
    const lod = await admin.put('/api/licenses/importLod', {
      json: {
        licenseKey: 'GWSIM-LAB30-0000-0002',
        companyName: 'Lab',
        emailAddress: 'lab@example.com',
        licensingDevice: systemIds.json[0].id,
      },
    });
    expect(lod.status, lod.text).to.equal(200);
  });
  after(() => gateway?.stop());

  it('carries the call as any call: in progress toward the carrier, then in the history on its route; the traffic stays off', async () => {
    const placed = await admin.post(CALLS, { json: { node: 'PBX', called: '0301234567', outcome: 'answer' } });
    expect(placed.status, placed.text).to.equal(200);
    expect(placed.json).to.deep.include({
      nodeId: ids.pbx,
      nodeName: 'PBX',
      calling: '+4930555000',
      called: '0301234567',
      inProgress: true,
    });
    const session = placed.json.sessionIdentifier as string;
    const live = await admin.post('/api/activeSessions/get', { json: {} });
    const shown = (live.json.activeSessions as Array<{ sessionId: string; outgoing: Array<{ nodeId: string }> }>).find(
      (s) => s.sessionId === session,
    );
    expect(shown, 'the call is in progress').to.not.equal(undefined);
    expect(shown!.outgoing.map((leg) => leg.nodeId)).to.deep.equal([ids.carrier]);

    await advance(15 * 60);
    expect(await history(session)).to.deep.include({
      inboundNodeName: 'PBX',
      outboundNodeName: 'Carrier',
      routeName: 'national',
      inboundSourceDialString: '+4930555000',
      inboundDestinationDialString: '0301234567',
      outboundDestinationDialString: '+49301234567',
      result: 'ANSWERED',
    });
    const traffic = (await admin.get('/_sim/labs/default/traffic')).json;
    expect(traffic.running).to.equal(false);
    expect(traffic.counters.started).to.equal(1);
  });

  it('gives the outcome asked for, and reports a call no route takes as refused at once', async () => {
    const busy = await admin.post(CALLS, {
      json: { node: ids.pbx, calling: '+4930111', called: '0309876543', outcome: 'busy' },
    });
    expect(busy.status, busy.text).to.equal(200);
    const unrouted = await admin.post(CALLS, { json: { node: 'PBX', called: '4711' } });
    expect(unrouted.status, unrouted.text).to.equal(200);
    expect(unrouted.json.inProgress).to.equal(false);
    await advance(5);
    expect(await history(busy.json.sessionIdentifier)).to.deep.include({ result: 'BUSY', sipStatusCode: 486 });
    const refused = await history(unrouted.json.sessionIdentifier);
    expect(refused).to.deep.include({ result: 'REJECTED', sipStatusCode: 404 });
    expect(refused, 'a call no route takes has no route (absent, never null)').to.not.have.property('routeName');
  });

  it('refuses, naming the field: a bad number, an unknown outcome, a node not committed, a node that is down', async () => {
    const bad = await admin.post(CALLS, { json: { node: 'PBX', called: '030 123', outcome: 'sometimes' } });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json.error.details.map((d: { field: string }) => d.field)).to.have.members(['called', 'outcome']);

    await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX 2', udpTcpPort: 5170, tlsPort: 5171 });
    const uncommitted = await admin.post(CALLS, { json: { node: 'PBX 2', called: '0301234567' } });
    expectError(uncommitted, 400, 'NODE_NOT_COMMITTED');
    expect(uncommitted.json.error.details[0].field).to.equal('node');
    expect((await admin.post('/api/coreConfig/revert')).status).to.equal(200);

    const rule = await admin.post('/_sim/labs/default/faults', {
      json: { effect: { kind: 'nodeDown', node: ids.pbx } },
    });
    expect(rule.status, rule.text).to.equal(200);
    try {
      const down = await admin.post(CALLS, { json: { node: 'PBX', called: '0301234567' } });
      expectError(down, 409, 'CALL_NOT_PLACED');
      expect(down.json.error.message).to.contain("'PBX'");
    } finally {
      await admin.delete(`/_sim/labs/default/faults/${rule.json.id}`);
    }
  });
});
