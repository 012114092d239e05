import 'reflect-metadata';
import { GatewaySimulator } from '../../src/app/GatewaySimulator.js';
import type { OperationDefinition } from '../../src/shared/interface/http/Operation.js';
import { SERVED_OPERATIONS } from '../../src/app/operations.js';
import type { AppConfig } from '../../src/app/config/AppConfig.js';
import { ManualClock } from '../../src/shared/infrastructure/ManualClock.js';
import { SeededRandom } from '../../src/shared/domain/SeededRandom.js';
import { SilentLogger } from './SilentLogger.js';
import { Logger, type LogFields } from '../../src/shared/application/Logger.js';
import { PinoLogger } from '../../src/shared/infrastructure/PinoLogger.js';
import { ApiClient } from './ApiClient.js';
import { ResponseSchemas } from './ResponseSchemas.js';
import { ADMIN_PASSWORD, testConfig } from './testConfig.js';
import { wipeServerDatabase } from './testStores.js';
import { sharedEngines } from './sharedEngines.js';
import { forgetInProcess, serveInProcess } from './inProcess.js';
import type { SimulatorOptions } from '../../src/app/SimulatorOptions.js';

export interface TestGatewayOptions {
  readonly config?: Partial<AppConfig>;
  /** 'memory' runs on the in-memory adapters; the default runs on the database of testConfig(). */
  readonly store?: 'database' | 'memory';
  /** Keep the schema and data already in the store (restart tests); by default a server database is wiped first. */
  readonly keepData?: boolean;
  /** Clients reach the gateway over loopback TCP, where the socket is the point; by default ApiClient's requests go to the application in process (inProcess.ts). */
  readonly overTcp?: boolean;
  readonly clock?: ManualClock;
  /** Operations mounted besides the table (test probes), with the controllers they need bound as themselves. */
  /** Also write the log as pino JSON lines (what production writes) into TestGateway.logText, to check what reaches it. */
  readonly captureLog?: boolean;
  readonly extraOperations?: {
    readonly operations: readonly OperationDefinition[];
    readonly controllers: ReadonlyArray<new (...args: never[]) => unknown>;
  };
}

/** Sends every line to both loggers: the silent one keeps the errors, pino writes what production would. */
class TeeLogger extends Logger {
  constructor(
    private readonly first: Logger,
    private readonly second: Logger,
  ) {
    super();
  }
  debug(fields: LogFields, message: string): void {
    this.first.debug(fields, message);
    this.second.debug(fields, message);
  }
  info(fields: LogFields, message: string): void {
    this.first.info(fields, message);
    this.second.info(fields, message);
  }
  warn(fields: LogFields, message: string): void {
    this.first.warn(fields, message);
    this.second.warn(fields, message);
  }
  error(fields: LogFields, message: string): void {
    this.first.error(fields, message);
    this.second.error(fields, message);
  }
  child(fields: LogFields): Logger {
    return new TeeLogger(this.first.child(fields), this.second.child(fields));
  }
  isLevelEnabled(level: 'debug' | 'info' | 'warn' | 'error'): boolean {
    return this.first.isLevelEnabled(level) || this.second.isLevelEnabled(level);
  }
}

/**
 * The process's shared embedded engines (sharedEngines.ts), put back to their migrated state unless the test keeps
 * the data, for a gateway on the embedded engine in memory; nothing for other stores.
 */
async function sharedEnginesFor(
  config: AppConfig,
  options: TestGatewayOptions,
): Promise<Pick<SimulatorOptions, 'engine' | 'monitorEngine'>> {
  const inMemoryEngine =
    options.store !== 'memory' &&
    !config.databaseUrl &&
    !config.monitorDatabaseUrl &&
    (config.ephemeral || !config.dataDir);
  if (!inMemoryEngine || config.simulatorThread) return {};
  const engines = await sharedEngines();
  if (!options.keepData) await engines.reset();
  return { engine: engines.mainSession(), monitorEngine: await engines.monitorSession() };
}

/** A real gateway simulator on a free port with a manual clock, for acceptance tests. */
export class TestGateway {
  private constructor(
    readonly simulator: GatewaySimulator,
    readonly clock: ManualClock,
    readonly baseUrl: string,
    readonly config: AppConfig,
    private readonly logger: SilentLogger,
    private readonly captured: readonly string[],
  ) {}

  /** What the gateway logged as pino JSON lines (only with captureLog). */
  get logText(): string {
    return this.captured.join('');
  }

  static async start(options: TestGatewayOptions = {}): Promise<TestGateway> {
    const config = testConfig(options.config);
    if (config.databaseUrl && !options.keepData && options.store !== 'memory')
      await wipeServerDatabase(config.databaseUrl);
    const clock = options.clock ?? new ManualClock(new Date('2026-03-01T08:00:00Z'));
    const logger = new SilentLogger();
    const captured: string[] = [];
    const engines = await sharedEnginesFor(config, options);
    const simulator = await GatewaySimulator.create({
      config,
      logger: options.captureLog
        ? new TeeLogger(
            logger,
            PinoLogger.create('info', {
              write: (line: string) => {
                captured.push(line);
              },
            }),
          )
        : logger,
      store: options.store ?? 'database',
      clock,
      random: new SeededRandom(7),
      ...engines,
    });
    for (const controller of options.extraOperations?.controllers ?? []) simulator.container.bind(controller).toSelf();
    const address = await simulator.listen(0, '127.0.0.1', [
      ...SERVED_OPERATIONS,
      ...(options.extraOperations?.operations ?? []),
    ]);
    ResponseSchemas.forget(`http://127.0.0.1:${address.port}`);
    if (simulator.handler && !options.overTcp) serveInProcess(`http://127.0.0.1:${address.port}`, simulator.handler);
    return new TestGateway(simulator, clock, `http://127.0.0.1:${address.port}`, config, logger, captured);
  }

  /** A client that authenticates as the built-in administrator. */
  admin(): ApiClient {
    return new ApiClient(this.baseUrl, { username: 'anadmin', password: ADMIN_PASSWORD });
  }

  client(username?: string, password?: string): ApiClient {
    return username === undefined
      ? new ApiClient(this.baseUrl)
      : new ApiClient(this.baseUrl, { username, password: password ?? '' });
  }

  get<T>(token: abstract new (...args: never[]) => T): T {
    return this.simulator.container.get(token as never) as T;
  }

  /** Stops the gateway; fails (so the suite's after hook fails) when any request ended in an unhandled error. */
  async stop(): Promise<void> {
    forgetInProcess(this.baseUrl);
    await this.simulator.stop(1000);
    const unhandled = this.logger.errors.filter((e) => e.message === 'unhandled error');
    if (unhandled.length > 0) {
      const causes = unhandled
        .map((e) => String((e.fields['err'] as Error | undefined)?.stack ?? e.fields['err']))
        .join('\n---\n');
      throw new Error(`${unhandled.length} request(s) ended in an unhandled error (500):\n${causes}`);
    }
  }
}
