import type { DataSource } from 'typeorm';

/** The schema that holds the monitor's tables, on the embedded engine and on a server alike. */
export const MONITOR_SCHEMA = 'monitor';

/**
 * The monitor store's DataSource (its own database, or schema `monitor` of the main server), as the container gives
 * it, and `opened`: settles once it is open with its schema up to date (on the embedded engine the API may serve
 * before that). No statement may reach the store earlier: on the embedded engine's single session a statement
 * meeting a table not made yet would fail inside the migration's transaction and abort it.
 */
export class MonitorDatabase {
  private open = false;

  constructor(
    readonly dataSource: DataSource,
    readonly opened: Promise<void> = Promise.resolve(),
  ) {
    opened.then(
      () => {
        this.open = true;
      },
      () => undefined,
    );
  }

  /** Whether `opened` has resolved. */
  get isOpen(): boolean {
    return this.open;
  }
}
