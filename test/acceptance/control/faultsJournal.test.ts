import { expect } from 'chai';
import { TestGateway } from '../../support/TestGateway.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { FaultLab, JOURNAL } from './faultsSupport.js';

/**
 * Fault rules and the request journal through the control API, seen by real HTTP clients: the checks
 * (two 503s then normal answers, a latency the client measures, the monitor-unreachable fault), the other
 * API effects, validation naming the field, permissions, unknown labs, and the journal's filters.
 */
describe('control API: fault rules and the request journal', function () {
  this.timeout(60_000);
  let lab: FaultLab;
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    lab = await FaultLab.start();
    ({ gateway, admin } = lab);
  });
  after(() => gateway.stop());

  afterEach(() => lab.clear());

  it('journals gateway requests only (never control requests), with method, path, status, user and time; filters and limits', async () => {
    const first = gateway.clock.now().toISOString();
    await admin.get('/api/version/get');
    gateway.clock.advance(10_000);
    const later = gateway.clock.now().toISOString();
    await admin.get('/api/nodes/get');
    await gateway.client().get('/api/nodes/get');
    await admin.post('/api/callHistory/get', { json: {} });
    await admin.get('/api/no/such/operation');
    await lab.listRules();
    await lab.journal();
    const all = (await lab.journal()).json;
    expect(all).to.include({ lab: 'default', held: 5, dropped: 0, capacity: 10_000 });
    expect(all.entries.map((e: any) => `${e.method} ${e.path} ${e.status}`)).to.deep.equal([
      'GET /api/version/get 200',
      'GET /api/nodes/get 200',
      'GET /api/nodes/get 401',
      'POST /api/callHistory/get 200',
      'GET /api/no/such/operation 404',
    ]);
    expect(all.entries[0]).to.include({ user: 'anadmin', operation: 'version/get', time: first });
    expect(all.entries[0].sequence).to.be.below(all.entries[1].sequence);
    expect(all.entries[2]).to.not.have.property('user');
    const paths = async (query: Record<string, string | number>) =>
      ((await lab.journal(query)).json.entries as any[]).map((e) => `${e.method} ${e.path} ${e.status}`);
    expect(await paths({ method: 'POST' })).to.deep.equal(['POST /api/callHistory/get 200']);
    expect(await paths({ path: '/api/nodes' })).to.deep.equal(['GET /api/nodes/get 200', 'GET /api/nodes/get 401']);
    expect(await paths({ path: '/api/*/get' })).to.have.length(4);
    expect(await paths({ status: '401' })).to.deep.equal(['GET /api/nodes/get 401']);
    expect(await paths({ status: '4xx' })).to.deep.equal(['GET /api/nodes/get 401', 'GET /api/no/such/operation 404']);
    expect(await paths({ since: later })).to.have.length(4);
    expect(await paths({ limit: 2 })).to.deep.equal([
      'POST /api/callHistory/get 200',
      'GET /api/no/such/operation 404',
    ]);
    for (const [name, value] of [
      ['limit', '0'],
      ['limit', '10001'],
      ['status', '5x'],
      ['since', 'yesterday'],
      ['path', 'api'],
    ] as const) {
      const response = await lab.journal({ [name]: value });
      expectError(response, 400);
      expect(response.json.error.details[0].field).to.equal(name);
    }
    await lab.sim('DELETE', JOURNAL);
    expect((await lab.journal()).json).to.include({ held: 0 });
    expect((await lab.journal()).json.entries).to.deep.equal([]);
  });
});

describe('control API: the journal size of the configuration', function () {
  this.timeout(60_000);

  it('keeps GWSIM_JOURNAL_SIZE entries, the newest, and counts those pushed out', async () => {
    const gateway = await TestGateway.start({ config: { journalSize: 3 } });
    try {
      const admin = gateway.admin();
      for (let i = 0; i < 5; i++) await admin.get('/api/version/get', { query: { product: `p${i}` } });
      const page = (await admin.get(JOURNAL, { version: null })).json;
      expect(page).to.include({ capacity: 3, held: 3, dropped: 2 });
      expect(page.entries.map((e: { sequence: number }) => e.sequence)).to.deep.equal([3, 4, 5]);
    } finally {
      await gateway.stop();
    }
  });
});
