import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { CommittedGateway, DialString, DialStrings } from '../../../src/contexts/configuration/index.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import { expectError } from '../../support/expectError.js';
import { TestGateway } from '../../support/TestGateway.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { PROFILES, addProvider, addSystem } from '../configuration/nodesSupport.js';
import { TO_E164 } from '../configuration/routingSupport.js';

const V0 = { version: 0 };
const V1 = { version: 1 };

interface Leg {
  telLocalNumber: string;
  telRemoteNumber: string;
  nodeId: string;
  routeId: string;
  callState: string;
  rtpSendTotalPackets: number;
  rtpReceiveTotalPackets: number;
  rtpPacketsLost: number;
  connectTime: string;
  startTime: string;
  duration: number;
}
interface Session {
  sessionId: string;
  incoming: Leg;
  outgoing: Leg[];
}

describe('simulated traffic over HTTP: activeSessions/get, forwardedSessionRecording, the traffic control endpoint', function () {
  this.timeout(120_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let ids: { pbx: string; carrierA: string; carrierB: string };

  /** Moves the manual clock and lets the engine catch up (as the pump does every 50 ms). */
  async function advance(seconds: number): Promise<void> {
    for (let step = 0; step < seconds; step += 1) {
      gateway.clock.advance(1000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
  }

  async function sessions(
    filter: Record<string, unknown> = {},
    dateFormat?: string,
  ): Promise<{ lastUpdated: string; activeSessions: Session[] }> {
    const answer = await admin.post('/api/activeSessions/get', {
      query: { ...V0, ...(dateFormat ? { dateFormat } : {}) },
      json: filter,
    });
    expect(answer.status, answer.text).to.equal(200);
    return answer.json;
  }

  before(async () => {
    // the embedded database: the gates read the active side and maintenance mode through real units of work
    gateway = await TestGateway.start();
    admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
    const [carrierA] = await addProvider(admin, PROFILES.genericCarrier, {
      displayName: 'Carrier A',
      credentials: { username: 'a', password: 'Trunk-Secret-Pw-4711!' },
      udpTcpPort: 5080,
      tlsPort: 5081,
    });
    const [carrierB] = await addProvider(admin, PROFILES.genericCarrier, {
      displayName: 'Carrier B',
      credentials: { username: 'b', password: 'Trunk-Secret-Pw-4711!' },
      udpTcpPort: 5090,
      tlsPort: 5091,
    });
    ids = { pbx: pbx!.id, carrierA: carrierA!.id, carrierB: carrierB!.id };
    expect(
      (await admin.post('/api/routingDomains/add', { ...V1, json: { displayName: 'Main', sourceNodes: [ids.pbx] } }))
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
            {
              destinationNodeId: ids.carrierA,
              routingForwardProfileId: '',
              destinationDialStringRewriting: TO_E164,
              failoverStatusMatch: { telStatusList: ['USER_BUSY'], sipStatusCodes: '500-599' },
            },
            { destinationNodeId: ids.carrierB, routingForwardProfileId: '', destinationDialStringRewriting: TO_E164 },
          ],
        },
        filters: [{ sourceNodeIds: [ids.pbx], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
      },
    });
    expect(route.status, route.text).to.equal(200);
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const systemIds = await admin.get('/api/licenses/systemIds/get', { query: V0 });
    const lod = await admin.put('/api/licenses/importLod', {
      query: V0,
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

  it('before the first start: not running, no sessions', async () => {
    const state = await admin.get('/_sim/labs/default/traffic');
    expect(state.status, state.text).to.equal(200);
    expect(state.json).to.include({ running: false });
    expect(state.json.counters).to.include({ started: 0, active: 0 });
    expect((await sessions()).activeSessions).to.deep.equal([]);
  });

  it('refuses a bad profile naming the field, and changes nothing', async () => {
    const bad = await admin.put('/_sim/labs/default/traffic', {
      json: { running: true, profile: { callsPerSecond: -1 } },
    });
    expectError(bad, 400, 'INVALID_TRAFFIC_PROFILE');
    expect(bad.json.error.details.map((d: { field: string }) => d.field)).to.deep.equal(['profile.callsPerSecond']);
    const typed = await admin.put('/_sim/labs/default/traffic', {
      json: { profile: { holdingTime: { distribution: 'normal', meanSeconds: 5 } } },
    });
    expectError(typed, 400);
    expect(JSON.stringify(typed.json.error.details)).to.contain('profile.holdingTime.distribution');
    expect((await admin.get('/_sim/labs/default/traffic')).json.running).to.equal(false);
  });

  it('started traffic shows sessions routed through the committed configuration, with RTP counters growing', async () => {
    const started = await admin.put('/_sim/labs/default/traffic', {
      json: {
        running: true,
        profile: {
          seed: 11,
          callsPerSecond: 1,
          outcomes: { answer: 1 },
          holdingTime: { distribution: 'exponential', meanSeconds: 120 },
          recordedShare: 0.5,
          defaultNumberPlan: {
            callingPrefix: '+4930',
            callingDigits: 5,
            called: [{ pattern: '0301234XXX', weight: 1 }],
          },
        },
      },
    });
    expect(started.status, started.text).to.equal(200);
    expect(started.json.running).to.equal(true);
    await advance(40);
    const first = await sessions({}, 'ISO-8601');
    expect(first.activeSessions.length).to.be.greaterThan(10);
    expect(first.lastUpdated).to.equal(gateway.clock.now().toISOString());
    const plan = await gateway.get(CommittedGateway).plan(DEFAULT_LAB);
    const pbx = plan.nodes.get(ids.pbx)!;
    for (const session of first.activeSessions) {
      expect(session.incoming.nodeId).to.equal(ids.pbx);
      const calling = session.incoming.telRemoteNumber;
      const called = session.incoming.telLocalNumber;
      expect(calling).to.match(/^\+4930\d{5}$/);
      const incoming = pbx.incomingRewriting?.apply(
        new DialStrings({ source: DialString.of(calling), destination: DialString.of(called) }),
      ).dialStrings;
      const routed = plan.route({
        sourceNodeId: ids.pbx,
        source: incoming?.source.text ?? calling,
        destination: incoming?.destination.text ?? called,
      })!;
      expect(session.incoming.routeId).to.equal(routed.match.route.id);
      expect(session.outgoing).to.have.length(1);
      expect(session.outgoing[0]!.nodeId).to.equal(ids.carrierA);
      expect(session.outgoing[0]!.telRemoteNumber).to.equal(routed.match.targets[0]!.dialStrings.destination);
      expect(session.outgoing[0]!.telRemoteNumber).to.equal(`+49${called.slice(1)}`);
    }
    const connected = first.activeSessions.find((s) => s.incoming.callState === 'connected')!;
    expect(connected.incoming.connectTime).to.match(/^2026-03-01T/);
    await advance(10);
    const later = (await sessions()).activeSessions.find((s) => s.sessionId === connected.sessionId)!;
    expect(later.incoming.startTime).to.match(/^UTC 2026-03-01 /);
    expect(later.incoming.rtpSendTotalPackets - connected.incoming.rtpSendTotalPackets).to.equal(500);
    expect(later.incoming.duration - connected.incoming.duration).to.equal(10);
  });

  it('filters by number (startswith, contains, exact) and count', async () => {
    const all = (await sessions()).activeSessions;
    const one = all[3]!;
    const calling = one.incoming.telRemoteNumber;
    expect((await sessions({ numberFilter: calling })).activeSessions.map((s) => s.sessionId)).to.deep.equal([
      one.sessionId,
    ]);
    expect(
      (await sessions({ numberFilterMode: 'exact', numberFilter: calling })).activeSessions.map((s) => s.sessionId),
    ).to.deep.equal([one.sessionId]);
    expect(
      (await sessions({ numberFilterMode: 'exact', numberFilter: calling.slice(0, -1) })).activeSessions,
    ).to.deep.equal([]);
    expect(
      (await sessions({ numberFilterMode: 'contains', numberFilter: calling.slice(3) })).activeSessions.map(
        (s) => s.sessionId,
      ),
    ).to.include(one.sessionId);
    expect((await sessions({ numberFilter: '+4930' })).activeSessions).to.have.length(all.length);
    expect((await sessions({ numberFilter: '0301234' })).activeSessions).to.have.length(all.length);
    expect((await sessions({ count: 2 })).activeSessions.map((s) => s.sessionId)).to.deep.equal(
      all.slice(0, 2).map((s) => s.sessionId),
    );
    expectError(
      await admin.post('/api/activeSessions/get', { query: V0, json: { numberFilterMode: 'endswith' } }),
      400,
    );
    expectError(await admin.post('/api/activeSessions/get', { query: V0, json: { count: -1 } }), 400);
  });

  it('lookupByLocalSessionIdentification lists the recorded sessions in progress; setMute mutes them', async () => {
    const recorded = await admin.post('/api/forwardedSessionRecording/lookupByLocalSessionIdentification', {
      query: V0,
      json: {},
    });
    expect(recorded.status, recorded.text).to.equal(200);
    const all = (await sessions()).activeSessions;
    expect(recorded.json.length).to.be.greaterThan(0);
    expect(recorded.json.length).to.be.lessThan(all.length);
    const id: string = recorded.json[0];
    const session = all.find((s) => s.sessionId === id)!;
    const byNumber = await admin.post('/api/forwardedSessionRecording/lookupByLocalSessionIdentification', {
      query: V0,
      json: { telRemoteNumber: session.incoming.telRemoteNumber },
    });
    expect(byNumber.json).to.deep.equal([id]);
    const byNode = await admin.post('/api/forwardedSessionRecording/lookupByLocalSessionIdentification', {
      query: V0,
      json: { nodeId: ids.carrierB },
    });
    expect(byNode.json).to.deep.equal([]);
    const mute = await admin.post('/api/forwardedSessionRecording/setMute', {
      query: V0,
      json: { sessionIdentifier: id, mute: true },
    });
    expect(mute.status, mute.text).to.equal(200);
    expect(gateway.get(TrafficLabs).call(DEFAULT_LAB, id).call!.isMuted).to.equal(true);
    expect(
      (
        await admin.post('/api/forwardedSessionRecording/setMute', {
          query: V0,
          json: { sessionIdentifier: id, mute: false },
        })
      ).status,
    ).to.equal(200);
    expect(gateway.get(TrafficLabs).call(DEFAULT_LAB, id).call!.isMuted).to.equal(false);

    const notRecorded = all.find((s) => !recorded.json.includes(s.sessionId))!;
    const conflict = await admin.post('/api/forwardedSessionRecording/setMute', {
      query: V0,
      json: { sessionIdentifier: notRecorded.sessionId, mute: true },
    });
    expectError(conflict, 409, 'SESSION_NOT_RECORDED');
    const unknown = await admin.post('/api/forwardedSessionRecording/setMute', {
      query: V0,
      json: { sessionIdentifier: 'no-such-session', mute: true },
    });
    expectError(unknown, 404, 'SESSION_NOT_FOUND');
    expect(unknown.json.error.message).to.contain('no-such-session');
    expectError(
      await admin.post('/api/forwardedSessionRecording/setMute', { query: V0, json: { sessionIdentifier: id } }),
      400,
    );
  });

  it('stopped traffic makes no new calls and the sessions count down to none as they end', async () => {
    const stopped = await admin.put('/_sim/labs/default/traffic', { json: { running: false } });
    expect(stopped.json.running).to.equal(false);
    const before = (await sessions()).activeSessions.length;
    const startedBefore = stopped.json.counters.started;
    await advance(60);
    const middle = (await sessions()).activeSessions.length;
    expect(middle).to.be.lessThan(before);
    gateway.clock.advance(3_600_000);
    await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    expect((await sessions()).activeSessions).to.deep.equal([]);
    const state = (await admin.get('/_sim/labs/default/traffic')).json;
    expect(state.counters.started).to.equal(startedBefore);
    expect(state.counters.ended).to.equal(startedBefore);
    // the lab license grants 30 concurrent sessions: the calls beyond them were refused (503, cause 34)
    expect(state.counters.refusedBy.capacityExhausted).to.be.greaterThan(0);
    expect(state.counters.byResult.ANSWERED + state.counters.refusedBy.capacityExhausted).to.equal(startedBefore);
    expect(before).to.be.at.most(30);
  });

  it('maintenance mode ends new calls with 503 (cause 42); a disabled carrier passes calls to the next one after a commit', async () => {
    expect((await admin.put('/_sim/labs/default/traffic', { json: { running: true } })).status).to.equal(200);
    expect((await admin.put('/api/maintenanceMode/set', { query: V0, json: { modeActive: true } })).status).to.equal(
      200,
    );
    await advance(2);
    const before = (await admin.get('/_sim/labs/default/traffic')).json.counters.refusedBy.maintenance;
    await advance(20);
    const after = (await admin.get('/_sim/labs/default/traffic')).json;
    expect(after.counters.refusedBy.maintenance - before).to.be.greaterThan(5);
    expect((await admin.put('/api/maintenanceMode/set', { query: V0, json: { modeActive: false } })).status).to.equal(
      200,
    );

    expect((await admin.post('/api/nodes/disable', { query: { node: 'Carrier A' } })).status).to.be.oneOf([200, 204]);
    const generation = async (): Promise<number> =>
      (await admin.get('/_sim/labs/default/traffic')).json.planGeneration as number;
    const planBefore = await generation();
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    // the committed plan reaches the lab's engine (a new plan generation) before the calls go on
    for (let tries = 0; tries < 1000 && (await generation()) === planBefore; tries += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await generation()).to.not.equal(planBefore);
    await advance(20);
    const fresh = (await sessions()).activeSessions.filter(
      (s) => s.incoming.callState !== 'connected' || s.incoming.duration < 15,
    );
    expect(fresh.length).to.be.greaterThan(3);
    expect(fresh.every((s) => s.outgoing[0]!.nodeId === ids.carrierB)).to.equal(true);
    const state = (await admin.get('/_sim/labs/default/traffic')).json;
    expect(state.planGeneration).to.be.a('number');
  });

  it('the pump advances the traffic to the clock by itself, every ~50 ms', async () => {
    gateway.clock.advance(5000);
    const target = gateway.clock.now().toISOString();
    const deadline = Date.now() + 5000;
    let time = (await admin.get('/_sim/labs/default/traffic')).json.time as string;
    expect(time).to.not.equal(target);
    while (time !== target && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      time = (await admin.get('/_sim/labs/default/traffic')).json.time as string;
    }
    expect(time).to.equal(gateway.clock.now().toISOString());
  });

  it('only administrators control the traffic', async () => {
    expectError(await gateway.client().get('/_sim/labs/default/traffic'), 401);
  });
});
