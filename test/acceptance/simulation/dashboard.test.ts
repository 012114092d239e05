import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { expectError } from '../../support/expectError.js';
import { addLocalUser, addRole, permissionsFor } from '../identity/identitySupport.js';

const CORPORATE = '5f0c1e2a-7b3d-4c8e-9a61-2d4f8b0e1a01';
const DAY = 86_400_000;

/** Every field the real product's monitoring clients bind, with its JSON type ([x]: an array of x). */
import { strictBreaches } from '../../support/strictShape.js';

const INT = 'integer';
const STR = 'string';
const BOOL = 'boolean';
const COUNTS = { success: INT, failed: INT };
const RANGE = { firstPort: INT, lastPort: INT };
const PORT = { enabled: BOOL, port: INT };
const SHAPE = {
  sipNodes: [
    {
      displayName: STR,
      enabled: BOOL,
      operational: BOOL,
      networkState: STR,
      registrationState: STR,
      remoteSipDomain: STR,
      ipAddress: STR,
      natTraversalEnabled: BOOL,
      sessions: { incomingCalls: INT, outgoingCalls: INT },
      optionsPackets: { sent: COUNTS, received: COUNTS },
      portRanges: { udp: RANGE, tcp: RANGE },
      localPorts: { udp: PORT, tcp: PORT, tls: PORT },
      registeredClientList: [
        {
          bindingIri: STR,
          lastRefresh: STR,
          addressOfRecord: STR,
          ipAddress: STR,
          registration: STR,
          expiration: STR,
          user: STR,
          sipUserAgent: STR,
        },
      ],
      transportConnections: [{ transportUp: BOOL, transportId: STR, transportTargetIri: STR }],
    },
  ],
  ldapConnections: [
    {
      displayName: STR,
      hostname: STR,
      encryption: STR,
      establishTime: STR,
      lastSearchTime: STR,
      username: STR,
      state: STR,
      port: INT,
      cachedItems: INT,
      searchCount: INT,
    },
  ],
  sfbUcmaNodes: [{}],
  certificates: [{ commonName: STR, expiresInDays: INT }],
};

interface Node {
  id: string;
  displayName: string;
  operational: boolean;
  networkState: string;
  registrationState: string;
  sessions: { incomingCalls: number; outgoingCalls: number };
}

/**
 * `GET /api/dashboard/get` on the demo (no real SIP): every field a monitoring client of the real product binds, with
 * its type; the calls in progress per node as activeSessions lists them; the gateway faults, the lab clock and the
 * directory logins as they move it.
 */
describe('dashboard/get: the gateway at a glance, as the real product answers it', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;

  async function dashboard(query: Record<string, string | number> = {}): Promise<{
    sipNodes: Node[];
    ldapConnections: Record<string, string | number>[];
    sfbUcmaNodes: unknown[];
    certificates: { commonName: string; expiresInDays: number }[];
  }> {
    const answer = await admin.get('/api/dashboard/get', { query: { version: 0, ...query } });
    expect(answer.status, answer.text).to.equal(200);
    expect(strictBreaches(answer.json, SHAPE)).to.deep.equal([]);
    return answer.json;
  }

  async function node(name: string): Promise<Node> {
    return (await dashboard()).sipNodes.find((n) => n.displayName === name)!;
  }

  before(async () => {
    gateway = await TestGateway.start({ store: 'memory', config: { demo: true } });
    admin = gateway.admin();
  });
  after(() => gateway?.stop());

  it('lists every node of the demo, operational, with its trunk and registration state, and nothing null', async () => {
    const answer = await dashboard();
    expect(answer.sipNodes.map((n) => n.displayName)).to.deep.equal(['Carrier A', 'Carrier B', 'PBX Berlin']);
    for (const each of answer.sipNodes) expect(each).to.deep.include({ operational: true, networkState: 'up' });
    expect(answer.sipNodes.map((n) => n.registrationState)).to.deep.equal([
      'registered',
      'notConfigured',
      'notConfigured',
    ]);
    expect(answer.sfbUcmaNodes).to.deep.equal([]);
    const carrierA = answer.sipNodes[0] as Node & Record<string, unknown>;
    expect(carrierA).to.deep.include({
      remoteSipDomain: 'nord.sip.telekom.example.de',
      natTraversalEnabled: true,
      portRanges: { udp: { firstPort: 5080, lastPort: 5080 }, tcp: { firstPort: 9000, lastPort: 12000 } },
    });
    expect(carrierA['transportConnections']).to.have.length(1);
    expect(carrierA['transportConnections']).to.deep.include.members([
      {
        transportUp: true,
        transportId: (carrierA['transportConnections'] as { transportId: string }[])[0]!.transportId,
        transportTargetIri: 'sip:nord.sip.telekom.example.de:5060',
      },
    ]);
    expect(answer.ldapConnections.map((c) => [c['displayName'], c['state'], c['port'], c['encryption']])).to.deep.equal(
      [
        ['Corporate Active Directory', 'connected', 636, 'ssl'],
        ['Lab OpenLDAP', 'connected', 389, 'none'],
      ],
    );
    expect(JSON.stringify(answer)).to.not.contain('null');
  });

  it("counts a certificate's days to expiry on the lab clock", async () => {
    const before = (await dashboard()).certificates;
    expect(before.map((c) => c.commonName)).to.deep.equal(['gateway.gwsim.invalid']);
    gateway.clock.advance(10 * DAY);
    const after = (await dashboard()).certificates;
    expect(after[0]!.expiresInDays).to.equal(before[0]!.expiresInDays - 10);
  });

  it('counts a login through a directory as a search there, at the lab clock', async () => {
    const created = await admin.post('/api/users/add', {
      json: {
        displayName: 'Alice Example',
        loginLocally: false,
        ldapLogin: true,
        ldapAuthentications: [{ name: 'alice', ldapAuthorityId: CORPORATE }],
        roleIds: ['CALL_HISTORY_EXPORTER'],
        passwordChange: null,
      },
    });
    expect(created.status, created.text).to.equal(200);
    const before = (await dashboard()).ldapConnections[0]!;
    expect((await gateway.client('alice', 'Alice-Corp-2024').get('/api/version/get')).status).to.equal(200);
    const after = (await dashboard()).ldapConnections[0]!;
    expect(Number(after['searchCount']) - Number(before['searchCount'])).to.equal(1);
    expect(after['cachedItems']).to.equal(1);
    expect(after['lastSearchTime']).to.equal(`UTC ${gateway.clock.now().toISOString().slice(0, 19).replace('T', ' ')}`);
    const iso = (await dashboard({ dateFormat: 'ISO-8601' })).ldapConnections[0]!;
    expect(String(iso['lastSearchTime'])).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('counts each node’s calls in progress as activeSessions lists them', async () => {
    const started = await admin.put('/_sim/labs/default/traffic', {
      version: null,
      json: {
        running: true,
        profile: { callsPerSecond: 2, holdingTime: { distribution: 'exponential', meanSeconds: 60 } },
      },
    });
    expect(started.status, started.text).to.equal(200);
    for (let second = 0; second < 20; second += 1) {
      gateway.clock.advance(1000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
    const sessions = await admin.post('/api/activeSessions/get', { query: { version: 0 }, json: {} });
    expect(sessions.status, sessions.text).to.equal(200);
    const listed = sessions.json.activeSessions as { incoming: { nodeId: string }; outgoing: { nodeId: string }[] }[];
    expect(listed.length).to.be.greaterThan(10);
    const nodes = (await dashboard()).sipNodes as (Node & { id: string })[];
    for (const each of nodes) {
      expect(each.sessions.incomingCalls, each.displayName).to.equal(
        listed.filter((s) => s.incoming.nodeId === each.id).length,
      );
      expect(each.sessions.outgoingCalls, each.displayName).to.equal(
        listed.filter((s) => s.outgoing.at(-1)?.nodeId === each.id).length,
      );
    }
    const stopped = await admin.put('/_sim/labs/default/traffic', { version: null, json: { running: false } });
    expect(stopped.status).to.equal(200);
  });

  it('shows a node the gateway fault nodeDown holds as down and not operational, and up again after', async () => {
    const id = (await node('Carrier B')) as Node & { id: string };
    const added = await admin.post('/_sim/labs/default/faults', {
      version: null,
      json: { effect: { kind: 'nodeDown', node: id.id } },
    });
    expect(added.status, added.text).to.equal(200);
    expect(await node('Carrier B')).to.deep.include({ operational: false, networkState: 'down' });
    expect((await node('Carrier A')).operational, 'the others stay up').to.equal(true);
    expect((await admin.delete(`/_sim/labs/default/faults/${added.json.id}`, { version: null })).status).to.equal(200);
    expect(await node('Carrier B')).to.deep.include({ operational: true, networkState: 'up' });
  });

  it('answers with API and monitoring read, and refuses without monitoring read', async () => {
    await addRole(admin, 'monitor', permissionsFor(['API', 'MON-R']));
    await addRole(admin, 'no_monitor', permissionsFor(['API']));
    await addLocalUser(admin, 'monitor', 'Monitor-Pass-2026!x', { roleIds: ['monitor'] });
    await addLocalUser(admin, 'nomon', 'Nomon-Pass-2026!x', { roleIds: ['no_monitor'] });
    const granted = await gateway.client('monitor', 'Monitor-Pass-2026!x').get('/api/dashboard/get', { version: 0 });
    expect(granted.status, granted.text).to.equal(200);
    const refused = await gateway.client('nomon', 'Nomon-Pass-2026!x').get('/api/dashboard/get', { version: 0 });
    expectError(refused, 403, 'PERMISSION_DENIED');
  });
});
