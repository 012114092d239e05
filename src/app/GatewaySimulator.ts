import type { AddressInfo } from 'node:net';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import type { Clock } from '../shared/domain/Clock.js';
import type { IdGenerator } from '../shared/domain/IdGenerator.js';
import type { RandomSource } from '../shared/domain/RandomSource.js';
import type { Logger } from '../shared/application/Logger.js';
import { Authenticator } from '../shared/application/Authenticator.js';
import { StartupTask } from '../shared/application/StartupTask.js';
import type { AppConfig } from './config/AppConfig.js';
import { buildContainer } from './container.js';
import { createHttpApp } from './http/HttpApp.js';
import { OPERATIONS } from './operations.js';
import type { OperationDefinition } from '../shared/interface/http/Operation.js';
import { describeStore, openDatabase } from './persistence/Database.js';

export interface SimulatorOptions {
  readonly config: AppConfig;
  readonly logger: Logger;
  /** 'memory' runs every port on in-memory adapters (no database at all). */
  readonly store?: 'database' | 'memory';
  readonly clock?: Clock;
  readonly random?: RandomSource;
  readonly ids?: IdGenerator;
}

/**
 * Responses that end their connection once the simulator is stopping: a keep-alive connection whose request
 * was in flight when the stop began (or that sends another request meanwhile) is closed after its answer,
 * instead of staying open until its keep-alive timeout or the end of the grace period.
 */
function drainingResponse(stopping: () => boolean): typeof ServerResponse {
  return class DrainingResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
    override writeHead(...args: [number, ...unknown[]]): this {
      if (stopping() && !this.headersSent) this.setHeader('Connection', 'close');
      return (ServerResponse.prototype.writeHead as (...a: unknown[]) => this).apply(this, args);
    }
  } as unknown as typeof ServerResponse;
}

/** The running gateway simulator: store, container, start-up tasks, HTTP listener, graceful stop. */
export class GatewaySimulator {
  private server: Server | undefined;
  private stopping: Promise<void> | undefined;

  private constructor(
    readonly container: Container,
    private readonly dataSource: DataSource | undefined,
    private readonly options: SimulatorOptions,
  ) {}

  static async create(options: SimulatorOptions): Promise<GatewaySimulator> {
    const { config, logger } = options;
    const settings = { databaseUrl: config.databaseUrl, dataDir: config.ephemeral ? undefined : config.dataDir };
    const dataSource = options.store === 'memory' ? undefined : await openDatabase(settings);
    if (dataSource) logger.info({ store: describeStore(settings) }, 'store open, schema up to date');
    try {
      const container = buildContainer({
        config, logger, dataSource, embedded: !config.databaseUrl,
        clock: options.clock, random: options.random, ids: options.ids,
      });
      for (const task of container.isBound(StartupTask) ? container.getAll(StartupTask) : []) {
        await task.run();
      }
      return new GatewaySimulator(container, dataSource, options);
    } catch (error) {
      await dataSource?.destroy();
      throw error;
    }
  }

  /** Starts the HTTP listener on the operation table (tests may add operations of their own); resolves with the bound address. */
  async listen(port = this.options.config.port, host = this.options.config.host, operations: readonly OperationDefinition[] = OPERATIONS): Promise<AddressInfo> {
    const app = createHttpApp(this.container, operations);
    const server = createServer({ ServerResponse: drainingResponse(() => this.stopping !== undefined) }, app.callback());
    server.keepAliveTimeout = 5000;
    server.requestTimeout = 30000;
    server.headersTimeout = 10000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => { server.off('error', reject); resolve(); });
    });
    this.server = server;
    return server.address() as AddressInfo;
  }

  get address(): AddressInfo | undefined {
    return this.server?.address() as AddressInfo | undefined;
  }

  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes the store. Idempotent. */
  stop(graceMs = 10000): Promise<void> {
    this.stopping ??= this.doStop(graceMs);
    return this.stopping;
  }

  private async doStop(graceMs: number): Promise<void> {
    const server = this.server;
    if (server) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => { server.closeAllConnections(); resolve(); }, graceMs);
        timer.unref();
        server.close(() => { clearTimeout(timer); resolve(); });
        server.closeIdleConnections();
      });
    }
    if (this.container.isBound(Authenticator)) this.container.get(Authenticator).endAllSessions();
    if (this.dataSource?.isInitialized) await this.dataSource.destroy();
  }
}
