import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';

const FAULTS = '/_sim/labs/default/faults';
const S = 1000;

interface Trunk {
  nodeName: string;
  target: string;
  farEnd: 'real' | 'simulated';
  state: string;
  keepAlive?: { intervalSeconds: number; state: string; lastStatus?: number };
  registration?: { state: string; lastStatus?: number };
}

interface Glance {
  networkState: string;
  registrationState: string;
  optionsPackets: { sent: { success: number; failed: number } };
  transportConnections: { transportUp: boolean }[];
}

/**
 * The demo's trunks in a lab that carries no real SIP (the default): their far ends are the simulator's, their
 * keep-alives and registration follow the lab clock (a manual one here), and the gateway faults trunkDown and
 * nodeDown, added and removed through the control API, take them down and let them come back. The SIP state's
 * `trunks` and /_sim/metrics show them.
 */
describe('the trunks of simulated far ends follow the lab clock and the gateway faults', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let nodes: Map<string, string>;

  async function trunks(): Promise<Map<string, Trunk>> {
    const state = await admin.get('/_sim/labs/default/sip', { version: null });
    expect(state.status, state.text).to.equal(200);
    return new Map((state.json.trunks as Trunk[]).map((trunk) => [trunk.nodeName, trunk]));
  }

  async function trunk(name: string): Promise<Trunk> {
    return (await trunks()).get(name)!;
  }

  /** The node as the dashboard shows it: its keep-alive counts, network and registration state. */
  async function glance(name: string): Promise<Glance> {
    const dashboard = await admin.get('/api/dashboard/get');
    expect(dashboard.status, dashboard.text).to.equal(200);
    return (dashboard.json.sipNodes as (Glance & { displayName: string })[]).find((n) => n.displayName === name)!;
  }

  async function metric(name: string): Promise<number> {
    const text = await (await fetch(new URL('/_sim/metrics', gateway.baseUrl))).text();
    return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  }

  async function addFault(kind: string, node: string): Promise<string> {
    const added = await admin.post(FAULTS, { version: null, json: { effect: { kind, node: nodes.get(node) } } });
    expect(added.status, added.text).to.equal(200);
    return added.json.id;
  }

  async function removeFault(id: string): Promise<void> {
    const removed = await admin.delete(`${FAULTS}/${id}`, { version: null });
    expect(removed.status, removed.text).to.equal(200);
  }

  before(async () => {
    gateway = await TestGateway.start({ store: 'memory', config: { demo: true } });
    admin = gateway.admin();
    const listed = (await admin.get('/api/nodes/get')).json as Array<{ id: string; displayName: string }>;
    nodes = new Map(listed.map((n) => [n.displayName, n.id]));
  });

  after(() => gateway?.stop());

  it('lists each supervised node of the demo with its simulated far end: up, and Carrier A registered', async () => {
    const all = await trunks();
    expect([...all.keys()]).to.deep.equal(['Carrier A', 'Carrier B', 'PBX Berlin']);
    for (const each of all.values()) expect(each).to.deep.include({ farEnd: 'simulated', state: 'up' });
    const carrierA = all.get('Carrier A')!;
    expect(carrierA.target).to.equal('UDP nord.sip.telekom.example.de:5060');
    expect(carrierA.keepAlive).to.deep.equal({ intervalSeconds: 60, state: 'up', lastStatus: 200 });
    expect(carrierA.registration).to.deep.include({ state: 'registered', lastStatus: 200 });
    expect((await glance('Carrier A')).optionsPackets.sent).to.deep.equal({ success: 1, failed: 0 });
    expect((await glance('Carrier A')).registrationState).to.equal('registered');
    expect(all.get('Carrier B')!.registration, 'Carrier B registers nowhere').to.equal(undefined);
    expect(await metric('gwsim_sip_trunks_down')).to.equal(0);
    expect(await metric('gwsim_sip_trunks_registered')).to.equal(1);
  });

  it('counts an OPTIONS per interval of the lab clock, each answered (the dashboard), the SIP state unchanged', async () => {
    const before = (await glance('Carrier B')).optionsPackets.sent;
    const state = await trunks();
    const total = await metric('gwsim_sip_trunk_keepalives_total');
    gateway.clock.advance(180 * S);
    const after = (await glance('Carrier B')).optionsPackets.sent;
    expect(after.success - before.success).to.equal(3);
    expect(after.failed - before.failed).to.equal(0);
    expect(await trunks(), 'the SIP state moves only when a trunk does').to.deep.equal(state);
    expect((await metric('gwsim_sip_trunk_keepalives_total')) - total).to.equal(9);
  });

  it('takes a trunk down under trunkDown within two keep-alive intervals, loses its registration at the refresh, and brings both back when the fault ends', async () => {
    const rule = await addFault('trunkDown', 'Carrier A');
    gateway.clock.advance(120 * S);
    let carrierA = await trunk('Carrier A');
    expect(carrierA.state).to.equal('down');
    expect(carrierA.keepAlive).to.deep.include({ state: 'down', lastStatus: 503 });
    const down = await glance('Carrier A');
    expect(down.optionsPackets.sent.failed).to.be.within(1, 2);
    expect(down).to.deep.include({ networkState: 'down' });
    expect(down.transportConnections[0]!.transportUp).to.equal(false);
    expect((await trunk('Carrier B')).state, 'the other trunks stay up').to.equal('up');
    expect(await metric('gwsim_sip_trunks_down')).to.equal(1);
    expect(await metric('gwsim_sip_trunk_keepalives_failed_total')).to.equal(down.optionsPackets.sent.failed);
    // the binding (3600 s) is refreshed after 1800 s: the simulated registrar answers that REGISTER 503
    gateway.clock.advance(1800 * S);
    carrierA = await trunk('Carrier A');
    // ... and each retry, a minute apart, until the fault ends
    expect(carrierA.registration).to.deep.include({ state: 'failed', lastStatus: 503 });
    expect((await glance('Carrier A')).registrationState).to.equal('failed');
    expect(await metric('gwsim_sip_trunks_registered')).to.equal(0);

    await removeFault(rule);
    gateway.clock.advance(60 * S);
    carrierA = await trunk('Carrier A');
    expect(carrierA.state).to.equal('up');
    expect(carrierA.keepAlive!.lastStatus).to.equal(200);
    expect(carrierA.registration, 'registered again at its retry, a minute at most after a failure').to.deep.include({
      state: 'registered',
      lastStatus: 200,
    });
    expect(await metric('gwsim_sip_trunks_down')).to.equal(0);
    expect(await metric('gwsim_sip_trunks_registered')).to.equal(1);
  });

  it('takes a trunk down under nodeDown once its OPTIONS goes unanswered for 32 s, and up again after', async () => {
    const rule = await addFault('nodeDown', 'PBX Berlin');
    gateway.clock.advance(60 * S);
    const pbx = await trunk('PBX Berlin');
    expect(pbx.state, 'its OPTIONS left within the interval, unanswered').to.equal('up');
    gateway.clock.advance(32 * S);
    const down = await trunk('PBX Berlin');
    expect(down.state).to.equal('down');
    expect(down.keepAlive!.lastStatus, 'no answer').to.equal(undefined);
    await removeFault(rule);
    gateway.clock.advance(120 * S);
    expect((await trunk('PBX Berlin')).state).to.equal('up');
  });

  it('watches no trunk once the lab stops watching them (the SIP setting)', async () => {
    const off = await admin.put('/_sim/labs/default/sip', { version: null, json: { supervision: false } });
    expect(off.status, off.text).to.equal(200);
    expect(off.json.trunks).to.deep.equal([]);
    const on = await admin.put('/_sim/labs/default/sip', { version: null, json: { supervision: true } });
    expect((on.json.trunks as Trunk[]).map((t) => [t.nodeName, t.keepAlive?.state])).to.deep.equal([
      ['Carrier A', 'up'],
      ['Carrier B', 'up'],
      ['PBX Berlin', 'up'],
    ]);
  });
});
