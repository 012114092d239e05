import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadTemplate, seedDataDir } from '../../../src/app/persistence/EmbeddedTemplate.js';
import { WorkerDatabase } from '../../../src/app/persistence/WorkerDatabase.js';

async function inMemory(onFailure?: (error: Error) => void): Promise<WorkerDatabase> {
  const template = await loadTemplate();
  const database = new WorkerDatabase(
    template ? { image: new Uint8Array(await template.arrayBuffer()) } : {},
    onFailure,
  );
  await database.ready;
  return database;
}

interface Rows {
  rows: Record<string, unknown>[];
}

describe('the embedded engine in a worker thread', function () {
  this.timeout(60_000);

  it("keeps a 16 MB buffer cache (PostgreSQL's 128 MB default is resident in full in the WebAssembly build)", async () => {
    const database = await inMemory();
    try {
      const { rows } = (await database.query('SHOW shared_buffers')) as Rows;
      expect(rows[0]!['shared_buffers']).to.equal('16MB');
    } finally {
      await database.close();
    }
  });

  it('answers queries with parameters and typed values, and statements in the order they were sent', async () => {
    const database = await inMemory();
    try {
      await database.exec('CREATE TABLE t (id int PRIMARY KEY, name text, at timestamptz, doc jsonb, flag boolean)');
      await Promise.all(
        [1, 2, 3].map((id) =>
          database.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5)', [
            id,
            `n${id}`,
            new Date('2026-01-01T00:00:00Z'),
            JSON.stringify({ id }),
            id % 2 === 1,
          ]),
        ),
      );
      const { rows } = (await database.query('SELECT * FROM t ORDER BY id')) as Rows;
      expect(rows.map((row) => row['name'])).to.deep.equal(['n1', 'n2', 'n3']);
      expect(rows[0]!['at']).to.be.instanceOf(Date);
      expect((rows[0]!['at'] as Date).toISOString()).to.equal('2026-01-01T00:00:00.000Z');
      expect(rows[1]!['doc']).to.deep.equal({ id: 2 });
      expect(rows.map((row) => row['flag'])).to.deep.equal([true, false, true]);
    } finally {
      await database.close();
    }
  });

  it('gives errors back with the fields the driver reads (code, detail, constraint) and goes on working', async () => {
    const database = await inMemory();
    try {
      await database.exec('CREATE TABLE u (id int PRIMARY KEY)');
      await database.query('INSERT INTO u VALUES ($1)', [1]);
      const failure = await database.query('INSERT INTO u VALUES ($1)', [1]).then(
        () => undefined,
        (error: unknown) => error as Error & Record<string, unknown>,
      );
      expect(failure).to.be.instanceOf(Error);
      expect(failure!['code']).to.equal('23505');
      expect(failure!['constraint']).to.equal('u_pkey');
      expect(failure!.message).to.match(/duplicate key/);
      const missing = await database.exec('SELECT * FROM nowhere').then(
        () => undefined,
        (error: unknown) => error as Record<string, unknown>,
      );
      expect(missing!['code']).to.equal('42P01');
      expect(((await database.query('SELECT count(*)::int AS n FROM u')) as Rows).rows[0]!['n']).to.equal(1);
    } finally {
      await database.close();
    }
  });

  it('keeps what it wrote in a data directory across a close and a new engine', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-worker-'));
    try {
      const dataDir = path.join(dir, 'data');
      await seedDataDir(dataDir);
      const writer = new WorkerDatabase({ dataDir });
      await writer.ready;
      await writer.exec('CREATE TABLE kept (v text)');
      await writer.query('INSERT INTO kept VALUES ($1)', ['still here']);
      await writer.close();
      const reader = new WorkerDatabase({ dataDir });
      await reader.ready;
      expect(((await reader.query('SELECT v FROM kept')) as Rows).rows).to.deep.equal([{ v: 'still here' }]);
      await reader.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses every request after close, and tells nobody of a failure then', async () => {
    let told: Error | undefined;
    const database = await inMemory((error) => {
      told = error;
    });
    await database.close();
    const after = await database.query('SELECT 1').then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(after).to.be.instanceOf(Error);
    expect(after!.message).to.match(/embedded engine stopped/);
    expect(told).to.equal(undefined);
  });
});
