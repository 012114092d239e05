import { CreateMonitorStore1764200000000 } from './1764200000000-CreateMonitorStore.js';

/** Every migration of the monitor's store (its own database or schema), in order; run at start-up like the main ones. */
export const MONITOR_MIGRATIONS = [CreateMonitorStore1764200000000];
