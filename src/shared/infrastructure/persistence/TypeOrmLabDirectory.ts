import { inject, injectable } from 'inversify';
import { DataSource } from 'typeorm';
import type { LabId } from '../../domain/LabId.js';
import { LabDirectory, orderedLabs, type LabEntry } from '../../application/LabDirectory.js';

interface Row { id: string; display_name: string; created_at: Date | string; port: number | null }

/**
 * The lab directory on the `lab` table. A new lab's revision counter starts from the clock in microseconds, not
 * from zero, so that state held in memory for a removed lab of the same name (keyed by lab and revision) can
 * never pass for the new lab's.
 */
@injectable()
export class TypeOrmLabDirectory extends LabDirectory {
  private labs = new Map<string, LabEntry>();
  private loading: Promise<void> | undefined;

  constructor(@inject(DataSource) private readonly dataSource: DataSource) {
    super();
  }

  load(): Promise<void> {
    this.loading ??= (async () => {
      const rows = await this.dataSource.query('SELECT id, display_name, created_at, port FROM lab ORDER BY created_at, id') as Row[];
      this.labs = new Map(rows.map((row) => [row.id, { id: row.id as LabId, displayName: row.display_name, createdAt: new Date(row.created_at), ...(row.port !== null ? { port: row.port } : {}) }]));
    })();
    return this.loading;
  }

  list(): readonly LabEntry[] {
    return orderedLabs(this.labs.values());
  }

  find(lab: string): LabEntry | undefined {
    return this.labs.get(lab);
  }

  async add(entry: LabEntry): Promise<void> {
    await this.dataSource.query('INSERT INTO lab (id, display_name, created_at, revision, port) VALUES ($1, $2, $3, $4, $5)',
      [entry.id, entry.displayName, entry.createdAt, String(BigInt(Date.now()) * 1000n), entry.port ?? null]);
    this.labs.set(entry.id, entry);
  }

  async remove(lab: LabId): Promise<void> {
    await this.dataSource.query('DELETE FROM lab WHERE id = $1', [lab]);
    this.labs.delete(lab);
  }
}
