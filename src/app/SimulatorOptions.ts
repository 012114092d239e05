import type { MessagePort } from 'node:worker_threads';
import type { Clock } from '../shared/domain/Clock.js';
import type { IdGenerator } from '../shared/domain/IdGenerator.js';
import type { RandomSource } from '../shared/domain/RandomSource.js';
import type { Logger } from '../shared/application/Logger.js';
import type { AppConfig } from './config/AppConfig.js';
import type { EmbeddedDatabase } from './persistence/EmbeddedDatabase.js';
import type { QueryableDatabase } from './persistence/DatabasePool.js';
import type { MonitorTuning } from '../contexts/monitoring/index.js';

/** How GatewaySimulator.create starts a simulator. */
export interface SimulatorOptions {
  readonly config: AppConfig;
  readonly logger: Logger;
  /** 'memory' runs every port on in-memory adapters (no database at all). */
  readonly store?: 'database' | 'memory';
  readonly clock?: Clock;
  readonly random?: RandomSource;
  readonly ids?: IdGenerator;
  /** False for administrative commands (gwsim admin …) that open the store without serving: no seeding, no start-up tasks. */
  readonly runStartupTasks?: boolean;
  /** The embedded engine when the caller started it already (see startEmbeddedEngine). */
  readonly engine?: Promise<EmbeddedDatabase>;
  /** The monitor's embedded engine when the caller started it already (a session of it; closing the store closes only that). */
  readonly monitorEngine?: QueryableDatabase;
  /** Export Node's process metrics at /_sim/metrics (on for `gwsim serve`; off in tests, which run many simulators in one process). */
  readonly processMetrics?: boolean;
  /** Pacing of the monitor's sinks and retention (tests); the defaults otherwise. */
  readonly monitorTuning?: MonitorTuning;
  /**
   * `gwsim serve`: create resolves (and the API is served) before an embedded monitor store is open; the monitor
   * answers as a component still starting (503 MONITOR_UNREACHABLE, `monitor` a text status in version/get,
   * /_sim/ready not ready) until it is, and then the background services and the demo's traffic start. A server
   * monitor store is always waited for (it opens at once, and an unreachable one is a configuration error).
   */
  readonly deferMonitor?: boolean;
  /** Called when the deferred part of the start (see deferMonitor) fails; the caller stops the simulator. */
  readonly onDeferredFailure?: (error: unknown) => void;
  /**
   * `gwsim serve` on the embedded engine with the simulator thread on: the labs' simulators (engines, SIP, media,
   * history) run in a worker thread of their own (SimulatorThread), on sessions of this thread's engines, and this
   * thread serves the API, forwarding the labs' live requests there.
   */
  readonly simulatorThread?: boolean;
  /**
   * Inside the simulator's thread: the key forwarded requests are signed with and the sessions of the engines of
   * the thread that started it (no migrations run here, no store is made).
   */
  readonly inSimulatorThread?: {
    readonly key: Buffer;
    readonly store: MessagePort;
    readonly monitor: MessagePort | undefined;
    /** The two threads' counts of committed write units (ThreadCommits). */
    readonly commits: SharedArrayBuffer;
    /** The directory searches of logins in either thread (DirectorySearches). */
    readonly directorySearches: SharedArrayBuffer;
  };
}
