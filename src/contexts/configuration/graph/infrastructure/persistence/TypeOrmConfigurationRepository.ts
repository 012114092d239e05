import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { TypeOrmRepository } from '../../../../../shared/infrastructure/persistence/TypeOrmRepository.js';
import type { ConfigObject, ConfigObjectSnapshot } from '../../domain/ConfigObject.js';
import {
  ConfigurationRepository, checkStorable, isCanonicalObjectId, type DanglingReference, type Revision, type RevisionDiff,
} from '../../domain/ConfigurationRepository.js';
import type { ObjectSort } from '../../domain/ObjectSort.js';
import { ConfigObjectMapper } from './ConfigObjectMapper.js';
import { ConfigObjectRecord } from './ConfigObjectRecord.js';

/** The stored columns of an object besides lab_id, revision and version. */
const COLUMNS = 'id, sort, display_name, parameters, reference_slots, referenced_ids, comment, visible, protected, tr_mark, note, metadata';
/** Columns that make up an object's content (what diff compares; referenced_ids follows from reference_slots). */
const CONTENT = ['sort', 'display_name', 'parameters', 'reference_slots', 'comment', 'visible', 'protected', 'tr_mark', 'note', 'metadata'];
/** Objects sent as one JSON array parameter ($2) and read as rows: one round trip for any number of objects. */
const INCOMING = `jsonb_to_recordset($2::jsonb) AS x(id uuid, sort text, display_name text, parameters jsonb, reference_slots jsonb,
  referenced_ids text, comment text, visible boolean, protected boolean, tr_mark boolean, note text, metadata jsonb)`;
const INCOMING_VALUES = 'x.id, x.sort, x.display_name, x.parameters, x.reference_slots, x.referenced_ids::uuid[], x.comment, x.visible, x.protected, x.tr_mark, x.note, x.metadata';

function content(alias: string): string {
  return `(${CONTENT.map((column) => `${alias}.${column}`).join(', ')})`;
}

const SET_FROM_EXCLUDED = [...CONTENT, 'referenced_ids'].map((column) => `${column} = EXCLUDED.${column}`).join(', ');
const SET_FROM_INCOMING = [...CONTENT.map((column) => `${column} = x.${column}`), 'referenced_ids = x.referenced_ids::uuid[]'].join(', ');
const CHANGED = `${content('config_object')} IS DISTINCT FROM ${content('EXCLUDED')}`;

/** Records the ids a data-modifying statement (the CTE `touched`) returned as changed since the last commit or revert. */
const MARK_TOUCHED = 'INSERT INTO config_object_change (lab_id, id) SELECT $1, id FROM touched ON CONFLICT DO NOTHING';
const SOURCE_COLUMNS = COLUMNS.split(', ').map((column) => `s.${column}`).join(', ');

function uuids(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

/** Rows of the lab named by an id array ($2): probes of the primary key. */
const OF_IDS = 'lab_id = $1 AND id = ANY($2::uuid[])';

/**
 * Upserts the objects named by $2 of the `source` revision into the `target` one where `changed` holds, with
 * `versions` for inserted and updated rows.
 */
function copyObjects(source: Revision, target: Revision, versions: { inserted: string; updated: string }, changed: string): string {
  return `INSERT INTO config_object (lab_id, revision, ${COLUMNS}, version)
       SELECT s.lab_id, '${target}', ${SOURCE_COLUMNS}, ${versions.inserted}
       FROM config_object s WHERE s.lab_id = $1 AND s.revision = '${source}' AND s.id = ANY($2::uuid[])
     ON CONFLICT (lab_id, revision, id) DO UPDATE SET ${SET_FROM_EXCLUDED}, version = ${versions.updated} WHERE ${changed}`;
}

/** committed := working for the given objects, versions included. */
const PUBLISH_OBJECTS = copyObjects('working', 'committed', { inserted: 's.version', updated: 'EXCLUDED.version' },
  `${CHANGED} OR config_object.version <> EXCLUDED.version`);
/** working := committed for the given objects; changed and re-added objects get a version above both (EXCLUDED.version is committed + 1). */
const RESTORE_OBJECTS = copyObjects('committed', 'working', { inserted: 's.version + 1', updated: 'GREATEST(config_object.version + 1, EXCLUDED.version)' }, CHANGED);

/**
 * The configuration graph on PostgreSQL (table config_object, one row per lab, revision and object).
 * Every write to the working revision records the ids it changed in config_object_change, in the same
 * statement; commit and revert move only those objects (set-based statements inside the caller's write unit).
 *
 * Every statement that reads changed objects names them by an id array on the primary key (`id = ANY($2)`)
 * rather than joining the change table: a lab's statistics are stale right after it fills (the embedded
 * engine runs no autovacuum), and joins planned on them became nested loops over whole revisions (seconds
 * for 5,000 objects), where primary-key probes stay proportional to what changed.
 */
@injectable()
export class TypeOrmConfigurationRepository extends TypeOrmRepository implements ConfigurationRepository {
  async find(lab: LabId, id: string, revision: Revision = 'working'): Promise<ConfigObject | undefined> {
    if (!isCanonicalObjectId(id)) return undefined;
    const record = await this.records(ConfigObjectRecord).findOneBy({ labId: lab, revision, id });
    return record ? ConfigObjectMapper.toDomain(lab, record) : undefined;
  }

  async findByDisplayName(lab: LabId, sort: ObjectSort, displayName: string, revision: Revision = 'working'): Promise<ConfigObject | undefined> {
    const record = await this.records(ConfigObjectRecord).findOne({ where: { labId: lab, revision, sort, displayName }, order: { id: 'ASC' } });
    return record ? ConfigObjectMapper.toDomain(lab, record) : undefined;
  }

  async list(lab: LabId, sort?: ObjectSort, revision: Revision = 'working'): Promise<ConfigObject[]> {
    const records = await this.records(ConfigObjectRecord).find({
      where: sort ? { labId: lab, revision, sort } : { labId: lab, revision },
      order: { sort: 'ASC', displayName: 'ASC', id: 'ASC' },
    });
    return records.map((record) => ConfigObjectMapper.toDomain(lab, record));
  }

  async referrersOf(lab: LabId, id: string): Promise<ConfigObject[]> {
    if (!isCanonicalObjectId(id)) return [];
    // The literal revision lets the planner use the partial GIN index on referenced_ids.
    const records = await this.records(ConfigObjectRecord).createQueryBuilder('o')
      .where('o.lab_id = :lab', { lab })
      .andWhere("o.revision = 'working'")
      .andWhere('o.referenced_ids @> ARRAY[CAST(:id AS uuid)]', { id })
      .orderBy('o.sort', 'ASC').addOrderBy('o.display_name', 'ASC').addOrderBy('o.id', 'ASC')
      .getMany();
    return records.map((record) => ConfigObjectMapper.toDomain(lab, record));
  }

  async save(object: ConfigObject): Promise<void> {
    const snapshot = object.snapshot();
    checkStorable(snapshot);
    const rows = JSON.stringify([ConfigObjectMapper.toRow(snapshot)]);
    const saved: unknown[] = object.version === 0
      ? await this.manager.query(
        `WITH touched AS (INSERT INTO config_object (lab_id, revision, ${COLUMNS}, version) SELECT $1, 'working', ${INCOMING_VALUES}, 1 FROM ${INCOMING}
           ON CONFLICT (lab_id, revision, id) DO NOTHING RETURNING id),
         marked AS (${MARK_TOUCHED})
         SELECT id FROM touched`, [object.lab, rows])
      : await this.manager.query(
        `WITH touched AS (UPDATE config_object o SET ${SET_FROM_INCOMING}, version = o.version + 1
           FROM ${INCOMING} WHERE o.lab_id = $1 AND o.revision = 'working' AND o.id = x.id AND o.version = $3 RETURNING o.id),
         marked AS (${MARK_TOUCHED})
         SELECT id FROM touched`,
        [object.lab, rows, object.version]);
    if (saved.length !== 1) throw new StaleVersionError('Object', object.id);
  }

  async remove(lab: LabId, ids: readonly string[]): Promise<void> {
    const canonical = ids.filter(isCanonicalObjectId);
    if (canonical.length === 0) return;
    await this.manager.query(
      `WITH touched AS (DELETE FROM config_object WHERE lab_id = $1 AND revision = 'working' AND id = ANY($2::uuid[]) RETURNING id)
       ${MARK_TOUCHED}`, [lab, `{${canonical.join(',')}}`]);
  }

  async replaceWorking(lab: LabId, objects: readonly ConfigObjectSnapshot[]): Promise<void> {
    objects.forEach(checkStorable);
    await this.manager.query(
      `WITH touched AS (DELETE FROM config_object WHERE lab_id = $1 AND revision = 'working' AND NOT (id = ANY($2::uuid[])) RETURNING id)
       ${MARK_TOUCHED}`, [lab, `{${objects.map((o) => o.id).join(',')}}`]);
    if (objects.length === 0) return;
    await this.manager.query(
      `WITH touched AS (INSERT INTO config_object (lab_id, revision, ${COLUMNS}, version) SELECT $1, 'working', ${INCOMING_VALUES}, 1 FROM ${INCOMING}
         ON CONFLICT (lab_id, revision, id) DO UPDATE SET ${SET_FROM_EXCLUDED}, version = config_object.version + 1 WHERE ${CHANGED}
         RETURNING id)
       ${MARK_TOUCHED}`,
      [lab, JSON.stringify(objects.map(ConfigObjectMapper.toRow))]);
  }

  async publishWorking(lab: LabId): Promise<void> {
    const changed = await this.changedIds(lab);
    if (changed.length === 0) return;
    const present = await this.idsIn(lab, 'working', changed);
    const removed = changed.filter((id) => !present.has(id));
    if (removed.length > 0) await this.manager.query(`DELETE FROM config_object WHERE ${OF_IDS} AND revision = 'committed'`, [lab, uuids(removed)]);
    if (present.size > 0) await this.manager.query(PUBLISH_OBJECTS, [lab, uuids([...present])]);
    await this.forgetChanges(lab);
  }

  async restoreCommitted(lab: LabId): Promise<void> {
    const changed = await this.changedIds(lab);
    if (changed.length === 0) return;
    const present = await this.idsIn(lab, 'committed', changed);
    const added = changed.filter((id) => !present.has(id));
    if (added.length > 0) await this.manager.query(`DELETE FROM config_object WHERE ${OF_IDS} AND revision = 'working'`, [lab, uuids(added)]);
    if (present.size > 0) {
      const restored = uuids([...present]);
      await this.manager.query(RESTORE_OBJECTS, [lab, restored]);
      // The committed copies take the working versions, so both revisions agree on every object outside the change set.
      const versions: Array<{ id: string; version: number }> = await this.manager.query(
        `SELECT id, version FROM config_object WHERE ${OF_IDS} AND revision = 'working'`, [lab, restored]);
      await this.manager.query(
        `UPDATE config_object c SET version = v.version FROM unnest($2::uuid[], $3::int[]) AS v(id, version)
         WHERE c.lab_id = $1 AND c.revision = 'committed' AND c.id = v.id AND c.version <> v.version`,
        [lab, uuids(versions.map((v) => v.id)), `{${versions.map((v) => v.version).join(',')}}`]);
    }
    await this.forgetChanges(lab);
  }

  /** Ids the working revision changed since the last commit or revert. */
  private async changedIds(lab: LabId): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.manager.query('SELECT id FROM config_object_change WHERE lab_id = $1', [lab]);
    return rows.map((row) => row.id);
  }

  private async forgetChanges(lab: LabId): Promise<void> {
    await this.manager.query('DELETE FROM config_object_change WHERE lab_id = $1', [lab]);
  }

  /** Which of `ids` a revision holds. */
  private async idsIn(lab: LabId, revision: Revision, ids: readonly string[]): Promise<Set<string>> {
    const rows: Array<{ id: string }> = await this.manager.query(`SELECT id FROM config_object WHERE ${OF_IDS} AND revision = $3`, [lab, uuids(ids), revision]);
    return new Set(rows.map((row) => row.id));
  }

  async diff(lab: LabId): Promise<RevisionDiff> {
    // Only changed ids can differ; an id added and removed again since the commit counts as nothing. A full
    // join is planned as a hash or merge join, never as a nested loop.
    const [row] = await this.manager.query(
      `SELECT count(*) FILTER (WHERE c.id IS NULL)::int AS added,
              count(*) FILTER (WHERE w.id IS NULL)::int AS removed,
              count(*) FILTER (WHERE w.id IS NOT NULL AND c.id IS NOT NULL AND ${content('w')} IS DISTINCT FROM ${content('c')})::int AS modified
       FROM (SELECT * FROM config_object WHERE ${OF_IDS} AND revision = 'working') w
       FULL JOIN (SELECT * FROM config_object WHERE ${OF_IDS} AND revision = 'committed') c ON c.id = w.id`,
      [lab, uuids(await this.changedIds(lab))]) as RevisionDiff[];
    return { added: row!.added, removed: row!.removed, modified: row!.modified };
  }

  async count(lab: LabId, revision: Revision = 'working'): Promise<number> {
    const [row] = await this.manager.query('SELECT count(*)::int AS n FROM config_object WHERE lab_id = $1 AND revision = $2', [lab, revision]) as Array<{ n: number }>;
    return row!.n;
  }

  async danglingReferences(lab: LabId, limit: number): Promise<DanglingReference[]> {
    // The committed revision has none (commit refuses them), so a dangling reference sits in a changed object
    // or in one that references a removed object (found through the GIN index); nothing else is read.
    const changed = await this.changedIds(lab);
    if (changed.length === 0) return [];
    const columns = 'id, sort, display_name, reference_slots';
    const suspects: Suspect[] = await this.manager.query(`SELECT ${columns} FROM config_object WHERE ${OF_IDS} AND revision = 'working'`, [lab, uuids(changed)]);
    const present = new Set(suspects.map((o) => o.id));
    const removed = changed.filter((id) => !present.has(id));
    if (removed.length > 0) {
      const referrers: Suspect[] = await this.manager.query(
        `SELECT ${columns} FROM config_object WHERE lab_id = $1 AND revision = 'working' AND referenced_ids && $2::uuid[]`, [lab, uuids(removed)]);
      suspects.push(...referrers.filter((o) => !present.has(o.id)));
    }
    const referenced = [...new Set(suspects.flatMap((o) => Object.values(o.reference_slots).flat()))];
    const existing = referenced.length > 0 ? await this.idsIn(lab, 'working', referenced) : new Set<string>();
    const found: DanglingReference[] = [];
    for (const object of suspects.sort(bySortNameId)) {
      for (const slot of Object.keys(object.reference_slots).sort(byCodePoint)) {
        for (const missingId of object.reference_slots[slot]!.filter((id) => !existing.has(id))) {
          found.push({ id: object.id, displayName: object.display_name, slot, missingId });
          if (found.length === limit) return found;
        }
      }
    }
    return found;
  }
}

interface Suspect {
  readonly id: string;
  readonly sort: string;
  readonly display_name: string;
  readonly reference_slots: { readonly [slot: string]: readonly string[] };
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The order of listings (sort, display name, id), as the "C" collation of those columns gives it. */
function bySortNameId(a: Suspect, b: Suspect): number {
  return byCodePoint(a.sort, b.sort) || byCodePoint(a.display_name, b.display_name) || byCodePoint(a.id, b.id);
}
