import { inject, injectable, optional } from 'inversify';
import { DataSource } from 'typeorm';
import type { LabId } from '../../domain/LabId.js';
import { LabDirectory, orderedLabs, type LabEntry } from '../../application/LabDirectory.js';
import { DatabaseKind } from './DatabaseKind.js';

interface Row {
  id: string;
  display_name: string;
  created_at: Date | string;
  port: number | null;
}

const SELECT_LABS = 'SELECT id, display_name, created_at, port FROM lab';

function entryOf(row: Row): LabEntry {
  return {
    id: row.id as LabId,
    displayName: row.display_name,
    createdAt: new Date(row.created_at),
    ...(row.port !== null ? { port: row.port } : {}),
  };
}

/**
 * The lab directory on the `lab` table. A new lab's revision counter starts from the clock in microseconds, not
 * from zero, so that state held in memory for a removed lab of the same name (keyed by lab and revision) can
 * never pass for the new lab's. On a PostgreSQL server other processes make and remove labs too: `lookup` reads the
 * lab's row each time (for a name that can be a lab's: see LabDirectory.lookup) and `refresh` the whole table (the
 * embedded engine's data directory has one process, so there both answer from memory).
 */
@injectable()
export class TypeOrmLabDirectory extends LabDirectory {
  private labs = new Map<string, LabEntry>();
  private loading: Promise<void> | undefined;

  private readonly shared: boolean;

  constructor(
    @inject(DataSource) private readonly dataSource: DataSource,
    @inject(DatabaseKind) @optional() kind?: DatabaseKind,
  ) {
    super();
    this.shared = kind !== undefined && (!kind.embedded || kind.labsMadeElsewhere);
  }

  load(): Promise<void> {
    this.loading ??= this.readAll();
    return this.loading;
  }

  override async refresh(): Promise<void> {
    if (this.shared) await this.readAll();
  }

  protected override async read(lab: LabId): Promise<LabEntry | undefined> {
    if (!this.shared) return this.find(lab);
    const row = ((await this.dataSource.query(`${SELECT_LABS} WHERE id = $1`, [lab])) as Row[])[0];
    if (!row) {
      this.labs.delete(lab);
      return undefined;
    }
    const entry = entryOf(row);
    this.labs.set(entry.id, entry);
    return entry;
  }

  private async readAll(): Promise<void> {
    const rows = (await this.dataSource.query(`${SELECT_LABS} ORDER BY created_at, id`)) as Row[];
    this.labs = new Map(rows.map((row) => [row.id, entryOf(row)]));
  }

  list(): readonly LabEntry[] {
    return orderedLabs(this.labs.values());
  }

  find(lab: string): LabEntry | undefined {
    return this.labs.get(lab);
  }

  async add(entry: LabEntry): Promise<void> {
    await this.dataSource.query(
      'INSERT INTO lab (id, display_name, created_at, revision, port) VALUES ($1, $2, $3, $4, $5)',
      [entry.id, entry.displayName, entry.createdAt, String(BigInt(Date.now()) * 1000n), entry.port ?? null],
    );
    this.labs.set(entry.id, entry);
  }

  async remove(lab: LabId): Promise<void> {
    await this.dataSource.query('DELETE FROM lab WHERE id = $1', [lab]);
    this.labs.delete(lab);
  }
}
