import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { ReadinessCheck } from '../../../src/shared/application/ReadinessCheck.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import { MONITOR_SCHEMA, MonitorDatabase } from '../../../src/contexts/monitoring/index.js';
import { HttpListener } from '../../../src/app/HttpListener.js';
import { OPERATIONS, SERVED_OPERATIONS } from '../../../src/app/operations.js';
import { PROBE_PATHS } from '../../../src/app/http/simEndpoints.js';
import { DOCS_PATH } from '../../../src/app/http/swaggerUi.js';
import { TestGateway } from '../../support/TestGateway.js';
import { expectError, readResponse } from '../../support/expectError.js';
import { parsePrometheusText } from '../../support/prometheusText.js';

const TOKEN = 'scrape-token-0123456789';

class FailingCheck extends ReadinessCheck {
  readonly name = 'monitor-store';
  async check(): Promise<string | undefined> {
    return 'the monitor store does not answer (ECONNREFUSED)';
  }
}

async function metrics(gateway: TestGateway, headers: Record<string, string> = {}) {
  const response = await fetch(new URL('/_sim/metrics', gateway.baseUrl), { headers });
  expect(response.status, await response.clone().text()).to.equal(200);
  expect(response.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

describe('readiness of a store that lacks a migration', function () {
  this.timeout(120_000);

  it('is not ready, 503 naming the migration, when the store lacks a migration this build has', async () => {
    const other = await TestGateway.start();
    const dataSource = other.get(DataSource);
    const [last] = (await dataSource.query(
      'SELECT id, timestamp, name FROM schema_migration ORDER BY id DESC LIMIT 1',
    )) as Array<{ id: number; timestamp: string; name: string }>;
    try {
      await dataSource.query('DELETE FROM schema_migration WHERE name = $1', [last!.name]);
      const ready = await other.client().get('/_sim/ready', { version: null });
      expectError(ready, 503, 'NOT_READY');
      expect(ready.headers.get('retry-after')).to.equal('5');
      expect(ready.json.error.details).to.deep.equal([
        { field: 'store', rule: 'ready', message: `1 migration(s) not applied: ${last!.name}` },
      ]);
      expect((await other.client().get('/_sim/health', { version: null })).status).to.equal(200);
    } finally {
      await dataSource.query('INSERT INTO schema_migration (id, timestamp, name) VALUES ($1, $2, $3)', [
        last!.id,
        last!.timestamp,
        last!.name,
      ]);
      await other.stop();
    }
  });
});

describe('readiness of a monitor store that lacks a migration', function () {
  this.timeout(120_000);

  it('is not ready, 503 naming the monitor store and the migration', async () => {
    const other = await TestGateway.start();
    const { dataSource } = other.get(MonitorDatabase);
    const table = `"${MONITOR_SCHEMA}"."schema_migration"`;
    const [last] = (await dataSource.query(
      `SELECT id, timestamp, name FROM ${table} ORDER BY id DESC LIMIT 1`,
    )) as Array<{ id: number; timestamp: string; name: string }>;
    try {
      await dataSource.query(`DELETE FROM ${table} WHERE name = $1`, [last!.name]);
      const ready = await other.client().get('/_sim/ready', { version: null });
      expectError(ready, 503, 'NOT_READY');
      expect(ready.json.error.details).to.deep.equal([
        { field: 'monitor-store', rule: 'ready', message: `1 migration(s) not applied: ${last!.name}` },
      ]);
    } finally {
      await dataSource.query(`INSERT INTO ${table} (id, timestamp, name) VALUES ($1, $2, $3)`, [
        last!.id,
        last!.timestamp,
        last!.name,
      ]);
      await other.stop();
    }
  });
});

describe('the operations endpoints: /_sim/health, /_sim/ready, /_sim/metrics', function () {
  this.timeout(120_000);
  let gateway: TestGateway;
  before(async () => {
    gateway = await TestGateway.start();
  });
  after(() => gateway.stop());

  it('answers health and readiness without credentials, naming the store check', async () => {
    const anonymous = gateway.client();
    const health = await anonymous.get('/_sim/health', { version: null });
    expect(health.status).to.equal(200);
    expect(health.json).to.include({ status: 'up', version: '0.1.0' });
    expect(health.json.uptimeSeconds).to.be.a('number');
    const ready = await anonymous.get('/_sim/ready', { version: null });
    expect(ready.status, ready.text).to.equal(200);
    expect(ready.json).to.deep.equal({ status: 'ready', checks: { store: 'ok', 'monitor-store': 'ok' } });
    expect(ready.headers.get('cache-control')).to.equal('no-store');
  });

  it('is not ready while a check bound by a context fails, and names that check', async () => {
    const other = await TestGateway.start({ store: 'memory' });
    try {
      expect((await other.client().get('/_sim/ready', { version: null })).json).to.deep.equal({
        status: 'ready',
        checks: {},
      });
      other.simulator.container.bind(ReadinessCheck).toConstantValue(new FailingCheck());
      const ready = await other.client().get('/_sim/ready', { version: null });
      expectError(ready, 503, 'NOT_READY');
      expect(ready.json.error.message).to.equal(
        'not ready: monitor-store: the monitor store does not answer (ECONNREFUSED)',
      );
    } finally {
      await other.stop();
    }
  });

  it('answers /_sim/health 200 "starting" and /_sim/ready 503 STARTING before the API is served', async () => {
    const listener = await HttpListener.bind(0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${listener.address.port}`;
      const health = await readResponse(await fetch(`${base}/_sim/health`));
      expect(health.status).to.equal(200);
      expect(health.json.status).to.equal('starting');
      expectError(await readResponse(await fetch(`${base}/_sim/ready`)), 503, 'STARTING');
    } finally {
      await listener.close(0);
    }
  });

  it('serves metrics in the Prometheus text format whose request counters and latency histogram move with traffic', async () => {
    const before = await metrics(gateway);
    const admin = gateway.admin();
    for (let i = 0; i < 3; i += 1) expect((await admin.get('/api/version/get')).status).to.equal(200);
    expect((await gateway.client().get('/api/version/get')).status).to.equal(401);
    expect((await gateway.client().get('/api/no/such/path')).status).to.equal(404);
    const after = await metrics(gateway);
    expect(after.types.get('gwsim_http_requests_total')).to.equal('counter');
    expect(after.types.get('gwsim_http_request_duration_seconds')).to.equal('histogram');
    const count = (m: typeof after, labels: Record<string, string>) =>
      m.value('gwsim_http_requests_total', labels) ?? 0;
    expect(
      count(after, { operation: 'GET /api/version/get', status: '200' }) -
        count(before, { operation: 'GET /api/version/get', status: '200' }),
    ).to.equal(3);
    expect(
      count(after, { operation: 'GET /api/version/get', status: '401' }) -
        count(before, { operation: 'GET /api/version/get', status: '401' }),
    ).to.equal(1);
    expect(
      count(after, { operation: 'unmatched', status: '404' }) -
        count(before, { operation: 'unmatched', status: '404' }),
    ).to.equal(1);
    const observed = (m: typeof after) =>
      m.value('gwsim_http_request_duration_seconds_count', { operation: 'GET /api/version/get' }) ?? 0;
    expect(observed(after) - observed(before)).to.equal(4);
    expect(
      after.value('gwsim_http_request_duration_seconds_bucket', { operation: 'GET /api/version/get', le: '+Inf' }),
    ).to.equal(observed(after));
    // no raw path becomes a label value
    expect(after.samples.some((s) => Object.values(s.labels).some((v) => v.includes('/no/such')))).to.equal(false);
  });

  it('counts logins that open a session and refused logins by code', async () => {
    const before = await metrics(gateway);
    expect((await gateway.client('anadmin', 'wrong-password').get('/api/version/get')).status).to.equal(401);
    expect((await gateway.client('nobody', 'x').get('/api/version/get')).status).to.equal(401);
    const fresh = gateway.admin();
    expect((await fresh.get('/api/version/get')).status).to.equal(200);
    const after = await metrics(gateway);
    const failed = (m: typeof after) => m.value('gwsim_failed_logins_total', { code: 'INVALID_CREDENTIALS' }) ?? 0;
    expect(failed(after) - failed(before)).to.equal(2);
    // the failure made the gateway forget anadmin's verified credentials, so the next login was a full one
    expect((after.value('gwsim_logins_total') ?? 0) - (before.value('gwsim_logins_total') ?? 0)).to.equal(1);
    // and credentials verified a moment ago are not counted again
    expect((await gateway.admin().get('/api/version/get')).status).to.equal(200);
    expect((await metrics(gateway)).value('gwsim_logins_total')).to.equal(after.value('gwsim_logins_total'));
  });

  it('keeps the operations endpoints out of /openapi.json and lists them, without credentials, in /_sim/openapi.json', async () => {
    const gatewayDocument = (await gateway.client().get('/openapi.json', { version: null })).json;
    expect(Object.keys(gatewayDocument.paths).filter((path) => path.startsWith('/_sim'))).to.deep.equal([]);
    const control = (await gateway.client().get('/_sim/openapi.json', { version: null })).json;
    for (const path of ['/_sim/health', '/_sim/ready', '/_sim/metrics'])
      expect(control.paths[path]?.get, path).to.be.an('object');
    expect(control.paths['/_sim/health'].get.security).to.deep.equal([]);
  });

  it('shares no path with the operation table: no gateway operation under /_sim, no control operation on these endpoints', () => {
    expect(OPERATIONS.filter((op) => op.path.startsWith('/_sim/')).map((op) => op.path)).to.deep.equal([]);
    expect(
      SERVED_OPERATIONS.filter(
        (op) => PROBE_PATHS.has(op.path) || op.path === DOCS_PATH || op.path.startsWith(`${DOCS_PATH}/`),
      ).map((op) => op.path),
    ).to.deep.equal([]);
  });

  it('refuses other methods on the endpoints with 405 and Allow', async () => {
    for (const path of ['/_sim/health', '/_sim/ready', '/_sim/metrics', '/_sim/docs']) {
      const response = await gateway.client().post(path, { version: null });
      expectError(response, 405, 'METHOD_NOT_ALLOWED', { what: path });
      expect(response.headers.get('allow')).to.equal('GET, HEAD');
    }
  });

  describe('with GWSIM_METRICS_TOKEN set', () => {
    let guarded: TestGateway;
    before(async () => {
      guarded = await TestGateway.start({ store: 'memory', config: { metricsToken: TOKEN } });
    });
    after(() => guarded.stop());

    it('asks for the token as a Bearer token on /_sim/metrics only', async () => {
      for (const authorization of [
        undefined,
        'Bearer wrong-token-0123456789',
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      ]) {
        const response = await readResponse(
          await fetch(new URL('/_sim/metrics', guarded.baseUrl), { headers: authorization ? { authorization } : {} }),
        );
        expectError(response, 401, 'METRICS_TOKEN_REQUIRED', { what: String(authorization) });
        expect(response.headers.get('www-authenticate')).to.match(/^Bearer/);
      }
      await metrics(guarded, { authorization: `Bearer ${TOKEN}` });
      expect((await guarded.client().get('/_sim/health', { version: null })).status).to.equal(200);
    });
  });
});

describe("the simulator's figures at /_sim/metrics", function () {
  this.timeout(120_000);

  it('follow the demo traffic: calls started and calls in progress, read from the simulator at each scrape', async () => {
    const gateway = await TestGateway.start({ store: 'memory', config: { demo: true } });
    try {
      const quiet = await metrics(gateway);
      expect(quiet.types.get('gwsim_active_sessions')).to.equal('gauge');
      expect(quiet.types.get('gwsim_calls_total')).to.equal('counter');
      expect(quiet.value('gwsim_active_sessions')).to.equal(0);
      expect(quiet.value('gwsim_calls_total')).to.equal(0);
      gateway.clock.advanceSeconds(120);
      const traffic = gateway.get(TrafficLabs);
      await traffic.advance(DEFAULT_LAB);
      const busy = await metrics(gateway);
      const state = traffic.state(DEFAULT_LAB);
      expect(state.counters!.started).to.be.greaterThan(3);
      expect(busy.value('gwsim_calls_total')).to.equal(state.counters!.started);
      expect(busy.value('gwsim_active_sessions')).to.equal(state.active).and.be.greaterThan(0);
    } finally {
      await gateway.stop();
    }
  });
});
