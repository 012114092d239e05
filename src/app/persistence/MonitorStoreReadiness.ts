import { inject, injectable } from 'inversify';
import { ReadinessCheck } from '../../shared/application/ReadinessCheck.js';
import { MONITOR_SCHEMA, MonitorAvailability, MonitorDatabase } from '../../contexts/monitoring/index.js';
import { errorCode, pendingMigrations } from './StoreReadiness.js';

/**
 * The monitor's store answers and its schema is up to date (its own migrations, bookkept in
 * `monitor.schema_migration`). A fault that makes a lab's monitor unreachable is part of the simulation, not a
 * fault of the simulator, so it does not count here; the store marked down by its adapter does.
 */
@injectable()
export class MonitorStoreReadiness extends ReadinessCheck {
  readonly name = 'monitor-store';

  constructor(
    @inject(MonitorDatabase) private readonly database: MonitorDatabase,
    @inject(MonitorAvailability) private readonly availability: MonitorAvailability,
  ) {
    super();
  }

  async check(): Promise<string | undefined> {
    const { dataSource } = this.database;
    // not before its migrations are done: a statement failing meanwhile would abort the migration under way
    if (!this.database.isOpen || !dataSource.isInitialized) return "the monitor's store is still opening";
    let applied: Set<string>;
    try {
      const table = dataSource.options.migrationsTableName ?? 'migrations';
      const rows = (await dataSource.query(`SELECT name FROM "${MONITOR_SCHEMA}"."${table}"`)) as Array<{
        name: string;
      }>;
      applied = new Set(rows.map((row) => row.name));
    } catch (error) {
      return `the monitor's store does not answer (${errorCode(error)})`;
    }
    if (this.availability.storeDown())
      return "the monitor's store was found unreachable and has not answered its adapter's probe since";
    return pendingMigrations(dataSource, applied);
  }
}
