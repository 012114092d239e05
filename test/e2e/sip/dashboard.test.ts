import { expect } from 'chai';
import { fixture, runSipp, startSipp, type RunningSipp } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { registrarWithAlice } from './registeredPhone.js';
import { sipTransportLab } from './sipTransportSupport.js';

interface Glance {
  id: string;
  displayName: string;
  operational: boolean;
  sessions: { incomingCalls: number; outgoingCalls: number };
  optionsPackets: { sent: { success: number; failed: number }; received: { success: number; failed: number } };
  localPorts: { udp: { enabled: boolean; port: number } };
  registeredClientList: Record<string, string>[];
}

interface Session {
  incoming: { nodeId: string };
  outgoing: { nodeId: string }[];
}

/**
 * The dashboard of a lab carrying real SIP (SIPp on both sides, a phone registered by SIPp): the calls in progress
 * per node agree with activeSessions while the calls run, an OPTIONS a peer sends is counted on the node that
 * answered it, and a phone's REGISTER shows in its registrar node's list.
 */
describe('dashboard/get while real SIP calls run', function () {
  this.timeout(120_000);
  const lab = sipTransportLab();
  const running: RunningSipp[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((sipp) => sipp.stop()));
  });

  async function dashboard(): Promise<Map<string, Glance>> {
    const answer = await lab.state().admin.get('/api/dashboard/get');
    expect(answer.status, answer.text).to.equal(200);
    return new Map((answer.json.sipNodes as Glance[]).map((node) => [node.displayName, node]));
  }

  it('counts the calls in progress per node as activeSessions lists them, and nothing once they ended', async () => {
    const { admin, pbxPort, uasPort } = lab.state();
    const uas = await startSipp({ scenario: fixture('uas-status'), localPort: uasPort, timeoutMs: 60_000 });
    running.push(uas);
    const calls = 6;
    const uac = startSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123456',
      calls,
      rate: 10,
      keys: { status: '200', hold_ms: '6000' },
      timeoutMs: 60_000,
    });
    running.push(await uac);
    let sessions: Session[] = [];
    await until(
      async () => {
        const answer = await admin.post('/api/activeSessions/get', { json: {} });
        sessions = answer.json.activeSessions as Session[];
        return sessions.length === calls;
      },
      `${calls} calls in progress`,
      15_000,
    );
    const nodes = await dashboard();
    const pbx = nodes.get('PBX')!;
    const far = nodes.get('Far PBX')!;
    expect(pbx.sessions).to.deep.equal({
      incomingCalls: sessions.filter((s) => s.incoming.nodeId === pbx.id).length,
      outgoingCalls: 0,
    });
    expect(far.sessions).to.deep.equal({
      incomingCalls: 0,
      outgoingCalls: sessions.filter((s) => s.outgoing.at(-1)?.nodeId === far.id).length,
    });
    expect(pbx.sessions.incomingCalls).to.equal(calls);
    expect(pbx.localPorts.udp).to.deep.equal({ enabled: true, port: pbxPort });
    await until(
      async () =>
        [...(await dashboard()).values()].every((n) => n.sessions.incomingCalls + n.sessions.outgoingCalls === 0),
      'no call in progress once SIPp hung up',
      20_000,
    );
  });

  it('counts an OPTIONS a peer sends on the node that answered it', async () => {
    const { pbxPort } = lab.state();
    const before = (await dashboard()).get('PBX')!.optionsPackets.received;
    const options = await runSipp({
      scenario: fixture('uac-options'),
      remote: `127.0.0.1:${pbxPort}`,
      service: 'ping',
      calls: 2,
      timeoutMs: 30_000,
    });
    expect(options.successful, options.errors).to.equal(2);
    const after = (await dashboard()).get('PBX')!.optionsPackets.received;
    expect(after).to.deep.equal({ success: before.success + 2, failed: before.failed });
  });

  it('lists a phone registered at a registrar node with its contact, address of record and expiry', async () => {
    await registrarWithAlice(lab.state().admin, lab, 65021);
    const phones = (await dashboard()).get('Phones')!.registeredClientList;
    expect(phones).to.have.length(1);
    expect(phones[0]).to.deep.include({
      user: 'alice',
      addressOfRecord: 'sip:alice@phones.test',
      ipAddress: '127.0.0.1',
      registration: 'active',
      sipUserAgent: '',
    });
    expect(phones[0]!['bindingIri']).to.match(/^sip:alice@127\.0\.0\.1:\d+;transport=UDP$/);
    const refreshed = Date.parse(phones[0]!['lastRefresh']!.replace('UTC ', '') + 'Z');
    const expires = Date.parse(phones[0]!['expiration']!.replace('UTC ', '') + 'Z');
    expect(expires - refreshed).to.be.within(3_599_000, 3_600_000);
  });
});
