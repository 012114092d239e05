import type { DataSource } from 'typeorm';

/** The schema that holds the monitor's tables, on the embedded engine and on a server alike. */
export const MONITOR_SCHEMA = 'monitor';

/** The monitor store's open DataSource (its own database, or schema `monitor` of the main server), as the container gives it. */
export class MonitorDatabase {
  constructor(readonly dataSource: DataSource) {}
}
