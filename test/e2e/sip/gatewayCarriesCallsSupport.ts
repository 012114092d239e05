import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { PROFILES, addProvider, addSystem } from '../../acceptance/configuration/nodesSupport.js';
import { licenseLab } from './sipLabSupport.js';

export const V1 = { version: 1 };

export interface Entry {
  sessionIdentifier: string;
  inboundNodeId: string;
  outboundNodeId: string | null;
  routingDomainId: string | null;
  routeId: string | null;
  inboundSourceDialString: string;
  inboundDestinationDialString: string;
  outboundSourceDialString: string | null;
  outboundDestinationDialString: string | null;
  result: string;
  sipStatusCode: number;
  q850Cause: number;
  attempts: Array<{ nodeId: string; sipStatusCode: number; destinationDialString: string }>;
}

const TO_E164 = {
  segments: [
    {
      prefix: '+49',
      suffix: '',
      delLeading: 1,
      delTrailing: 0,
      keepLeading: 0,
      keepTrailing: 0,
      matchedPart: 0,
      source: 'MOST_APPROPRIATE',
    },
  ],
};

function rule(
  displayName: string,
  prefix: string,
  deleteLeading: number,
  addPrefix: string,
  source: boolean,
  destination: boolean,
): Record<string, unknown> {
  return {
    index: 0,
    displayName,
    comment: '',
    rewriteType: 'prefixAndSuffix',
    prefix,
    suffix: '',
    deleteLeadingCharacters: deleteLeading,
    deleteTrailingCharacters: 0,
    addPrefix,
    addSuffix: '',
    addExtTrailingDigits: 0,
    case: 'unchanged',
    clearDisplayName: false,
    skipRulesBelow: false,
    skipFurtherRules: true,
    applyToSourceDialString: source,
    applyToDestinationDialString: destination,
    applyToAllDialStrings: false,
  };
}

export interface CarriedIds {
  pbx: string;
  carrierA: string;
  carrierB: string;
  domain: string;
}

/**
 * A gateway whose committed configuration carries calls: a PBX and two carriers, a routing domain "Main" with a
 * national route via Carrier A failing over to Carrier B and a route from Carrier A to the PBX, dial string
 * rewritings on both carriers and a licence. Registers the before and after hooks of the describe it is called in.
 */
export function carryingGateway() {
  let gateway: TestGateway;
  let admin: ApiClient;
  let ids: CarriedIds;

  async function advance(seconds: number, watch?: () => Promise<void>): Promise<void> {
    for (let step = 0; step < seconds; step += 1) {
      gateway.clock.advance(1000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
      if (watch) await watch();
    }
  }

  async function traffic(body: Record<string, unknown>): Promise<any> {
    const response = await admin.put('/_sim/labs/default/traffic', { json: body });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

  async function history(filter: Record<string, unknown> = {}): Promise<{ totalCount: number; entries: Entry[] }> {
    await gateway.get(BatchingMonitorSinks).flush();
    const response = await admin.post('/api/callHistory/get', {
      query: { dateFormat: 'ISO-8601' },
      json: { count: 10000, ...filter },
    });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

  async function activeCount(): Promise<number> {
    const response = await admin.post('/api/activeSessions/get', { json: {} });
    expect(response.status, response.text).to.equal(200);
    return response.json.activeSessions.length;
  }

  /** Runs `seconds` of arrivals, then lets every call end; answers the entries of the calls started in that run. */
  async function carry(profile: Record<string, unknown>, seconds: number): Promise<Entry[]> {
    const from = gateway.clock.now().toISOString();
    await traffic({ running: true, profile });
    await advance(seconds);
    await traffic({ running: false });
    for (let i = 0; i < 200 && (await activeCount()) > 0; i += 1) await advance(10);
    expect(await activeCount(), 'every call has ended').to.equal(0);
    return (await history({ startDateTimeFrom: from })).entries;
  }

  const profile = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    seed: 11,
    callsPerSecond: 2,
    holdingTime: { distribution: 'exponential', meanSeconds: 10 },
    recordedShare: 0,
    outcomes: { answer: 70, busy: 10, failure: 20 },
    numberPlans: [
      {
        nodeId: ids.pbx,
        callingPrefix: '+4930123456',
        callingDigits: 2,
        weight: 3,
        called: [
          { pattern: '0301234XXX', weight: 4 },
          { pattern: '112', weight: 1 },
        ],
      },
      {
        nodeId: ids.carrierA,
        callingPrefix: '+4940',
        callingDigits: 7,
        weight: 1,
        called: [{ pattern: '+4930123456XX', weight: 1 }],
      },
    ],
    // Only the nodes listed above originate calls.
    defaultNumberPlan: {
      callingPrefix: '+4930',
      callingDigits: 7,
      weight: 0,
      called: [{ pattern: '0301234XXX', weight: 1 }],
    },
    ...over,
  });

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
    const [carrierA] = await addProvider(admin, PROFILES.genericCarrier, {
      displayName: 'Carrier A',
      credentials: { username: 'a', password: 'Trunk-Secret-Pw-4711!' },
      udpTcpPort: 5080,
      tlsPort: 5081,
    });
    const [carrierB] = await addProvider(admin, PROFILES.telekomDe, {
      displayName: 'Carrier B',
      credentials: { username: 'b', password: 'Trunk-Secret-Pw-4711!' },
      udpTcpPort: 5090,
      tlsPort: 5091,
    });
    const domain = await admin.post('/api/routingDomains/add', {
      ...V1,
      json: { displayName: 'Main', sourceNodes: [pbx!.id, carrierA!.id] },
    });
    expect(domain.status, domain.text).to.equal(200);
    ids = { pbx: pbx!.id, carrierA: carrierA!.id, carrierB: carrierB!.id, domain: domain.json.id };
    const national = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName: 'national via A, failover to B',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            {
              destinationNodeId: ids.carrierA,
              routingForwardProfileId: '',
              destinationDialStringRewriting: TO_E164,
              failoverStatusMatch: { telStatusList: [], sipStatusCodes: '500-599' },
            },
            { destinationNodeId: ids.carrierB, routingForwardProfileId: '', destinationDialStringRewriting: TO_E164 },
          ],
        },
        filters: [{ sourceNodeIds: [ids.pbx], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
      },
    });
    expect(national.status, national.text).to.equal(200);
    const inbound = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName: 'carrier to PBX',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [{ destinationNodeId: ids.pbx, routingForwardProfileId: '' }],
        },
        filters: [
          {
            sourceNodeIds: [ids.carrierA],
            destinationDialString: { type: 'WILDCARD', wildcardPattern: '+4930123456*' },
          },
        ],
      },
    });
    expect(inbound.status, inbound.text).to.equal(200);
    // Carrier A's calls arrive in E.164 and leave it national; Carrier B is sent destinations as 0049…
    const fromE164 = await admin.post('/api/dialStringRewriting/add', {
      json: { displayName: 'E.164 to national', rules: [rule('German', '+49', 3, '0', true, false)] },
    });
    const toInternational = await admin.post('/api/dialStringRewriting/add', {
      json: { displayName: 'E.164 to 00', rules: [rule('plus', '+', 1, '00', false, true)] },
    });
    expect(fromE164.status, fromE164.text).to.equal(200);
    expect(toInternational.status, toInternational.text).to.equal(200);
    expect(
      (
        await admin.put('/api/objects/set', {
          query: { id: ids.carrierA },
          json: { incomingDialStringRewritingId: fromE164.json.id },
        })
      ).status,
    ).to.equal(200);
    expect(
      (
        await admin.put('/api/objects/set', {
          query: { id: ids.carrierB },
          json: { outgoingDialStringRewritingId: toInternational.json.id },
        })
      ).status,
    ).to.equal(200);
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    await licenseLab(admin);
  });
  after(() => gateway?.stop());

  async function download(route: string, query: Record<string, string>): Promise<Buffer> {
    const url = new URL(route, gateway.baseUrl);
    url.search = new URLSearchParams({ version: '0', ...query }).toString();
    const response = await fetch(url, {
      headers: { authorization: `Basic ${Buffer.from(`anadmin:${ADMIN_PASSWORD}`).toString('base64')}` },
    });
    expect(response.status).to.equal(200);
    return Buffer.from(await response.arrayBuffer());
  }

  return {
    state: () => ({ gateway, admin, ids }),
    advance,
    traffic,
    history,
    activeCount,
    carry,
    profile,
    download,
  };
}
