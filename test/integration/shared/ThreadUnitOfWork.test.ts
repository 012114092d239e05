import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/app/persistence/dataSourceOptions.js';
import { loadTemplate } from '../../../src/app/persistence/EmbeddedTemplate.js';
import { databaseDriver, type QueryableDatabase } from '../../../src/app/persistence/DatabasePool.js';
import { PortDatabase } from '../../../src/app/persistence/PortDatabase.js';
import { WorkerDatabase } from '../../../src/app/persistence/WorkerDatabase.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { DatabaseKind } from '../../../src/shared/infrastructure/persistence/DatabaseKind.js';
import { ThreadCommits } from '../../../src/shared/infrastructure/persistence/ThreadCommits.js';
import { TypeOrmUnitOfWork } from '../../../src/shared/infrastructure/persistence/TypeOrmUnitOfWork.js';
import { maintenanceModeProbe } from './maintenanceModeProbe.js';

/** Counts the statements sent to an engine. */
function counting(database: QueryableDatabase): QueryableDatabase & { statements: number } {
  const counted = {
    statements: 0,
    query: (sql: string, params?: unknown[]) => {
      counted.statements += 1;
      return database.query(sql, params);
    },
    exec: (sql: string) => {
      counted.statements += 1;
      return database.exec(sql);
    },
    close: () => database.close(),
  };
  return counted;
}

/**
 * The units of work of the API's thread and the simulator's thread on one embedded engine (SimulatorThread): each
 * answers its lab revisions from memory until the other thread commits (ThreadCommits), so a change made through
 * one thread is seen by the next request to the other, and their transactions never interleave (DatabaseSessions).
 */
describe('units of work of two threads on one embedded engine', function () {
  this.timeout(60_000);
  let database: WorkerDatabase;
  let apiSource: DataSource;
  let simulatorSource: DataSource;
  let simulatorDatabase: ReturnType<typeof counting>;
  let api: TypeOrmUnitOfWork;
  let simulator: TypeOrmUnitOfWork;
  const repository = maintenanceModeProbe();
  const toggle = (uow: TypeOrmUnitOfWork) => repository.toggle(uow, DEFAULT_LAB);

  before(async () => {
    const template = await loadTemplate();
    database = new WorkerDatabase(template ? { image: new Uint8Array(await template.arrayBuffer()) } : {});
    await database.ready;
    apiSource = new DataSource(
      dataSourceOptions({ databaseUrl: undefined, dataDir: undefined }, databaseDriver(database)),
    );
    await apiSource.initialize();
    await apiSource.runMigrations({ transaction: 'each' });
    simulatorDatabase = counting(new PortDatabase(await database.attachSession()));
    simulatorSource = new DataSource(
      dataSourceOptions({ databaseUrl: undefined, dataDir: undefined }, databaseDriver(simulatorDatabase)),
    );
    await simulatorSource.initialize();
    const commits = ThreadCommits.buffer();
    api = new TypeOrmUnitOfWork(apiSource, new DatabaseKind(true, new ThreadCommits(commits, 0)));
    simulator = new TypeOrmUnitOfWork(simulatorSource, new DatabaseKind(true, new ThreadCommits(commits, 1), true));
  });
  after(async () => {
    await simulatorSource?.destroy();
    await apiSource?.destroy();
  });

  it('sees a unit the other thread committed at its next look, and answers from memory while nothing changed', async () => {
    const before = (await simulator.current(DEFAULT_LAB))!;
    expect(await api.current(DEFAULT_LAB)).to.equal(before);
    const sent = simulatorDatabase.statements;
    expect(await simulator.current(DEFAULT_LAB)).to.equal(before);
    expect(simulatorDatabase.statements, 'nothing committed anywhere: the revision comes from memory').to.equal(sent);

    await toggle(api);
    expect(
      await simulator.current(DEFAULT_LAB),
      "the API thread's unit is seen by the simulator thread at once",
    ).to.equal(before + 1);
    await toggle(simulator);
    expect(await api.current(DEFAULT_LAB), 'and the other way round').to.equal(before + 2);
    expect(await simulator.current(DEFAULT_LAB)).to.equal(before + 2);
    const mode = await api.read(() => repository.get(DEFAULT_LAB));
    expect(await simulator.read(() => repository.get(DEFAULT_LAB))).to.deep.include({
      active: mode.active,
      version: mode.version,
    });
  });

  it('commits every unit of both threads written at once, none lost (their transactions never interleave)', async () => {
    const before = (await api.current(DEFAULT_LAB))!;
    const units = Array.from({ length: 10 }, (_, i) =>
      (i % 2 === 0 ? api : simulator).write(DEFAULT_LAB, async () => {
        const mode = await repository.get(DEFAULT_LAB);
        await new Promise((resolve) => setTimeout(resolve, 2)); // a unit that takes a while, the other thread waiting
        mode.set(!mode.active, new Date());
        await repository.save(mode);
      }),
    );
    await Promise.all(units);
    expect(await api.current(DEFAULT_LAB)).to.equal(before + 10);
    expect(await simulator.current(DEFAULT_LAB)).to.equal(before + 10);
  });
});
