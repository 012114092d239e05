import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { PROFILES, addProvider, addSystem } from '../configuration/nodesSupport.js';
import { TO_E164 } from '../configuration/routingSupport.js';

const V1 = { version: 1 };

/** A gateway that carried simulated calls (a PBX routed to a carrier, every call answered and recorded) and stopped. */
export interface CarriedCalls {
  readonly gateway: TestGateway;
  readonly admin: ApiClient;
  readonly ids: { pbx: string; carrier: string; route: string };
}

/** Starts a gateway, has it carry 30 s of calls on its manual clock, lets them end and flushes the monitor's sinks. */
export async function carriedCalls(): Promise<CarriedCalls> {
  const gateway = await TestGateway.start();
  const admin = gateway.admin();
  async function advance(seconds: number): Promise<void> {
    for (let step = 0; step < seconds; step += 1) {
      gateway.clock.advance(1000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
  }
  const [pbx] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
  const [carrier] = await addProvider(admin, PROFILES.genericCarrier, {
    displayName: 'Carrier',
    credentials: { username: 'a', password: 'Trunk-Secret-Pw-4711!' },
    udpTcpPort: 5080,
    tlsPort: 5081,
  });
  expect(
    (await admin.post('/api/routingDomains/add', { ...V1, json: { displayName: 'Main', sourceNodes: [pbx!.id] } }))
      .status,
  ).to.equal(200);
  const route = await admin.post('/api/routingDomains/routes/add', {
    ...V1,
    query: { routingDomain: 'Main' },
    json: {
      displayName: 'national',
      enabled: true,
      establishment: {
        action: 'ACCEPT',
        routingTargets: [
          { destinationNodeId: carrier!.id, routingForwardProfileId: '', destinationDialStringRewriting: TO_E164 },
        ],
      },
      filters: [{ sourceNodeIds: [pbx!.id], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
    },
  });
  expect(route.status, route.text).to.equal(200);
  const ids = { pbx: pbx!.id, carrier: carrier!.id, route: route.json.id };
  expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
  const systemIds = await admin.get('/api/licenses/systemIds/get');
  expect(
    (
      await admin.put('/api/licenses/importLod', {
        json: {
          licenseKey: 'GWSIM-LAB30-0000-0002',
          companyName: 'Lab',
          emailAddress: 'lab@example.com',
          licensingDevice: systemIds.json[0].id,
        },
      })
    ).status,
  ).to.equal(200);
  expect(
    (
      await admin.put('/_sim/labs/default/traffic', {
        json: {
          running: true,
          profile: {
            seed: 5,
            callsPerSecond: 1,
            outcomes: { answer: 1 },
            holdingTime: { distribution: 'exponential', meanSeconds: 8 },
            recordedShare: 1,
            defaultNumberPlan: {
              callingPrefix: '+4930',
              callingDigits: 5,
              called: [{ pattern: '0301234XXX', weight: 1 }],
            },
          },
        },
      })
    ).status,
  ).to.equal(200);
  await advance(30);
  await admin.put('/_sim/labs/default/traffic', { json: { running: false } });
  await advance(600);
  await gateway.get(BatchingMonitorSinks).flush();
  return { gateway, admin, ids };
}
