import { expect } from 'chai';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import {
  EXCLUDED_TABLES,
  SqlSnapshotRepository,
} from '../../../src/contexts/control/snapshots/infrastructure/SqlSnapshotRepository.js';
import { storeTargets, type TestStore } from '../../support/testStores.js';

const A = 'snap-a' as LabId;
const B = 'snap-b' as LabId;

for (const target of storeTargets()) {
  describe(`lab snapshots on the store's catalog (${target.name})`, () => {
    let db: TestStore;
    const store = new SqlSnapshotRepository();
    const read = <T>(work: () => Promise<T>) => db.unitOfWork.read(work);
    const sql = <T>(text: string, parameters: unknown[] = []) => db.dataSource.query(text, parameters) as Promise<T[]>;

    before(async () => {
      db = await target.open();
    });
    beforeEach(async () => {
      await db.reset([A, B]);
      await sql('DELETE FROM lab_snapshot');
      store.reload();
    });
    after(() => db.close());

    it('holds every lab-keyed table of the schema, but those it leaves out by name: a table added later cannot be forgotten', async () => {
      const labKeyed = (
        await sql<{ table_name: string }>(`SELECT table_name FROM information_schema.columns
        WHERE column_name = 'lab_id' AND table_schema = current_schema() ORDER BY table_name`)
      ).map((row) => row.table_name);
      const catalog = await read(() => store.catalog());
      expect([...catalog.tables, ...catalog.excluded].sort()).to.deep.equal(labKeyed);
      expect(catalog.excluded).to.deep.equal([...EXCLUDED_TABLES]);
      expect(catalog.tables).to.include.members([
        'config_object',
        'config_object_change',
        'configuration_state',
        'identity_user',
        'identity_role',
        'lab_setting',
        'license',
      ]);
      await read(() => store.save(A, 'all', new Date(), false));
      const saved = await read(() => store.read(A, 'all'));
      expect(Object.keys(saved!.state.tables).sort(), 'a snapshot has a section per table').to.deep.equal(
        [...catalog.tables].sort(),
      );
    });

    it('saves and restores a lab-keyed table added by a later migration, with no code of its own, parents before children', async () => {
      await sql(
        'CREATE TABLE snapshot_probe_parent (lab_id text NOT NULL REFERENCES lab(id) ON DELETE CASCADE, id integer NOT NULL, tags jsonb NOT NULL, at timestamptz NOT NULL, PRIMARY KEY (lab_id, id))',
      );
      await sql(`CREATE TABLE snapshot_probe_child (lab_id text NOT NULL, id integer NOT NULL, parent integer NOT NULL, amount numeric(12, 3) NOT NULL,
        serial bigint GENERATED ALWAYS AS IDENTITY, doubled numeric GENERATED ALWAYS AS (amount * 2) STORED,
        PRIMARY KEY (lab_id, id), FOREIGN KEY (lab_id, parent) REFERENCES snapshot_probe_parent (lab_id, id) ON DELETE CASCADE)`);
      try {
        store.reload();
        await sql(
          `INSERT INTO snapshot_probe_parent VALUES ($1, 1, '{"a":[1,2]}', '2026-01-02T03:04:05.678Z'), ($1, 2, '[]', '2026-01-02T00:00:00Z')`,
          [A],
        );
        await sql(
          'INSERT INTO snapshot_probe_child (lab_id, id, parent, amount) VALUES ($1, 10, 1, 1.125), ($1, 11, 2, 7)',
          [A],
        );
        const rows = async (lab: LabId) => ({
          parents: await sql('SELECT id, tags, at FROM snapshot_probe_parent WHERE lab_id = $1 ORDER BY id', [lab]),
          children: await sql(
            'SELECT id, parent, amount, serial, doubled FROM snapshot_probe_child WHERE lab_id = $1 ORDER BY id',
            [lab],
          ),
        });
        const before = await rows(A);
        await read(() => store.save(A, 'probe', new Date(), false));
        await sql('DELETE FROM snapshot_probe_parent WHERE lab_id = $1 AND id = 2', [A]);
        await sql('UPDATE snapshot_probe_child SET amount = 99 WHERE lab_id = $1', [A]);
        await db.unitOfWork.write(A, () => store.restore(A, 'probe'));
        expect(await rows(A)).to.deep.equal(before);
        // and into another lab, under its id
        const copied = await read(() => store.read(A, 'probe'));
        await db.unitOfWork.write(B, () => store.put(B, 'copy', { ...copied!, state: copied!.state }));
        await db.unitOfWork.write(B, () => store.restore(B, 'copy'));
        expect(await rows(B)).to.deep.equal(before);
      } finally {
        await sql('DROP TABLE snapshot_probe_child');
        await sql('DROP TABLE snapshot_probe_parent');
        store.reload();
      }
    });

    it('restores all or nothing: a snapshot whose rows the store refuses leaves the lab as it was', async () => {
      await sql(
        `INSERT INTO lab_setting (lab_id, key, value, version, updated_at) VALUES ($1, 'probe.kept', '{"v":1}', 1, now())`,
        [A],
      );
      const catalog = await read(() => store.catalog());
      const broken = {
        tables: {
          lab_setting: [{ key: 'probe.other', value: { v: 2 }, version: 0, updated_at: '2026-01-01T00:00:00Z' }],
        },
      };
      await db.unitOfWork.write(A, () =>
        store.put(A, 'broken', {
          sourceLab: 'a',
          createdAt: new Date(),
          labRevision: 1,
          schema: catalog.schema,
          state: broken,
        }),
      );
      let failure: unknown;
      try {
        await db.unitOfWork.write(A, () => store.restore(A, 'broken'));
      } catch (error) {
        failure = error;
      }
      expect((failure as { code?: string }).code, 'the version check refuses 0').to.match(/^23/);
      expect(await sql('SELECT key FROM lab_setting WHERE lab_id = $1', [A])).to.deep.equal([{ key: 'probe.kept' }]);
    });

    it("keeps a lab's snapshots apart from another's, and removes them by lab", async () => {
      await read(() => store.save(A, 'one', new Date(), false));
      expect(await read(() => store.save(A, 'one', new Date(), false)), 'a taken name').to.equal(undefined);
      await read(() => store.save(B, 'one', new Date(), false));
      expect((await read(() => store.list(A))).map((s) => s.name)).to.deep.equal(['one']);
      await read(() => store.removeAll(A));
      expect(await read(() => store.list(A))).to.deep.equal([]);
      expect((await read(() => store.list(B))).map((s) => s.name)).to.deep.equal(['one']);
    });
  });
}
