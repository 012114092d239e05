import 'reflect-metadata';
import { labId, type LabId } from '../../src/shared/domain/LabId.js';
import { InMemoryEventBus } from '../../src/shared/infrastructure/InMemoryEventBus.js';
import { SeededIdGenerator } from '../../src/shared/infrastructure/SeededIdGenerator.js';
import { SystemClock } from '../../src/shared/infrastructure/SystemClock.js';
import {
  DEFAULT_COMMON,
  type ConfigObjectSnapshot,
} from '../../src/contexts/configuration/graph/domain/ConfigObject.js';
import type { ObjectSort } from '../../src/contexts/configuration/graph/domain/ObjectSort.js';
import { SortCatalog } from '../../src/contexts/configuration/graph/domain/catalog/SortCatalog.js';
import { factoryConfiguration } from '../../src/contexts/configuration/revisions/domain/factory/factoryConfiguration.js';
import { TypeOrmConfigurationRepository } from '../../src/contexts/configuration/graph/infrastructure/persistence/TypeOrmConfigurationRepository.js';
import { CommitConfiguration } from '../../src/contexts/configuration/revisions/application/CommitConfiguration.js';
import { RevertConfiguration } from '../../src/contexts/configuration/revisions/application/RevertConfiguration.js';
import { TypeOrmConfigurationStateRepository } from '../../src/contexts/configuration/revisions/infrastructure/persistence/TypeOrmConfigurationStateRepository.js';
import { buildContainer } from '../../src/app/container.js';
import { AddSystemNode } from '../../src/contexts/configuration/nodes/application/AddSystemNode.js';
import { SilentLogger } from '../support/SilentLogger.js';
import { testConfig } from '../support/testConfig.js';
import { openKeepingData } from '../support/testStores.js';

export interface ConfigurationBenchOptions {
  /** A PostgreSQL server URL; undefined benchmarks the embedded engine (in memory). */
  readonly databaseUrl?: string;
  /** Objects in the graph (default 5,000). */
  readonly objects?: number;
  /** Measured runs of each operation; the median is reported (default 5). */
  readonly runs?: number;
}

export interface ConfigurationBenchFigures {
  readonly store: string;
  readonly objects: number;
  readonly runs: number;
  /** Commit when every object of the working configuration differs from the committed one: median, ms. */
  readonly commitMs: number;
  /** Revert when every object of the working configuration differs from the committed one: median, ms. */
  readonly revertMs: number;
  readonly commitSamplesMs: readonly number[];
  readonly revertSamplesMs: readonly number[];
  /** The first commit of the whole graph (every committed row inserted), ms. */
  readonly firstCommitMs: number;
  /** Commit and revert of a single changed object among all the others: median, ms. */
  readonly commitOneChangeMs: number;
  readonly revertOneChangeMs: number;
  /** A node added through nodes/addSystem's use case (the node and its wizard sub-graph), then committed: median, ms. */
  readonly addNodeMs: number;
  readonly commitAddedNodeMs: number;
  /** Objects the addSystem wizard created (what the commit moved). */
  readonly addedNodeObjects: number;
  /**
   * The baseline measured in the same run: a write unit of the lab that only locks it and reads its lifecycle
   * state (the floor every commit and revert pays): median, ms.
   */
  readonly baselineMs: number;
}

const BENCH_LAB: LabId = labId('bench-configuration');
/** The generic SIP PBX system profile of the node catalogue. */
const GENERIC_PBX_PROFILE = '1d22157e-d6d5-4c79-9c1e-dd47c50e57e1';

/** A catalog-valid graph of `count` objects: the factory configuration, then identities, security profiles, transcoding options and forwarders referencing each other. */
function graph(count: number, ids: SeededIdGenerator): ConfigObjectSnapshot[] {
  const objects = factoryConfiguration(() => ids.uuid());
  const make = (sort: ObjectSort, displayName: string, references: { [slot: string]: string[] } = {}): string => {
    const id = ids.uuid();
    objects.push({
      id,
      sort,
      displayName,
      parameters: SortCatalog.defaults(sort),
      references,
      common: DEFAULT_COMMON,
      note: '',
      metadata: {},
      version: 0,
    });
    return id;
  };
  for (let i = 0; objects.length < count; i += 1) {
    const identity = make('CRY_X509_STACK', `identity ${i}`);
    if (objects.length < count) make('INS_STACK', `security profile ${i}`, { digitalIdentityId: [identity] });
    const transcoding = objects.length < count ? make('MEDIA_PUMP_DOMAIN', `transcoding ${i}`) : undefined;
    if (transcoding && objects.length < count)
      make('MNS_FORWARDER_DOMAIN', `forwarder ${i}`, { mediaTranscodingOptionsId: [transcoding] });
  }
  return objects;
}

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * Commit and revert of a configuration graph of 5,000 objects on one store, through the real use cases
 * (consistency checks included) and the TypeORM adapters. Works in its own lab (`bench-configuration`,
 * removed afterwards), so a server database keeps its other data.
 */
export async function configurationBench(options: ConfigurationBenchOptions = {}): Promise<ConfigurationBenchFigures> {
  const count = options.objects ?? 5000;
  const runs = options.runs ?? 5;
  const store = await openKeepingData(options.databaseUrl);
  const { dataSource, unitOfWork } = store;
  try {
    const objects = new TypeOrmConfigurationRepository();
    const clock = new SystemClock();
    const states = new TypeOrmConfigurationStateRepository(clock);
    const events = new InMemoryEventBus(new SilentLogger());
    const ids = new SeededIdGenerator('configuration-bench');
    const commit = new CommitConfiguration(unitOfWork, objects, states, events, ids, clock);
    const baseline = () => unitOfWork.write(BENCH_LAB, () => states.get(BENCH_LAB));
    const revert = new RevertConfiguration(unitOfWork, objects, states, events, clock);

    await dataSource.query('DELETE FROM lab WHERE id = $1', [BENCH_LAB]);
    await dataSource.query("INSERT INTO lab (id, display_name) VALUES ($1, 'configuration benchmark')", [BENCH_LAB]);
    const base = graph(count, ids);
    /** Every object changed: its note names the step. */
    const changeAll = (step: string) =>
      unitOfWork.write(BENCH_LAB, () =>
        objects.replaceWorking(
          BENCH_LAB,
          base.map((o) => ({ ...o, note: step })),
        ),
      );
    const changeOne = (step: string) =>
      unitOfWork.write(BENCH_LAB, async () => {
        const object = (await objects.find(BENCH_LAB, base[base.length - 1]!.id))!;
        object.setNote(step);
        await objects.save(object);
      });

    await changeAll('initial');
    const firstCommitMs = await timed(() => commit.execute(BENCH_LAB));
    // Statistics as autovacuum keeps them on a server (the embedded engine runs no autovacuum).
    await dataSource.query('ANALYZE config_object');

    const commitSamplesMs: number[] = [];
    const revertSamplesMs: number[] = [];
    const commitOne: number[] = [];
    const revertOne: number[] = [];
    const baselineSamples: number[] = [];
    for (let run = 0; run <= runs; run += 1) {
      const baselineMs = await timed(baseline);
      await changeAll(`commit ${run}`);
      const commitMs = await timed(() => commit.execute(BENCH_LAB));
      await changeAll(`revert ${run}`);
      const revertMs = await timed(() => revert.execute(BENCH_LAB));
      await changeOne(`one ${run}`);
      const oneCommit = await timed(() => commit.execute(BENCH_LAB));
      await changeOne(`one again ${run}`);
      const oneRevert = await timed(() => revert.execute(BENCH_LAB));
      if (run === 0) continue; // warm-up
      commitSamplesMs.push(commitMs);
      revertSamplesMs.push(revertMs);
      commitOne.push(oneCommit);
      revertOne.push(oneRevert);
      baselineSamples.push(baselineMs);
    }
    const committed = await unitOfWork.read(() => objects.count(BENCH_LAB, 'committed'));
    if (committed !== count)
      throw new Error(`the benchmark graph has ${committed} committed objects, expected ${count}`);

    // A node added through the nodes view (the wizard's whole sub-graph), then committed, in the same graph.
    const container = buildContainer({
      config: testConfig(),
      logger: new SilentLogger(),
      dataSource,
      embedded: store.embedded,
      clock,
      ids,
    });
    const addSystem = container.get(AddSystemNode);
    const viewCommit = container.get(CommitConfiguration);
    const addNode: number[] = [];
    const commitNode: number[] = [];
    let addedNodeObjects = 0;
    for (let run = 0; run <= runs; run += 1) {
      let created = 0;
      const addMs = await timed(async () => {
        created = (
          await addSystem.execute(BENCH_LAB, GENERIC_PBX_PROFILE, {
            displayName: `bench PBX ${run}`,
            udpTcpPort: 7000 + 2 * run,
            tlsPort: 7001 + 2 * run,
          } as never)
        ).created.length;
      });
      const commitMs = await timed(() => viewCommit.execute(BENCH_LAB));
      if (run === 0) continue; // warm-up
      addedNodeObjects = created;
      addNode.push(addMs);
      commitNode.push(commitMs);
    }
    await dataSource.query('DELETE FROM lab WHERE id = $1', [BENCH_LAB]);
    return {
      store: options.databaseUrl ? 'PostgreSQL server' : 'embedded PostgreSQL',
      objects: count,
      runs,
      commitMs: median(commitSamplesMs),
      revertMs: median(revertSamplesMs),
      commitSamplesMs: commitSamplesMs.map((ms) => Math.round(ms * 10) / 10),
      revertSamplesMs: revertSamplesMs.map((ms) => Math.round(ms * 10) / 10),
      firstCommitMs: Math.round(firstCommitMs * 10) / 10,
      commitOneChangeMs: median(commitOne),
      revertOneChangeMs: median(revertOne),
      addNodeMs: median(addNode),
      commitAddedNodeMs: median(commitNode),
      addedNodeObjects,
      baselineMs: median(baselineSamples),
    };
  } finally {
    await store.close();
  }
}

/** `node dist/test/bench/configurationBench.js [postgres://…]`: prints the figures of the embedded engine, or of the server given. */
if (require.main === module) {
  configurationBench({ databaseUrl: process.argv[2] }).then(
    (figures) => console.log(JSON.stringify(figures, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
