/** Everything the process is configured with; read once at start-up by loadConfig. */
export interface AppConfig {
  readonly port: number;
  readonly host: string;
  /** A PostgreSQL server URL; undefined means the embedded engine. */
  readonly databaseUrl: string | undefined;
  /**
   * The monitor's PostgreSQL server (MONITOR_DATABASE_URL); undefined: the main server when there is one (schema
   * `monitor`), else a second embedded engine under the data directory (see persistence/monitorDatabase.ts).
   */
  readonly monitorDatabaseUrl?: string | undefined;
  /** Where the embedded engine keeps its files; undefined with `ephemeral` (kept in memory). */
  readonly dataDir: string | undefined;
  readonly ephemeral: boolean;
  readonly adminPassword: string;
  /** True while the well-known default 'anadmin' is in use (GWSIM_ADMIN_PASSWORD unset, or set to it). */
  readonly adminPasswordIsDefault: boolean;
  readonly logLevel: LogLevel;
  /**
   * LOG_FORMAT: JSON lines (for collectors; the default when standard output is not a terminal) or `pretty`
   * (pino-pretty's readable lines; the default at a terminal).
   */
  readonly logFormat?: LogFormat;
  /**
   * GWSIM_CORS_ORIGINS: the browser origins allowed to call the API from another origin (`https://tool.example:8443`),
   * `*` for any origin (without credentials: a browser then sends no cookie, and Basic only when the page sets
   * it itself); empty (the default) answers no CORS headers at all.
   */
  readonly corsOrigins?: readonly string[] | '*';
  /** GWSIM_METRICS_TOKEN: when set, /_sim/metrics asks for `Authorization: Bearer <token>`; unset, it is open like /_sim/health. */
  readonly metricsToken?: string;
  /** log2 of scrypt's cost N for new password hashes. */
  readonly kdfCost: number;
  /** Minutes of inactivity after which a JSESSIONID session ends. */
  readonly sessionIdleMinutes: number;
  readonly bodyLimits: BodyLimits;
  /**
   * GWSIM_ADVERTISE_URL: where the other processes on the same PostgreSQL server reach this one's HTTP API (they
   * forward the live requests of the labs this process runs); undefined: http://<listen host>:<port>, 127.0.0.1
   * for a wildcard host.
   */
  readonly advertiseUrl?: string | undefined;
  /** GWSIM_JOURNAL_SIZE: entries each lab's request journal holds (newest kept); undefined: 10,000. */
  readonly journalSize?: number;
  /**
   * Whether `gwsim serve` loads the demo (demo/: a configuration file, a lab license and a traffic profile) into
   * a default lab that still has the factory configuration, and runs its traffic. On unless `--no-demo` or
   * GWSIM_DEMO=0; undefined (configurations built in code, tests) means off.
   */
  readonly demo?: boolean;
  /**
   * GWSIM_SIP / `gwsim serve --sip`: every lab whose SIP setting was never set (PUT /_sim/labs/{lab}/sip) carries real
   * SIP on its nodes' ports. Off by default (undefined means off).
   */
  readonly sip?: boolean;
  /** GWSIM_SIP_HOST / `--sip-host`: the address the labs' SIP listeners bind to; undefined: 127.0.0.1. */
  readonly sipHost?: string;
  /**
   * GWSIM_SIP_ADVERTISE / `--sip-advertise`: the address gwsim writes where it names itself to a SIP peer (Via
   * sent-by, Contact, the relay's c= and o= lines); undefined: the bind address, or when that is a wildcard the
   * address of this machine's first interface of its family (advertisedSipHost).
   */
  readonly sipAdvertise?: string;
  /** RFC 3261 timer T1 of the SIP transaction layer in ms (T2 and T4 follow it); undefined: 500. Tests shorten it. */
  readonly sipT1Ms?: number;
  /**
   * GWSIM_MEDIA_WORKERS: how many worker threads relay the anchored calls' RTP (0: the simulator's own thread, as
   * before); undefined: 1 (see docs/adr/0040).
   */
  readonly mediaWorkers?: number;
  /**
   * GWSIM_SIMULATOR_THREAD (on unless 0): on the embedded engine, `gwsim serve` runs the labs' simulators (calls,
   * SIP, media, history) in a worker thread of their own, apart from the API's event loop (see SimulatorThread).
   * Undefined (configurations built in code, tests): off.
   */
  readonly simulatorThread?: boolean;
}

export interface BodyLimits {
  readonly json: number;
  readonly text: number;
  readonly form: number;
  readonly file: number;
}

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  json: 1024 * 1024,
  text: 64 * 1024,
  form: 1024 * 1024,
  file: 16 * 1024 * 1024,
};

/** The container token of the process configuration (only src/app reads it; contexts get settings of their own). */
export const APP_CONFIG = Symbol.for('gwsim.AppConfig') as symbol & { readonly __type?: AppConfig };
