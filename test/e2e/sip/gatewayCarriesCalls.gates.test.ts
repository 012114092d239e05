import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { carryingGateway, V1, type CarriedIds } from './gatewayCarriesCallsSupport.js';

/**
 * The simulator issue's checks, over the API on a configuration built through the API: calls enter on source
 * nodes of the committed configuration, are matched by the route matcher, rewritten by the rewriting engine,
 * fail over, show as active sessions and land in the call history; their SIP flows are what tshark and a browser
 * see; maintenance mode, a disabled node, an uncommitted route, exhausted capacity and a missing route each change
 * what calls do.
 */
describe('a gateway that carries calls through its committed configuration', function () {
  this.timeout(300_000);
  const calls = carryingGateway();
  const { advance, traffic, history, activeCount, carry, profile } = calls;
  let gateway: TestGateway;
  let admin: ApiClient;
  let ids: CarriedIds;
  before(() => ({ gateway, admin, ids } = calls.state()));

  describe('each gate changes what calls do', () => {
    it('an uncommitted route routes nothing; once committed, it routes', async () => {
      const route = await admin.post('/api/routingDomains/routes/add', {
        ...V1,
        query: { routingDomain: 'Main' },
        json: {
          displayName: 'emergency to Carrier B',
          enabled: true,
          establishment: {
            action: 'ACCEPT',
            routingTargets: [{ destinationNodeId: ids.carrierB, routingForwardProfileId: '' }],
          },
          filters: [
            {
              sourceNodeIds: [ids.pbx],
              destinationDialString: { type: 'PLAIN', plain: { prefix: '112', suffix: '' } },
            },
          ],
        },
      });
      expect(route.status, route.text).to.equal(200);
      const emergencyOnly = profile({
        seed: 21,
        callsPerSecond: 1,
        outcomes: { answer: 1 },
        numberPlans: [
          {
            nodeId: ids.pbx,
            callingPrefix: '+4930123456',
            callingDigits: 2,
            weight: 1,
            called: [{ pattern: '112', weight: 1 }],
          },
        ],
      });
      const before = await carry(emergencyOnly, 20);
      expect(before.length).to.be.greaterThan(5);
      for (const entry of before)
        expect(entry, 'the working revision does not route').to.include({ sipStatusCode: 404, q850Cause: 3 });
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
      const after = await carry(emergencyOnly, 20);
      expect(after.length).to.be.greaterThan(5);
      for (const entry of after)
        expect(entry).to.include({ routeId: route.json.id, outboundNodeId: ids.carrierB, result: 'ANSWERED' });
    });

    it('maintenance mode refuses new calls (503, cause 42) while the calls in progress run to their end', async () => {
      await traffic({
        running: true,
        profile: profile({
          seed: 31,
          outcomes: { answer: 1 },
          holdingTime: { distribution: 'exponential', meanSeconds: 120 },
        }),
      });
      await advance(15);
      const inProgress = await activeCount();
      expect(inProgress).to.be.greaterThan(3);
      const switchedAt = gateway.clock.now().toISOString();
      expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: true } })).status).to.equal(200);
      await advance(20);
      expect(await activeCount(), 'running calls continue').to.be.greaterThan(0);
      await traffic({ running: false });
      expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: false } })).status).to.equal(200);
      for (let i = 0; i < 200 && (await activeCount()) > 0; i += 1) await advance(10);
      const during = (await history({ startDateTimeFrom: new Date(Date.parse(switchedAt) + 2000).toISOString() }))
        .entries;
      expect(during.length).to.be.greaterThan(10);
      for (const entry of during) {
        expect(entry).to.include({ sipStatusCode: 503, q850Cause: 42 });
        expect(entry, 'never left: no outbound node').to.not.have.property('outboundNodeId');
      }
      const earlier = (await history({ startDateTimeTo: switchedAt })).entries.filter(
        (e) => Date.parse(switchedAt) - Date.parse((e as unknown as { startDateTime: string }).startDateTime) < 16_000,
      );
      expect(
        earlier.filter((e) => e.result === 'ANSWERED').length,
        'calls begun before maintenance were answered and ended normally',
      ).to.be.greaterThan(3);
    });

    it("a disabled node takes no calls once committed: the route's next target carries them", async () => {
      const nationalOnly = profile({
        seed: 41,
        callsPerSecond: 1,
        outcomes: { answer: 1 },
        numberPlans: [
          {
            nodeId: ids.pbx,
            callingPrefix: '+4930123456',
            callingDigits: 2,
            weight: 1,
            called: [{ pattern: '0301234XXX', weight: 1 }],
          },
        ],
      });
      const enabled = await carry(nationalOnly, 20);
      for (const entry of enabled) expect(entry.outboundNodeId).to.equal(ids.carrierA);
      expect((await admin.post('/api/nodes/disable', { query: { node: 'Carrier A' } })).status).to.equal(200);
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
      const disabled = await carry(nationalOnly, 20);
      expect(disabled.length).to.be.greaterThan(5);
      for (const entry of disabled) {
        expect(
          entry.attempts.map((a) => a.nodeId),
          'Carrier A is skipped',
        ).to.deep.equal([ids.carrierB]);
        expect(entry.outboundDestinationDialString).to.match(/^00493/);
      }
      expect((await admin.post('/api/nodes/enable', { query: { node: 'Carrier A' } })).status).to.equal(200);
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    });

    it('exhausted licensed capacity refuses the calls beyond it (503, cause 34); sessions never exceed the license', async () => {
      let peak = 0;
      const from = gateway.clock.now().toISOString();
      await traffic({
        running: true,
        profile: profile({
          seed: 51,
          callsPerSecond: 5,
          outcomes: { answer: 1 },
          holdingTime: { distribution: 'exponential', meanSeconds: 60 },
        }),
      });
      await advance(40, async () => {
        peak = Math.max(peak, await activeCount());
      });
      await traffic({ running: false });
      for (let i = 0; i < 200 && (await activeCount()) > 0; i += 1) await advance(10);
      expect(peak, 'the 30-session license').to.equal(30);
      const entries = (await history({ startDateTimeFrom: from })).entries;
      const refused = entries.filter((e) => e.q850Cause === 34);
      expect(refused.length).to.be.greaterThan(20);
      for (const entry of refused) {
        expect(entry).to.include({ sipStatusCode: 503 });
        expect(entry, 'never left: no outbound node').to.not.have.property('outboundNodeId');
      }
    });
  });
});
