import 'reflect-metadata';
import { labId } from '../../src/shared/domain/LabId.js';
import { LabDirectory } from '../../src/shared/application/LabDirectory.js';
import { UnitOfWork } from '../../src/shared/application/UnitOfWork.js';
import { SeededIdGenerator } from '../../src/shared/infrastructure/SeededIdGenerator.js';
import {
  ConfigObject,
  DEFAULT_COMMON,
  type ConfigObjectSnapshot,
} from '../../src/contexts/configuration/graph/domain/ConfigObject.js';
import { SortCatalog } from '../../src/contexts/configuration/graph/domain/catalog/SortCatalog.js';
import { ConfigurationRepository } from '../../src/contexts/configuration/graph/domain/ConfigurationRepository.js';
import { CommitConfiguration } from '../../src/contexts/configuration/index.js';
import { LabSnapshots, ManageLabs } from '../../src/contexts/control/index.js';
import { DEFAULT_LAB } from '../../src/shared/domain/LabId.js';
import { buildContainer } from '../../src/app/container.js';
import { SilentLogger } from '../support/SilentLogger.js';
import { testConfig } from '../support/testConfig.js';
import { openKeepingData } from '../support/testStores.js';

export interface ResetBenchFigures {
  readonly store: string;
  readonly objects: number;
  /** POST /_sim/labs/{lab}/reset's work (ManageLabs.reset) on a lab holding `objects` committed objects: median, ms. */
  readonly resetMs: number;
  readonly samplesMs: readonly number[];
  /** Baseline in the same run: a write unit that only locks the lab (the floor of any change to it): median, ms. */
  readonly baselineMs: number;
  /**
   * POST /_sim/labs/{lab}/snapshots/{name}/restore's work (LabSnapshots.restore) of a snapshot of that lab, after a
   * write unit that added 10 objects and changed one (what a test does between two resets): median, ms.
   */
  readonly restoreMs: number;
  readonly restoreSamplesMs: readonly number[];
  /** The snapshot restored: rows and bytes. */
  readonly snapshot: { readonly objects: number; readonly bytes: number };
  /** What another lab sees meanwhile: a write unit of the default lab sent as the restore starts, median latency, ms. */
  readonly otherLabMs: number;
}

const LAB = labId('bench-reset');

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * Reset of a lab with `objects` configuration objects (its working and committed revisions both full) to what a
 * new lab holds, through the whole container (every LabLifecycle: the built-in administrator's password hashed at
 * the production cost, the factory configuration installed and committed).
 */
export async function resetBench(
  options: { databaseUrl?: string; objects?: number; runs?: number } = {},
): Promise<ResetBenchFigures> {
  const count = options.objects ?? 1000;
  const runs = options.runs ?? 5;
  const store = await openKeepingData(options.databaseUrl);
  try {
    const container = buildContainer({
      config: testConfig({ databaseUrl: options.databaseUrl, kdfCost: 15 }),
      logger: new SilentLogger(),
      dataSource: store.dataSource,
      embedded: !options.databaseUrl,
    });
    await container.get(LabDirectory).load();
    const labs = container.get(ManageLabs);
    if (container.get(LabDirectory).find(LAB)) await labs.remove(LAB);
    await labs.create(LAB, 'reset benchmark');
    const unitOfWork = container.get(UnitOfWork);
    const objects = container.get(ConfigurationRepository);
    const ids = new SeededIdGenerator('reset-bench');
    const fill = async () => {
      const current = await unitOfWork.read(() => objects.list(LAB, undefined, 'working'));
      const added: ConfigObjectSnapshot[] = [];
      for (let i = 0; current.length + added.length < count; i += 1) {
        added.push({
          id: ids.uuid(),
          sort: 'MEDIA_PUMP_DOMAIN',
          displayName: `transcoding ${i}`,
          parameters: SortCatalog.defaults('MEDIA_PUMP_DOMAIN'),
          references: {},
          common: DEFAULT_COMMON,
          note: '',
          metadata: {},
          version: 0,
        });
      }
      await unitOfWork.write(LAB, () => objects.replaceWorking(LAB, [...current.map((o) => o.snapshot()), ...added]));
      await container.get(CommitConfiguration).execute(LAB);
    };
    const samples: number[] = [];
    const baselines: number[] = [];
    for (let run = 0; run <= runs; run += 1) {
      await fill();
      baselines.push(await timed(() => unitOfWork.write(LAB, async () => undefined)));
      const ms = await timed(() => labs.reset(LAB));
      if (run > 0) samples.push(ms); // the first is a warm-up
    }
    // restore a snapshot of the lab full of objects (the reset's baseline applies: same lab, same run)
    await fill();
    const snapshots = container.get(LabSnapshots);
    const saved = await snapshots.save(LAB, 'bench', true);
    const restores: number[] = [];
    const others: number[] = [];
    for (let run = 0; run <= runs; run += 1) {
      // what a test between two resets does: a few objects added and one changed
      await unitOfWork.write(LAB, async () => {
        for (let i = 0; i < 10; i += 1) {
          await objects.save(
            new ConfigObject(LAB, {
              id: ids.uuid(),
              sort: 'MEDIA_PUMP_DOMAIN',
              displayName: `test ${run}-${i}`,
              parameters: SortCatalog.defaults('MEDIA_PUMP_DOMAIN'),
              references: {},
              common: DEFAULT_COMMON,
              note: '',
              metadata: {},
              version: 0,
            }),
          );
        }
        const first = (await objects.list(LAB, 'MEDIA_PUMP_DOMAIN'))[0]!;
        await objects.save(new ConfigObject(LAB, { ...first.snapshot(), note: `changed ${run}` }));
      });
      let otherMs = 0;
      const restoring = timed(() => snapshots.restore(LAB, 'bench'));
      otherMs = await timed(() => unitOfWork.write(DEFAULT_LAB, async () => undefined));
      const ms = await restoring;
      if (run > 0) {
        restores.push(ms);
        others.push(otherMs);
      }
    }
    await labs.remove(LAB);
    return {
      store: store.name,
      objects: count,
      resetMs: Math.round(median(samples) * 10) / 10,
      samplesMs: samples.map((s) => Math.round(s)),
      baselineMs: Math.round(median(baselines.slice(1)) * 100) / 100,
      restoreMs: Math.round(median(restores) * 10) / 10,
      restoreSamplesMs: restores.map((s) => Math.round(s)),
      snapshot: { objects: saved.objects, bytes: saved.bytes },
      otherLabMs: Math.round(median(others) * 10) / 10,
    };
  } finally {
    await store.close();
  }
}
