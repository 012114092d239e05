import { expect } from 'chai';
import { loadTemplate } from '../../../src/app/persistence/EmbeddedTemplate.js';
import type { DatabaseRequests } from '../../../src/app/persistence/DatabaseRequests.js';
import { PortDatabase } from '../../../src/app/persistence/PortDatabase.js';
import { WorkerDatabase } from '../../../src/app/persistence/WorkerDatabase.js';

interface Rows {
  rows: Record<string, unknown>[];
}

async function inMemory(): Promise<WorkerDatabase> {
  const template = await loadTemplate();
  const database = new WorkerDatabase(template ? { image: new Uint8Array(await template.arrayBuffer()) } : {});
  await database.ready;
  return database;
}

const count = async (database: { query(sql: string): Promise<unknown> }) =>
  ((await database.query('SELECT count(*)::int AS n FROM t')) as Rows).rows[0]!['n'];

/**
 * The embedded engine shared by two threads (the API's and the simulator's): each has a session of its own, and a
 * transaction of one keeps the engine to itself until it ends, so the other's statements never land inside it.
 */
describe('sessions of the embedded engine for another thread', function () {
  this.timeout(60_000);
  let database: WorkerDatabase;
  let other: PortDatabase;

  beforeEach(async () => {
    database = await inMemory();
    other = new PortDatabase(await database.attachSession());
    await database.exec('CREATE TABLE t (id int PRIMARY KEY)');
  });
  afterEach(async () => {
    await other.close();
    await database.close();
  });

  it("runs the other session's statements only once a transaction of the first has committed, and the reverse", async () => {
    await database.exec('START TRANSACTION');
    await database.query('INSERT INTO t VALUES ($1)', [1]);
    const order: string[] = [];
    const read = other.query('SELECT count(*)::int AS n FROM t').then((result) => {
      order.push('other read');
      return (result as Rows).rows[0]!['n'];
    });
    const written = other.query('INSERT INTO t VALUES ($1)', [2]).then(() => order.push('other wrote'));
    // still in its transaction: the first session goes on, the other waits
    await database.query('INSERT INTO t VALUES ($1)', [3]);
    expect(await count(database), 'the first session sees its own rows').to.equal(2);
    order.push('first commits');
    await database.exec('COMMIT');
    expect(await read, 'the other session read after the commit, never inside the transaction').to.equal(2);
    await written;
    expect(order).to.deep.equal(['first commits', 'other read', 'other wrote']);

    await other.exec('START TRANSACTION');
    await other.query('INSERT INTO t VALUES ($1)', [4]);
    const firstRead = count(database);
    await other.exec('ROLLBACK');
    expect(await firstRead, 'the rolled-back row was never seen by the first session').to.equal(3);
  });

  it('rolls back the transaction of a session whose port closes inside it, and goes on serving the others', async () => {
    await other.exec('START TRANSACTION');
    await other.query('INSERT INTO t VALUES ($1)', [7]);
    const waiting = count(database);
    await other.close();
    expect(await waiting, 'the first session waited, then saw nothing of the abandoned transaction').to.equal(0);
    await database.query('INSERT INTO t VALUES ($1)', [8]);
    expect(await count(database)).to.equal(1);
    const after = await other.query('SELECT 1').then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(after?.message).to.match(/session of the embedded engine is closed/);
  });

  it("answers a failed statement of a session with the engine's error fields; a failed COMMIT still frees the engine", async () => {
    const failure = await other.query('INSERT INTO t VALUES ($1)', ['not a number']).then(
      () => undefined,
      (error: unknown) => error as Error & Record<string, unknown>,
    );
    expect(failure?.['code']).to.equal('22P02');
    await other.exec('START TRANSACTION');
    await other.query('INSERT INTO t VALUES ($1)', [1]).then(() => undefined);
    await other.query('INSERT INTO t VALUES ($1)', [1]).catch(() => undefined); // the transaction is aborted now
    const commit = await other.exec('COMMIT').then(
      (result) => result,
      (error: unknown) => error,
    );
    // PostgreSQL answers COMMIT of an aborted transaction with a ROLLBACK; either way the engine is free again
    expect(commit).to.not.equal(undefined);
    expect(await count(database), 'nothing of the aborted transaction stayed').to.equal(0);
  });

  it('lets only the thread that started the engine close it', async () => {
    const refused = await (other as unknown as { requests: DatabaseRequests }).requests
      .send({ id: 0, op: 'close' })
      .then(
        () => undefined,
        (error: unknown) => error as Error,
      );
    expect(refused?.message).to.match(/only the thread that started the embedded engine may close it/);
    expect(await count(database), 'the engine still serves').to.equal(0);
  });
});
