import 'reflect-metadata';
import { labId, type LabId } from '../../../src/shared/domain/LabId.js';
import type { SettingsRepository } from '../../../src/shared/application/SettingsRepository.js';
import type { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { InMemorySettingsRepository } from '../../../src/shared/infrastructure/memory/InMemorySettingsRepository.js';
import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { TypeOrmSettingsRepository } from '../../../src/shared/infrastructure/persistence/TypeOrmSettingsRepository.js';
import { storeTargets, type DatabaseTarget, type TestStore } from '../../support/testStores.js';

export const LAB_A: LabId = labId('default');
export const LAB_B: LabId = labId('settings-contract-b');

/** A settings store over an empty store in which LAB_A and LAB_B exist, with its unit of work and clock. */
export interface SettingsFixture {
  readonly unitOfWork: UnitOfWork;
  readonly store: SettingsRepository;
  readonly clock: ManualClock;
  /** Whether a failed write unit rolls its saves back (the in-memory unit of work has no rollback). */
  readonly transactional: boolean;
  /** Writes a raw stored value past every codec, as a damaged or hand-edited row would hold it. */
  corrupt(lab: LabId, key: string, json: string): Promise<void>;
}

export interface SettingsSubject {
  readonly name: string;
  open(): Promise<void>;
  fresh(): Promise<SettingsFixture>;
  close(): Promise<void>;
}

const T0 = new Date('2026-03-01T08:00:00.000Z');

function memory(name: string): SettingsSubject {
  return {
    name,
    async open() {},
    async fresh() {
      const clock = new ManualClock(T0);
      const store = new InMemorySettingsRepository(clock);
      const unitOfWork = new InMemoryUnitOfWork();
      return {
        unitOfWork,
        store,
        clock,
        transactional: false,
        async corrupt(lab, key, json) {
          const rows = (store as unknown as { rows: Map<string, { json: string; version: number; updatedAt: Date }> })
            .rows;
          const id = JSON.stringify([lab, key]);
          rows.set(id, { json, version: (rows.get(id)?.version ?? 0) + 1, updatedAt: clock.now() });
        },
      };
    },
    async close() {},
  };
}

function typeorm(target: DatabaseTarget): SettingsSubject {
  let opened: TestStore | undefined;
  return {
    name: `TypeORM on ${target.name}`,
    async open() {
      opened = await target.open();
    },
    async fresh() {
      const { dataSource, unitOfWork } = opened!;
      await opened!.reset([LAB_B]);
      const clock = new ManualClock(T0);
      return {
        unitOfWork,
        store: new TypeOrmSettingsRepository(clock),
        clock,
        transactional: true,
        async corrupt(lab, key, json) {
          await dataSource.query(
            `INSERT INTO lab_setting (lab_id, key, value, version, updated_at) VALUES ($1, $2, $3::jsonb, 1, now())
            ON CONFLICT (lab_id, key) DO UPDATE SET value = excluded.value, version = lab_setting.version + 1`,
            [lab, key, json],
          );
        },
      };
    },
    async close() {
      await opened?.close();
    },
  };
}

/** In memory, TypeORM on embedded PostgreSQL, and on the PostgreSQL server of TEST_DATABASE_URL when set. */
export function settingsSubjects(): SettingsSubject[] {
  return storeTargets({ memory: true }).map((target) =>
    target.kind === 'memory' ? memory(target.name) : typeorm(target),
  );
}
