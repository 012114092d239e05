import { injectable } from 'inversify';
import type { EntityManager } from 'typeorm';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { TransactionScope } from '../../../../shared/infrastructure/TransactionScope.js';
import type { LabState, SnapshotSummary, StoredSnapshot } from '../domain/LabState.js';
import { SnapshotRepository, type StateCatalog } from '../application/SnapshotRepository.js';

/**
 * Lab-keyed tables a snapshot leaves out: the snapshots themselves, and which process runs the lab's simulator
 * (a fact about the processes serving now, not the lab's state).
 */
export const EXCLUDED_TABLES: readonly string[] = ['lab_lease', 'lab_snapshot'];

interface TableInfo {
  readonly name: string;
  /** Columns that can be written (not generated), in order. */
  readonly columns: readonly string[];
  readonly primaryKey: readonly string[];
  readonly identity: readonly string[];
}

interface Catalog extends StateCatalog {
  readonly info: ReadonlyMap<string, TableInfo>;
}

interface SummaryRow {
  name: string;
  created_at: Date | string;
  source_lab: string;
  lab_revision: string | number;
  schema_name: string;
  objects: number;
  bytes: number;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const SUMMARY = 'name, created_at, source_lab, lab_revision, schema_name, objects, bytes';

const COLUMNS = `SELECT c.relname AS table_name, a.attname AS column_name, a.attgenerated <> '' AS generated,
    a.attidentity <> '' AS identity, coalesce(a.attnum = ANY (i.indkey), false) AS primary_key
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
  WHERE c.relkind IN ('r', 'p')
    AND EXISTS (SELECT 1 FROM pg_attribute l WHERE l.attrelid = c.oid AND l.attname = 'lab_id' AND NOT l.attisdropped)
  ORDER BY c.relname, a.attnum`;
const FOREIGN_KEYS = `SELECT child.relname AS child, parent.relname AS parent
  FROM pg_constraint k
  JOIN pg_class child ON child.oid = k.conrelid
  JOIN pg_class parent ON parent.oid = k.confrelid
  WHERE k.contype = 'f' AND k.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`;
const SCHEMA = 'SELECT name FROM schema_migration ORDER BY timestamp DESC, id DESC LIMIT 1';

function summary(row: SummaryRow): SnapshotSummary {
  return {
    name: row.name,
    createdAt: new Date(row.created_at),
    sourceLab: row.source_lab,
    labRevision: Number(row.lab_revision),
    schema: row.schema_name,
    objects: Number(row.objects),
    bytes: Number(row.bytes),
  };
}

/** Parents before children; a table whose parents are not lab-keyed (the `lab` row) comes first. */
function foreignKeyOrder(tables: readonly string[], edges: ReadonlyArray<{ child: string; parent: string }>): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges)
      if (edge.child === table && edge.parent !== table && tables.includes(edge.parent)) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

/**
 * Snapshots on PostgreSQL (embedded or server), by one generic mechanism over the store's own catalog: a lab's
 * state is every row of every table of the schema that has a `lab_id` column (but `lab_snapshot`), in foreign-key
 * order — so a table added by a later migration is in every snapshot taken after it, with no code here. Rows are
 * rendered and read back by PostgreSQL itself (`to_jsonb` / `jsonb_populate_record`), so types round-trip
 * exactly; saving and restoring never carry the state through this process (save: one INSERT … SELECT; restore: one
 * DELETE and one INSERT … SELECT statement, each covering every table, writing only the rows that differ).
 */
@injectable()
export class SqlSnapshotRepository extends SnapshotRepository {
  private loaded: Promise<Catalog> | undefined;

  available(): boolean {
    return true;
  }

  private get manager(): EntityManager {
    const scope = TransactionScope.current();
    if (!scope?.handle) throw new Error('snapshots are read and written inside a unit of work');
    return scope.handle as EntityManager;
  }

  private query<T>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    return this.manager.query(sql, parameters) as Promise<T[]>;
  }

  /** The catalog is read once per process (migrations run before anything is served); `reload` reads it again. */
  catalog(): Promise<Catalog> {
    if (!this.loaded) {
      const loading = this.readCatalog();
      this.loaded = loading;
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = undefined;
      });
    }
    return this.loaded;
  }

  /** Forgets the catalog read (a test that adds a table at run time). */
  reload(): void {
    this.loaded = undefined;
  }

  private async readCatalog(): Promise<Catalog> {
    const columns = await this.query<{
      table_name: string;
      column_name: string;
      generated: boolean;
      identity: boolean;
      primary_key: boolean;
    }>(COLUMNS);
    const edges = await this.query<{ child: string; parent: string }>(FOREIGN_KEYS);
    const schema = (await this.query<{ name: string }>(SCHEMA))[0]?.name ?? '';
    const info = new Map<string, { name: string; columns: string[]; primaryKey: string[]; identity: string[] }>();
    for (const column of columns) {
      let table = info.get(column.table_name);
      if (!table)
        info.set(column.table_name, (table = { name: column.table_name, columns: [], primaryKey: [], identity: [] }));
      if (!column.generated) table.columns.push(column.column_name);
      if (column.primary_key) table.primaryKey.push(column.column_name);
      if (column.identity) table.identity.push(column.column_name);
    }
    const all = [...info.keys()];
    const excluded = all.filter((table) => EXCLUDED_TABLES.includes(table));
    const tables = foreignKeyOrder(
      all.filter((table) => !EXCLUDED_TABLES.includes(table)),
      edges,
    );
    return { schema, tables, excluded, info };
  }

  async list(lab: LabId): Promise<SnapshotSummary[]> {
    return (
      await this.query<SummaryRow>(`SELECT ${SUMMARY} FROM lab_snapshot WHERE lab_id = $1 ORDER BY created_at, name`, [
        lab,
      ])
    ).map(summary);
  }

  async find(lab: LabId, name: string): Promise<SnapshotSummary | undefined> {
    const row = (
      await this.query<SummaryRow>(`SELECT ${SUMMARY} FROM lab_snapshot WHERE lab_id = $1 AND name = $2`, [lab, name])
    )[0];
    return row && summary(row);
  }

  async read(lab: LabId, name: string): Promise<StoredSnapshot | undefined> {
    const row = (
      await this.query<SummaryRow & { state: unknown }>(
        `SELECT ${SUMMARY}, state FROM lab_snapshot WHERE lab_id = $1 AND name = $2`,
        [lab, name],
      )
    )[0];
    if (!row) return undefined;
    const state = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as LabState;
    return { ...summary(row), state };
  }

  async save(lab: LabId, name: string, createdAt: Date, replace: boolean): Promise<SnapshotSummary | undefined> {
    const catalog = await this.catalog();
    const entries = catalog.tables.map((table) => {
      const key = catalog.info
        .get(table)!
        .primaryKey.filter((column) => column !== 'lab_id')
        .map((column) => `x.${ident(column)}`);
      const order = key.length > 0 ? ` ORDER BY ${key.join(', ')}` : '';
      return `${literal(table)}, (SELECT coalesce(jsonb_agg(to_jsonb(x) - 'lab_id'${order}), '[]'::jsonb) FROM ${ident(table)} x WHERE x.lab_id = $1)`;
    });
    // jsonb_build_object takes at most 100 arguments: 50 tables per call, joined with ||
    const chunks: string[] = [];
    for (let at = 0; at < entries.length; at += 50)
      chunks.push(`jsonb_build_object(${entries.slice(at, at + 50).join(', ')})`);
    const tables = chunks.length > 0 ? chunks.join(' || ') : "'{}'::jsonb";
    const conflict = replace
      ? `DO UPDATE SET created_at = EXCLUDED.created_at, source_lab = EXCLUDED.source_lab, lab_revision = EXCLUDED.lab_revision,
           schema_name = EXCLUDED.schema_name, objects = EXCLUDED.objects, bytes = EXCLUDED.bytes, state = EXCLUDED.state`
      : 'DO NOTHING';
    const rows = await this.query<SummaryRow>(
      `WITH saved AS (
      INSERT INTO lab_snapshot (lab_id, name, created_at, source_lab, lab_revision, schema_name, objects, bytes, state)
      SELECT $1, $2, $3, $1, (SELECT revision FROM lab WHERE id = $1), $4,
        (SELECT coalesce(sum(jsonb_array_length(v)), 0) FROM jsonb_each(t.state -> 'tables') AS e(k, v)), octet_length(t.state::text), t.state
      FROM (SELECT jsonb_build_object('tables', ${tables}) AS state) t
      ON CONFLICT (lab_id, name) ${conflict}
      RETURNING ${SUMMARY}) SELECT * FROM saved`,
      [lab, name, createdAt, catalog.schema],
    );
    if (rows[0]) await this.hashRows(lab, name, catalog);
    return rows[0] && summary(rows[0]);
  }

  async put(
    lab: LabId,
    name: string,
    snapshot: { sourceLab: string; createdAt: Date; labRevision: number; schema: string; state: LabState },
  ): Promise<SnapshotSummary> {
    const rows = await this.query<SummaryRow>(
      `WITH saved AS (
      INSERT INTO lab_snapshot (lab_id, name, created_at, source_lab, lab_revision, schema_name, objects, bytes, state)
      SELECT $1, $2, $3, $4, $5, $6, (SELECT coalesce(sum(jsonb_array_length(v)), 0) FROM jsonb_each(t.state -> 'tables') AS e(k, v)), octet_length(t.state::text), t.state
      FROM (SELECT $7::jsonb AS state) t
      ON CONFLICT (lab_id, name) DO UPDATE SET created_at = EXCLUDED.created_at, source_lab = EXCLUDED.source_lab, lab_revision = EXCLUDED.lab_revision,
        schema_name = EXCLUDED.schema_name, objects = EXCLUDED.objects, bytes = EXCLUDED.bytes, state = EXCLUDED.state
      RETURNING ${SUMMARY}) SELECT * FROM saved`,
      [
        lab,
        name,
        snapshot.createdAt,
        snapshot.sourceLab,
        snapshot.labRevision,
        snapshot.schema,
        JSON.stringify(snapshot.state),
      ],
    );
    await this.hashRows(lab, name, await this.catalog());
    return summary(rows[0]!);
  }

  async check(state: LabState): Promise<{ field: string; message: string } | undefined> {
    for (const [table, rows] of Object.entries(state.tables)) {
      if (rows.length === 0) continue;
      await this.query('SAVEPOINT snapshot_check');
      try {
        await this.query(`SELECT count(*) FROM jsonb_populate_recordset(NULL::${ident(table)}, $1::jsonb)`, [
          JSON.stringify(rows),
        ]);
        await this.query('RELEASE SAVEPOINT snapshot_check');
      } catch (error) {
        await this.query('ROLLBACK TO SAVEPOINT snapshot_check');
        return {
          field: `state.tables.${table}`,
          message: `a row does not read as a row of ${table}: ${(error as Error).message}`,
        };
      }
    }
    return undefined;
  }

  /** `md5` of a row's text, lab_id and generated columns left out: the same for a stored row and its JSON read back. */
  private rowHash(info: TableInfo, alias: string): string {
    return `md5(ROW(${info.columns
      .filter((column) => column !== 'lab_id')
      .map((column) => `${alias}.${ident(column)}`)
      .join(', ')})::text)`;
  }

  /** Computes a stored snapshot's row hashes from its state (after a save or an import). */
  private async hashRows(lab: LabId, name: string, catalog: Catalog): Promise<void> {
    const entries = catalog.tables.map(
      (
        table,
      ) => `${literal(table)}, (SELECT coalesce(jsonb_agg(${this.rowHash(catalog.info.get(table)!, 'r')} ORDER BY e.i), '[]'::jsonb)
      FROM jsonb_array_elements(coalesce(s.state -> 'tables' -> ${literal(table)}, '[]'::jsonb)) WITH ORDINALITY e(v, i)
      CROSS JOIN LATERAL jsonb_populate_record(NULL::${ident(table)}, e.v) r)`,
    );
    const chunks: string[] = [];
    for (let at = 0; at < entries.length; at += 50)
      chunks.push(`jsonb_build_object(${entries.slice(at, at + 50).join(', ')})`);
    await this.query(
      `WITH hashed AS (UPDATE lab_snapshot s SET row_hashes = ${chunks.length > 0 ? chunks.join(' || ') : "'{}'::jsonb"}
      WHERE s.lab_id = $1 AND s.name = $2 RETURNING 1) SELECT count(*)::int AS n FROM hashed`,
      [lab, name],
    );
  }

  /**
   * Costs what differs: a row of the lab whose hash (md5 of its text) is one of the snapshot's stays; the others
   * are deleted (one statement for every table, which also answers the hashes kept), then the snapshot's rows whose
   * hash was not kept are inserted (one statement for every table; foreign keys are checked at its end). A lab
   * reset between tests that changed a few objects writes those few; no row is rendered as JSON.
   */
  async restore(lab: LabId, name: string): Promise<boolean> {
    const found = await this.query<{ found: number }>(
      'SELECT 1 AS found FROM lab_snapshot WHERE lab_id = $1 AND name = $2',
      [lab, name],
    );
    if (found.length === 0) return false;
    const catalog = await this.catalog();
    if (catalog.tables.length === 0) return true;
    const tables = catalog.tables;
    const hashes = `snap AS MATERIALIZED (SELECT ${tables.map((table, n) => `coalesce(row_hashes -> ${literal(table)}, '[]'::jsonb) AS h${n}`).join(', ')}
      FROM lab_snapshot WHERE lab_id = $2 AND name = $3)`;
    const current = tables.map(
      (
        table,
        n,
      ) => `c${n} AS MATERIALIZED (SELECT x.ctid AS at, ${this.rowHash(catalog.info.get(table)!, 'x')} AS h FROM ${ident(table)} x WHERE x.lab_id = $1),
      s${n} AS MATERIALIZED (SELECT jsonb_array_elements_text(snap.h${n}) AS h FROM snap),
      d${n} AS (DELETE FROM ${ident(table)} x WHERE x.ctid IN (SELECT at FROM c${n} WHERE h NOT IN (SELECT h FROM s${n})) RETURNING 1)`,
    );
    // per table: the hashes kept, or nothing when every row of the snapshot was kept (no insert there)
    const keptOf = tables.map(
      (
        table,
        n,
      ) => `${literal(table)}, (SELECT CASE WHEN count(*) = jsonb_array_length((SELECT h${n} FROM snap)) THEN NULL
      ELSE coalesce(jsonb_agg(h), '[]'::jsonb) END FROM c${n} WHERE h IN (SELECT h FROM s${n}))`,
    );
    const kept: string[] = [];
    for (let at = 0; at < keptOf.length; at += 50)
      kept.push(`jsonb_build_object(${keptOf.slice(at, at + 50).join(', ')})`);
    const rows = await this.query<{ kept: unknown }>(
      `WITH ${hashes}, ${current.join(', ')} SELECT ${kept.join(' || ')} AS kept`,
      [lab, lab, name],
    );
    const keptHashes = (typeof rows[0]?.kept === 'string' ? JSON.parse(rows[0].kept) : (rows[0]?.kept ?? {})) as Record<
      string,
      unknown
    >;
    const incomplete = tables.filter((table) => keptHashes[table] !== null && keptHashes[table] !== undefined);
    if (incomplete.length > 0) await this.insertMissing(lab, name, catalog, incomplete, JSON.stringify(keptHashes));
    for (const table of tables) {
      for (const column of catalog.info.get(table)!.identity) {
        // an imported snapshot may carry identity values above the sequence's: move the sequence past them
        await this
          .query(`SELECT setval(q.sequence, GREATEST((SELECT max(${ident(column)}) FROM ${ident(table)}), pg_sequence_last_value(q.sequence), 1))
          FROM (SELECT pg_get_serial_sequence(${literal(ident(table))}, ${literal(column)})::regclass AS sequence) q`);
      }
    }
    return true;
  }

  /** Inserts the snapshot's rows of `tables` whose hash is not among those kept (one statement). */
  private async insertMissing(
    lab: LabId,
    name: string,
    catalog: Catalog,
    tables: readonly string[],
    keptHashes: string,
  ): Promise<void> {
    const state = `snap AS MATERIALIZED (SELECT ${tables.map((table, n) => `coalesce(state -> 'tables' -> ${literal(table)}, '[]'::jsonb) AS r${n}, coalesce(row_hashes -> ${literal(table)}, '[]'::jsonb) AS h${n}`).join(', ')}
      FROM lab_snapshot WHERE lab_id = $2 AND name = $3)`;
    const inserts = tables.map((table, n) => {
      const info = catalog.info.get(table)!;
      const values = info.columns.map((column) => (column === 'lab_id' ? '$1' : `r.${ident(column)}`));
      const overriding = info.identity.length > 0 ? ' OVERRIDING SYSTEM VALUE' : '';
      return `i${n} AS (INSERT INTO ${ident(table)} (${info.columns.map(ident).join(', ')})${overriding}
        SELECT ${values.join(', ')} FROM snap CROSS JOIN LATERAL generate_series(0, jsonb_array_length(snap.h${n}) - 1) g(i)
        CROSS JOIN LATERAL jsonb_populate_record(NULL::${ident(table)}, snap.r${n} -> g.i) r
        WHERE (snap.h${n} ->> g.i) NOT IN (SELECT jsonb_array_elements_text(coalesce($4::jsonb -> ${literal(table)}, '[]'::jsonb))) RETURNING 1)`;
    });
    await this.query(`WITH ${state}, ${inserts.join(', ')} SELECT 1 AS done`, [lab, lab, name, keptHashes]);
  }

  async remove(lab: LabId, name: string): Promise<boolean> {
    const rows = await this.query<{ n: number }>(
      'WITH gone AS (DELETE FROM lab_snapshot WHERE lab_id = $1 AND name = $2 RETURNING 1) SELECT count(*)::int AS n FROM gone',
      [lab, name],
    );
    return Number(rows[0]?.n ?? 0) > 0;
  }

  async removeAll(lab: LabId): Promise<void> {
    await this.query(
      'WITH gone AS (DELETE FROM lab_snapshot WHERE lab_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
      [lab],
    );
  }
}
