import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { MonitorRetention } from '../../../src/contexts/monitoring/history/application/MonitorRetention.js';
import { MonitorAvailability } from '../../../src/contexts/monitoring/index.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { expectError } from '../../support/expectError.js';
import { MonitorRecordMother } from '../../support/MonitorRecordMother.js';
import { TestGateway } from '../../support/TestGateway.js';
import { testDatabaseUrl } from '../../support/testStores.js';

const LAB = 'default' as LabId;

async function feed(gateway: TestGateway, count: number, prefix: string): Promise<void> {
  const sinks = gateway.get(BatchingMonitorSinks);
  for (const call of MonitorRecordMother.calls(count, new Date('2026-03-01T08:00:00Z'), (i) => ({
    sessionIdentifier: `${prefix}-${i}`,
  })))
    sinks.recordCall(LAB, call);
  await sinks.flush();
}

describe("the monitor's own store", function () {
  this.timeout(120_000);

  it('keeps its call history in <dataDir>/monitor on the embedded engine, across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gwsim-monitor-'));
    try {
      const config = { databaseUrl: undefined, dataDir, ephemeral: false };
      const first = await TestGateway.start({ config });
      try {
        await feed(first, 12, 'kept');
      } finally {
        await first.stop();
      }
      expect(existsSync(path.join(dataDir, 'monitor', 'PG_VERSION')), 'a cluster of its own').to.equal(true);
      const second = await TestGateway.start({ config, keepData: true });
      try {
        const { json } = await second.admin().post('/api/callHistory/get', { json: {} });
        expect(json.totalCount).to.equal(12);
        expect(json.entries[0].sessionIdentifier).to.equal('kept-11');
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('on a PostgreSQL server of its own (MONITOR_DATABASE_URL)', () => {
    const mainUrl = testDatabaseUrl();
    const monitorUrl = process.env['TEST_MONITOR_DATABASE_URL'];
    let gateway: TestGateway;

    before(async function () {
      if (!mainUrl || !monitorUrl || !/test/.test(new URL(monitorUrl).pathname)) this.skip();
      const wipe = new DataSource({ type: 'postgres', url: monitorUrl });
      await wipe.initialize();
      await wipe.query('DROP SCHEMA IF EXISTS monitor CASCADE');
      await wipe.destroy();
      gateway = await TestGateway.start({ config: { monitorDatabaseUrl: monitorUrl } });
    });
    after(async () => {
      await gateway?.stop();
    });

    it('writes there, in schema monitor, and nothing into the main database', async () => {
      await feed(gateway, 5, 'apart');
      const count = async (url: string) => {
        const ds = new DataSource({ type: 'postgres', url });
        await ds.initialize();
        try {
          const [row] = (await ds.query("SELECT to_regclass('monitor.call_history') IS NOT NULL AS present")) as Array<{
            present: boolean;
          }>;
          return row!.present
            ? Number(((await ds.query('SELECT count(*) AS n FROM monitor.call_history')) as Array<{ n: string }>)[0]!.n)
            : -1;
        } finally {
          await ds.destroy();
        }
      };
      expect(await count(monitorUrl!)).to.equal(5);
      expect(await count(mainUrl!), 'no monitor tables in the main database').to.equal(-1);
    });

    it('is unreachable while its server refuses connections (503, text status, drops), and reachable again once it answers', async () => {
      const admin = gateway.admin();
      const database = new URL(monitorUrl!).pathname.slice(1);
      const dba = new DataSource({ type: 'postgres', url: mainUrl });
      await dba.initialize();
      try {
        await dba.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
        await dba.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
        const down = await admin.post('/api/callHistory/get', { json: {} });
        expectError(down, 503, 'MONITOR_UNREACHABLE');
        expect((await admin.get('/api/version/get')).json.monitor).to.equal('Service Unavailable');
        const sinks = gateway.get(BatchingMonitorSinks);
        const dropped = sinks.counters().dropped.calls;
        sinks.recordCall(LAB, MonitorRecordMother.call({ sessionIdentifier: 'while-down' }));
        expect(sinks.counters().dropped.calls).to.equal(dropped + 1);
        await gateway.get(MonitorRetention).runOnce();
        expect(gateway.get(MonitorAvailability).status(LAB).reachable, 'the probe still fails').to.equal(false);
      } finally {
        await dba.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
        await dba.destroy();
      }
      await gateway.get(MonitorRetention).runOnce();
      expect(gateway.get(MonitorAvailability).status(LAB).reachable).to.equal(true);
      const again = await admin.post('/api/callHistory/get', { json: {} });
      expect(again.status).to.equal(200);
      expect(again.json.totalCount).to.equal(5);
    });
  });
});
