import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { TypeOrmRepository } from '../../../../../shared/infrastructure/persistence/TypeOrmRepository.js';
import type { ConfigObject, ConfigObjectSnapshot } from '../../domain/ConfigObject.js';
import {
  ConfigurationRepository,
  checkStorable,
  isCanonicalObjectId,
  type DanglingReference,
  type Revision,
  type RevisionDiff,
} from '../../domain/ConfigurationRepository.js';
import type { ObjectSort } from '../../domain/ObjectSort.js';
import { ConfigObjectMapper } from './ConfigObjectMapper.js';
import { ConfigObjectRecord } from './ConfigObjectRecord.js';

/** The stored columns of an object besides lab_id, revision and version. */
const COLUMNS =
  'id, sort, display_name, parameters, reference_slots, referenced_ids, comment, visible, protected, tr_mark, note, metadata';
/** Columns that make up an object's content (what diff compares; referenced_ids follows from reference_slots). */
const CONTENT = [
  'sort',
  'display_name',
  'parameters',
  'reference_slots',
  'comment',
  'visible',
  'protected',
  'tr_mark',
  'note',
  'metadata',
];
/** Objects sent as one JSON array parameter ($2) and read as rows: one round trip for any number of objects. */
const INCOMING = `jsonb_to_recordset($2::jsonb) AS x(id uuid, sort text, display_name text, parameters jsonb, reference_slots jsonb,
  referenced_ids text, comment text, visible boolean, protected boolean, tr_mark boolean, note text, metadata jsonb)`;
const INCOMING_VALUES =
  'x.id, x.sort, x.display_name, x.parameters, x.reference_slots, x.referenced_ids::uuid[], x.comment, x.visible, x.protected, x.tr_mark, x.note, x.metadata';

function content(alias: string): string {
  return `(${CONTENT.map((column) => `${alias}.${column}`).join(', ')})`;
}

const SET_FROM_EXCLUDED = [...CONTENT, 'referenced_ids'].map((column) => `${column} = EXCLUDED.${column}`).join(', ');
const SET_FROM_INCOMING = [
  ...CONTENT.map((column) => `${column} = x.${column}`),
  'referenced_ids = x.referenced_ids::uuid[]',
].join(', ');
const CHANGED = `${content('config_object')} IS DISTINCT FROM ${content('EXCLUDED')}`;

/**
 * Records the ids a data-modifying statement (the CTE `touched`, returning id and version) changed since the
 * last commit or revert, with the highest working version each had meanwhile.
 */
const MARK_TOUCHED = `INSERT INTO config_object_change (lab_id, id, last_version) SELECT $1, id, version FROM touched
  ON CONFLICT (lab_id, id) DO UPDATE SET last_version = GREATEST(config_object_change.last_version, EXCLUDED.last_version)`;
const SOURCE_COLUMNS = COLUMNS.split(', ')
  .map((column) => `s.${column}`)
  .join(', ');

function uuids(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

/** Rows of the lab named by an id array ($2): probes of the primary key. */
const OF_IDS = 'lab_id = $1 AND id = ANY($2::uuid[])';
/** Of the ids $2, those a revision lacks: a hashed subplan over primary-key probes, whatever the statistics say. */
const NOT_IN = (revision: Revision): string =>
  `id NOT IN (SELECT k.id FROM config_object k WHERE k.lab_id = $1 AND k.revision = '${revision}' AND k.id = ANY($2::uuid[]))`;

/**
 * From this many changed objects on, commit and revert copy whole revisions (range scans that skip unchanged
 * rows) rather than probing the primary key once per changed object: past it the probes cost more (measured
 * on 5,000 objects all changed: about 1.5 times the range scans).
 */
const WHOLE_REVISION_FROM = 1000;

/**
 * Copies objects of the `source` revision over the `target` one where `changed` holds, with `versions` for
 * inserted and updated rows: the objects named by $2 (`byIds`), or every object of the revision. Then the
 * objects the source lacks are deleted from the target.
 */
function copyObjects(
  source: Revision,
  target: Revision,
  byIds: boolean,
  versions: { inserted: string; updated: string },
  changed: string,
): string[] {
  const ids = byIds ? 'AND s.id = ANY($2::uuid[])' : '';
  return [
    `DELETE FROM config_object t WHERE t.lab_id = $1 AND t.revision = '${target}' ${ids.replaceAll('s.', 't.')}
       AND ${
         byIds
           ? NOT_IN(source).replace('id NOT IN', 't.id NOT IN')
           : // A hashed NOT IN subplan: NOT EXISTS became a nested loop over both revisions on a lab's stale statistics (21 s).
             `t.id NOT IN (SELECT s.id FROM config_object s WHERE s.lab_id = $1 AND s.revision = '${source}')`
       }`,
    `INSERT INTO config_object (lab_id, revision, ${COLUMNS}, version)
       SELECT s.lab_id, '${target}', ${SOURCE_COLUMNS}, ${versions.inserted}
       FROM config_object s WHERE s.lab_id = $1 AND s.revision = '${source}' ${ids}
     ON CONFLICT (lab_id, revision, id) DO UPDATE SET ${SET_FROM_EXCLUDED}, version = ${versions.updated} WHERE ${changed}`,
  ];
}

/** committed := working for the changed objects ($2) or all of them, versions included. */
const publishing = (byIds: boolean) =>
  copyObjects(
    'working',
    'committed',
    byIds,
    { inserted: 's.version', updated: 'EXCLUDED.version' },
    `${CHANGED} OR config_object.version <> EXCLUDED.version`,
  );
/**
 * working := committed for the changed objects ($2) or all of them: changed and re-added objects get a version
 * above every one they had (the last parameter: a JSON object of id → the highest working version since the
 * last commit or revert, looked up per row rather than joined), unchanged ones keep theirs.
 */
const restoring = (byIds: boolean) =>
  copyObjects(
    'committed',
    'working',
    byIds,
    {
      inserted: `GREATEST(s.version, coalesce((${byIds ? '$3' : '$2'}::jsonb ->> s.id::text)::int, 0)) + 1`,
      updated: 'GREATEST(config_object.version + 1, EXCLUDED.version)',
    },
    CHANGED,
  );
const PUBLISH = { byIds: publishing(true), whole: publishing(false) };
const RESTORE = { byIds: restoring(true), whole: restoring(false) };

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
  /** From how many changed objects on commit, revert and the consistency check read whole revisions (tests lower it to cover both paths). */
  wholeRevisionFrom = WHOLE_REVISION_FROM;

  async find(lab: LabId, id: string, revision: Revision = 'working'): Promise<ConfigObject | undefined> {
    if (!isCanonicalObjectId(id)) return undefined;
    const record = await this.records(ConfigObjectRecord).findOneBy({ labId: lab, revision, id });
    return record ? ConfigObjectMapper.toDomain(lab, record) : undefined;
  }

  async findByDisplayName(
    lab: LabId,
    sort: ObjectSort,
    displayName: string,
    revision: Revision = 'working',
  ): Promise<ConfigObject | undefined> {
    const record = await this.records(ConfigObjectRecord).findOne({
      where: { labId: lab, revision, sort, displayName },
      order: { id: 'ASC' },
    });
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
    const records = await this.records(ConfigObjectRecord)
      .createQueryBuilder('o')
      .where('o.lab_id = :lab', { lab })
      .andWhere("o.revision = 'working'")
      .andWhere('o.referenced_ids @> ARRAY[CAST(:id AS uuid)]', { id })
      .orderBy('o.sort', 'ASC')
      .addOrderBy('o.display_name', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .getMany();
    return records.map((record) => ConfigObjectMapper.toDomain(lab, record));
  }

  async save(object: ConfigObject): Promise<void> {
    const snapshot = object.snapshot();
    checkStorable(snapshot);
    const rows = JSON.stringify([ConfigObjectMapper.toRow(snapshot)]);
    const saved: unknown[] =
      object.version === 0
        ? await this.manager.query(
            `WITH touched AS (INSERT INTO config_object (lab_id, revision, ${COLUMNS}, version) SELECT $1, 'working', ${INCOMING_VALUES}, 1 FROM ${INCOMING}
           ON CONFLICT (lab_id, revision, id) DO NOTHING RETURNING id, version),
         marked AS (${MARK_TOUCHED})
         SELECT id FROM touched`,
            [object.lab, rows],
          )
        : await this.manager.query(
            `WITH touched AS (UPDATE config_object o SET ${SET_FROM_INCOMING}, version = o.version + 1
           FROM ${INCOMING} WHERE o.lab_id = $1 AND o.revision = 'working' AND o.id = x.id AND o.version = $3 RETURNING o.id, o.version),
         marked AS (${MARK_TOUCHED})
         SELECT id FROM touched`,
            [object.lab, rows, object.version],
          );
    if (saved.length !== 1) throw new StaleVersionError('Object', object.id);
  }

  async remove(lab: LabId, ids: readonly string[]): Promise<void> {
    const canonical = ids.filter(isCanonicalObjectId);
    if (canonical.length === 0) return;
    await this.manager.query(
      `WITH touched AS (DELETE FROM config_object WHERE lab_id = $1 AND revision = 'working' AND id = ANY($2::uuid[]) RETURNING id, version)
       ${MARK_TOUCHED}`,
      [lab, `{${canonical.join(',')}}`],
    );
  }

  async replaceWorking(lab: LabId, objects: readonly ConfigObjectSnapshot[]): Promise<void> {
    objects.forEach(checkStorable);
    await this.manager.query(
      `WITH touched AS (DELETE FROM config_object WHERE lab_id = $1 AND revision = 'working' AND NOT (id = ANY($2::uuid[])) RETURNING id, version)
       ${MARK_TOUCHED}`,
      [lab, `{${objects.map((o) => o.id).join(',')}}`],
    );
    if (objects.length === 0) return;
    await this.manager.query(
      `WITH touched AS (INSERT INTO config_object (lab_id, revision, ${COLUMNS}, version) SELECT $1, 'working', ${INCOMING_VALUES}, 1 FROM ${INCOMING}
         ON CONFLICT (lab_id, revision, id) DO UPDATE SET ${SET_FROM_EXCLUDED}, version = config_object.version + 1 WHERE ${CHANGED}
         RETURNING id, version)
       ${MARK_TOUCHED}`,
      [lab, JSON.stringify(objects.map(ConfigObjectMapper.toRow))],
    );
  }

  async publishWorking(lab: LabId): Promise<void> {
    const count = await this.changeCount(lab);
    if (count === 0) return;
    if (count >= this.wholeRevisionFrom) {
      await this.manager.query('DELETE FROM config_object_change WHERE lab_id = $1', [lab]);
      for (const statement of PUBLISH.whole) await this.manager.query(statement, [lab]);
      return;
    }
    const changed = uuids((await this.takeChanges(lab)).map((c) => c.id));
    for (const statement of PUBLISH.byIds) await this.manager.query(statement, [lab, changed]);
  }

  async restoreCommitted(lab: LabId): Promise<void> {
    const changes = await this.takeChanges(lab);
    if (changes.length === 0) return;
    const whole = changes.length >= this.wholeRevisionFrom;
    const lastVersions = JSON.stringify(Object.fromEntries(changes.map((c) => [c.id, c.lastVersion])));
    const parameters = whole ? [lab, lastVersions] : [lab, uuids(changes.map((c) => c.id)), lastVersions];
    const [remove, copy] = whole ? RESTORE.whole : RESTORE.byIds;
    await this.manager.query(remove!, parameters.slice(0, whole ? 1 : 2));
    await this.manager.query(copy!, parameters);
  }

  /** The changes since the last commit or revert, forgotten. */
  private async takeChanges(lab: LabId): Promise<Array<{ id: string; lastVersion: number }>> {
    return this.manager.query(
      // Wrapped in a SELECT: TypeORM answers a bare DELETE or UPDATE with [rows, count] rather than the rows.
      'WITH taken AS (DELETE FROM config_object_change WHERE lab_id = $1 RETURNING id, last_version) SELECT id, last_version AS "lastVersion" FROM taken',
      [lab],
    );
  }

  private async changeCount(lab: LabId): Promise<number> {
    const [row] = (await this.manager.query('SELECT count(*)::int AS n FROM config_object_change WHERE lab_id = $1', [
      lab,
    ])) as Array<{ n: number }>;
    return row!.n;
  }

  /** Ids the working revision changed since the last commit or revert. */
  private async changedIds(lab: LabId): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.manager.query(
      'SELECT id FROM config_object_change WHERE lab_id = $1',
      [lab],
    );
    return rows.map((row) => row.id);
  }

  async diff(lab: LabId): Promise<RevisionDiff> {
    // Only changed ids can differ; an id added and removed again since the commit counts as nothing. A full
    // join is planned as a hash or merge join, never as a nested loop.
    const [row] = (await this.manager.query(
      `SELECT count(*) FILTER (WHERE c.id IS NULL)::int AS added,
              count(*) FILTER (WHERE w.id IS NULL)::int AS removed,
              count(*) FILTER (WHERE w.id IS NOT NULL AND c.id IS NOT NULL AND ${content('w')} IS DISTINCT FROM ${content('c')})::int AS modified
       FROM (SELECT * FROM config_object WHERE ${OF_IDS} AND revision = 'working') w
       FULL JOIN (SELECT * FROM config_object WHERE ${OF_IDS} AND revision = 'committed') c ON c.id = w.id`,
      [lab, uuids(await this.changedIds(lab))],
    )) as RevisionDiff[];
    return { added: row!.added, removed: row!.removed, modified: row!.modified };
  }

  async count(lab: LabId, revision: Revision = 'working'): Promise<number> {
    const [row] = (await this.manager.query(
      'SELECT count(*)::int AS n FROM config_object WHERE lab_id = $1 AND revision = $2',
      [lab, revision],
    )) as Array<{ n: number }>;
    return row!.n;
  }

  async danglingReferences(lab: LabId, limit: number): Promise<DanglingReference[]> {
    // The committed revision has none (commit refuses them), so a dangling reference sits in a changed object
    // or in one that references a removed object (found through the GIN index); nothing else is read, unless
    // so much changed that reading the whole working revision costs less.
    const count = await this.changeCount(lab);
    if (count === 0) return [];
    if (count >= this.wholeRevisionFrom) {
      // The set-returning functions' default estimates (100 rows each) price this query high enough for a
      // server's JIT to compile it: 350 ms of compiling for a few ms of work. Off for the rest of this unit.
      await this.manager.query('SET LOCAL jit = off');
      return this.manager.query(danglingAmong(false), [lab, limit]);
    }
    const changed = await this.changedIds(lab);
    const removed: Array<{ id: string }> = await this.manager.query(
      `SELECT id FROM unnest($2::uuid[]) AS ch(id) WHERE ${NOT_IN('working').replace('id NOT IN', 'ch.id NOT IN')}`,
      [lab, uuids(changed)],
    );
    const referrers: Array<{ id: string }> =
      removed.length === 0
        ? []
        : await this.manager.query(
            "SELECT id FROM config_object WHERE lab_id = $1 AND revision = 'working' AND referenced_ids && $2::uuid[]",
            [lab, uuids(removed.map((r) => r.id))],
          );
    return this.manager.query(danglingAmong(true), [lab, limit, uuids([...changed, ...referrers.map((r) => r.id)])]);
  }
}

/** References of the working objects named by $3 (`byIds`), or of all of them, to ids no working object has. */
function danglingAmong(byIds: boolean): string {
  return `WITH refs AS (
      SELECT o.id, o.sort, o.display_name, s.key AS slot, r.value::uuid AS missing, r.position
      FROM config_object o
        CROSS JOIN LATERAL jsonb_each(o.reference_slots) AS s(key, value)
        CROSS JOIN LATERAL jsonb_array_elements_text(s.value) WITH ORDINALITY AS r(value, position)
      WHERE o.lab_id = $1 AND o.revision = 'working' ${byIds ? 'AND o.id = ANY($3::uuid[])' : ''} AND cardinality(o.referenced_ids) > 0)
    SELECT refs.id, refs.display_name AS "displayName", refs.slot, refs.missing::text AS "missingId" FROM refs
    WHERE refs.missing NOT IN (SELECT t.id FROM config_object t WHERE t.lab_id = $1 AND t.revision = 'working' AND t.id = ANY(ARRAY(SELECT missing FROM refs)))
    ORDER BY refs.sort, refs.display_name, refs.id, refs.slot COLLATE "C", refs.position
    LIMIT $2`;
}
