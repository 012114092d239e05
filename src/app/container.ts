import path from 'node:path';
import { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import { Clock } from '../shared/domain/Clock.js';
import { IdGenerator } from '../shared/domain/IdGenerator.js';
import { RandomSource } from '../shared/domain/RandomSource.js';
import { EventBus } from '../shared/application/EventBus.js';
import { Logger } from '../shared/application/Logger.js';
import { SettingsRepository } from '../shared/application/SettingsRepository.js';
import { UnitOfWork } from '../shared/application/UnitOfWork.js';
import { LabRevisions } from '../shared/application/LabRevisions.js';
import { CryptoIdGenerator } from '../shared/infrastructure/CryptoIdGenerator.js';
import { InMemoryEventBus } from '../shared/infrastructure/InMemoryEventBus.js';
import { RevisionCountingUnitOfWork } from '../shared/infrastructure/memory/RevisionCountingUnitOfWork.js';
import { InMemorySettingsRepository } from '../shared/infrastructure/memory/InMemorySettingsRepository.js';
import { DatabaseKind } from '../shared/infrastructure/persistence/DatabaseKind.js';
import { TypeOrmSettingsRepository } from '../shared/infrastructure/persistence/TypeOrmSettingsRepository.js';
import { TypeOrmUnitOfWork } from '../shared/infrastructure/persistence/TypeOrmUnitOfWork.js';
import { SystemClock } from '../shared/infrastructure/SystemClock.js';
import { clockModule, LabClocks, WallClock } from '../contexts/clock/index.js';
import { SystemRandom } from '../shared/infrastructure/SystemRandom.js';
import type { ContextModuleOptions } from '../shared/infrastructure/ContextModuleOptions.js';
import { maintenanceModule } from '../contexts/maintenance/index.js';
import { highAvailabilityModule } from '../contexts/high-availability/index.js';
import { MonitorDatabase, monitoringModule, type MonitorTuning } from '../contexts/monitoring/index.js';
import { identityModule } from '../contexts/identity/index.js';
import { configurationModule } from '../contexts/configuration/index.js';
import { sbaModule } from '../contexts/sba/index.js';
import { licensingModule } from '../contexts/licensing/index.js';
import { DEFAULT_SIP_HOST, simulationModule } from '../contexts/simulation/index.js';
import { controlModule } from '../contexts/control/index.js';
import { APP_CONFIG, type AppConfig } from './config/AppConfig.js';
import { advertisedSipHost } from './config/advertisedSipHost.js';
import { Metrics } from '../shared/application/Metrics.js';
import { ReadinessCheck } from '../shared/application/ReadinessCheck.js';
import { PrometheusMetrics } from '../shared/infrastructure/metrics/PrometheusMetrics.js';
import { StoreReadiness } from './persistence/StoreReadiness.js';
import { MonitorStoreReadiness } from './persistence/MonitorStoreReadiness.js';
import { DataSource as DataSourceToken } from 'typeorm';
import { LabScope } from '../shared/application/LabScope.js';
import { AsyncLabScope } from '../shared/infrastructure/AsyncLabScope.js';
import { LabDirectory } from '../shared/application/LabDirectory.js';
import { TypeOrmLabDirectory } from '../shared/infrastructure/persistence/TypeOrmLabDirectory.js';
import { InMemoryLabDirectory } from '../shared/infrastructure/memory/InMemoryLabDirectory.js';
import { LabLifecycle } from '../shared/application/LabLifecycle.js';
import { LabPortListeners } from './LabPortListeners.js';
import { LabLeases } from '../shared/application/LabLeases.js';
import { LocalLabLeases } from '../shared/infrastructure/LocalLabLeases.js';
import {
  ApiThreadLeases,
  SimulatorThreadLeases,
  SimulatorThreadReadiness,
} from '../shared/infrastructure/ThreadLabLeases.js';
import { ThreadCommits } from '../shared/infrastructure/persistence/ThreadCommits.js';
import { PostgresLabLeases } from '../shared/infrastructure/persistence/PostgresLabLeases.js';
import { LabChangeWatch } from '../shared/application/LabChangeWatch.js';
import { LabChangeRounds } from './LabChangeRounds.js';
import { LabGate } from '../shared/application/LabGate.js';
import { LiveForwarding } from './http/liveForwarding.js';
import { HttpPeerJournals } from './http/peerJournals.js';
import { PeerJournals } from '../contexts/control/index.js';
import { Authenticator } from '../shared/application/Authenticator.js';
import { BackgroundService } from '../shared/application/BackgroundService.js';
import { InProcessGatewayRequests } from './http/InProcessGatewayRequests.js';
import { GatewayRequests, LabDemo } from '../contexts/control/index.js';
import { DemoLabInstaller } from './demo/DemoLabInstaller.js';
import { DEMO_DIRECTORY } from './demo/demoDirectory.js';

/** What the composition root is built from; tests pass a manual clock, seeded randomness or memory stores. */
export interface ContainerDependencies {
  readonly config: AppConfig;
  readonly logger: Logger;
  /** The open DataSource; undefined selects the in-memory adapters for every port. */
  readonly dataSource: DataSource | undefined;
  readonly embedded: boolean;
  /** The monitor's own store (see persistence/monitorDatabase.ts); undefined: the monitor keeps its rows in memory. */
  readonly monitorDataSource?: DataSource | undefined;
  /** Settles once the monitor's store is open with its schema up to date (MonitorDatabase.opened). */
  readonly monitorOpened?: Promise<void> | undefined;
  /** Pacing of the monitor's sinks and retention (tests); the defaults otherwise. */
  readonly monitorTuning?: MonitorTuning;
  readonly clock?: Clock;
  readonly random?: RandomSource;
  readonly ids?: IdGenerator;
  /** Also export Node's process metrics (CPU, memory, event-loop delay) at /_sim/metrics; `gwsim serve` turns it on. */
  readonly processMetrics?: boolean;
  /**
   * The simulator runs in a thread of its own on the embedded engine (see SimulatorThread): which of the two threads
   * this container is, and the key both sign forwarded requests with.
   */
  readonly thread?: {
    readonly role: 'api' | 'simulator';
    readonly key: Buffer;
    readonly commits: SharedArrayBuffer;
    readonly directorySearches: SharedArrayBuffer;
  };
}

/** The one container of the process: shared ports first, then one ContainerModule per context. */
export function buildContainer(deps: ContainerDependencies): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  bindSharedPorts(container, deps);
  const options: ContextModuleOptions = { store: deps.dataSource ? 'typeorm' : 'memory' };
  if (deps.dataSource) bindDatabaseStores(container, deps, deps.dataSource);
  else bindMemoryStores(container);
  bindLabChangeFollowing(container);
  loadContextModules(container, deps, options);
  bindLabServing(container);
  return container;
}

/** The configuration, the logger, time, randomness, ids, the event bus, the lab scope and the metrics. */
function bindSharedPorts(container: Container, deps: ContainerDependencies): void {
  container.bind<AppConfig>(APP_CONFIG).toConstantValue(deps.config);
  container.bind(Logger).toConstantValue(deps.logger);
  // The gateway's time is its lab clock (real, scaled, frozen, advanced) over the wall clock: the system's, or a test's.
  container.bind(WallClock).toConstantValue(deps.clock ?? new SystemClock());
  container.bind(Clock).toService(LabClocks);
  if (deps.random) container.bind(RandomSource).toConstantValue(deps.random);
  else container.bind(RandomSource).to(SystemRandom);
  if (deps.ids) container.bind(IdGenerator).toConstantValue(deps.ids);
  else container.bind(IdGenerator).to(CryptoIdGenerator);
  container.bind(EventBus).to(InMemoryEventBus);
  container.bind(LabScope).to(AsyncLabScope);
  const metrics = new PrometheusMetrics(deps.logger, { processMetrics: deps.processMetrics === true });
  container.bind(PrometheusMetrics).toConstantValue(metrics);
  container.bind(Metrics).toConstantValue(metrics);
}

/** The shared stores on the open DataSource, and the leases that say which process runs each lab. */
function bindDatabaseStores(container: Container, deps: ContainerDependencies, dataSource: DataSource): void {
  container.bind(DataSourceToken).toConstantValue(dataSource);
  // with the simulator in a thread of its own, each thread counts its commits for the other (ThreadCommits); the
  // labs are made and removed through the API's thread
  const threads = deps.thread ? new ThreadCommits(deps.thread.commits, deps.thread.role === 'api' ? 0 : 1) : undefined;
  container
    .bind(DatabaseKind)
    .toConstantValue(new DatabaseKind(deps.embedded, threads, deps.thread?.role === 'simulator'));
  container.bind(TypeOrmUnitOfWork).toSelf();
  container.bind(UnitOfWork).toService(TypeOrmUnitOfWork);
  container.bind(LabRevisions).toService(TypeOrmUnitOfWork);
  container.bind(SettingsRepository).to(TypeOrmSettingsRepository);
  container.bind(LabDirectory).to(TypeOrmLabDirectory);
  container.bind(ReadinessCheck).to(StoreReadiness);
  bindDatabaseLabLeases(container, deps);
}

/** Which process, or which of the two threads, runs each lab's simulator on a database. */
function bindDatabaseLabLeases(container: Container, deps: ContainerDependencies): void {
  if (deps.thread?.role === 'api') {
    // the simulator's thread holds every lab: live requests go there
    const leases = new ApiThreadLeases(deps.thread.key);
    container.bind(LabLeases).toConstantValue(leases);
    container.bind(ReadinessCheck).toConstantValue(new SimulatorThreadReadiness(leases));
  } else if (deps.thread?.role === 'simulator') {
    const key = deps.thread.key;
    container
      .bind(SimulatorThreadLeases)
      .toDynamicValue((context) => new SimulatorThreadLeases(key, context.get(LabDirectory), context.get(Logger)))
      .inSingletonScope();
    container.bind(LabLeases).toService(SimulatorThreadLeases);
    container.bind(BackgroundService).toService(SimulatorThreadLeases);
  } else if (deps.embedded) {
    container.bind(LabLeases).to(LocalLabLeases);
  } else {
    // several processes may share the server: each lab's simulator runs in the one holding its lease
    container.bind(PostgresLabLeases).toSelf();
    container.bind(LabLeases).toService(PostgresLabLeases);
    container.bind(BackgroundService).toService(PostgresLabLeases);
  }
}

/** Every store in memory, and every lab run by this process. */
function bindMemoryStores(container: Container): void {
  container.bind(RevisionCountingUnitOfWork).toSelf();
  container.bind(UnitOfWork).toService(RevisionCountingUnitOfWork);
  container.bind(LabRevisions).toService(RevisionCountingUnitOfWork);
  container.bind(SettingsRepository).to(InMemorySettingsRepository);
  container.bind(LabDirectory).to(InMemoryLabDirectory);
  container.bind(LabLeases).to(LocalLabLeases);
}

/** How this process follows, and forwards to, the other processes that share the labs. */
function bindLabChangeFollowing(container: Container): void {
  // State held in memory outside the revision-checked caches follows changes made through other processes.
  container
    .bind(LabChangeWatch)
    .toDynamicValue(
      (context) =>
        new LabChangeWatch(
          context.get(LabRevisions),
          context.get(UnitOfWork),
          () => container.getAll(LabLifecycle),
          (lab, part, error) =>
            context
              .get(Logger)
              .warn({ err: error, lab, part }, 'a part of a lab could not follow a change made elsewhere'),
        ),
    )
    .inSingletonScope();
  // Requests between the processes of a shared server: live ones to the lab's holder, the journal to everyone.
  container
    .bind(LiveForwarding)
    .toDynamicValue((context) => new LiveForwarding(context.get(LabLeases), context.get(Authenticator)))
    .inSingletonScope();
  container
    .bind(PeerJournals)
    .toDynamicValue((context) => new HttpPeerJournals(context.get(LiveForwarding)))
    .inSingletonScope();
  container.bind(LabGate).toConstantValue(new LabGate());
  container.bind(LabChangeRounds).toSelf();
  container.bind(BackgroundService).toService(LabChangeRounds);
}

/** The monitor's own store when there is one, then one ContainerModule per context. */
function loadContextModules(container: Container, deps: ContainerDependencies, options: ContextModuleOptions): void {
  if (deps.monitorDataSource) {
    container.bind(MonitorDatabase).toConstantValue(new MonitorDatabase(deps.monitorDataSource, deps.monitorOpened));
    container.bind(ReadinessCheck).to(MonitorStoreReadiness);
  }
  container.load(
    clockModule(),
    monitoringModule(options, {
      database: deps.monitorDataSource !== undefined,
      tuning: deps.monitorTuning,
      // the simulator's thread writes the history and trims it; the API's thread follows its counters
      retention: deps.thread?.role === 'api' ? 'follows' : 'trims',
    }),
    configurationModule(options),
    maintenanceModule(options),
    identityModule(options, {
      adminPassword: deps.config.adminPassword,
      kdfCost: deps.config.kdfCost,
      sessionIdleMinutes: deps.config.sessionIdleMinutes,
      directorySearches: deps.thread?.directorySearches,
    }),
    highAvailabilityModule(options),
    sbaModule(options),
    licensingModule(options),
    simulationModule(options, {
      sip: deps.config.sip,
      sipHost: deps.config.sipHost,
      sipT1Ms: deps.config.sipT1Ms,
      mediaWorkers: deps.config.mediaWorkers,
      // a wildcard bind names one of this machine's addresses (gwsim serve chose and logged it already)
      sipAdvertise: deps.config.sipAdvertise ?? advertisedSipHost(deps.config.sipHost ?? DEFAULT_SIP_HOST),
    }),
    controlModule(options, {
      journalSize: deps.config.journalSize,
      scenarioDirectory: path.join(DEMO_DIRECTORY, 'scenarios'),
    }),
  );
}

/** Each lab's own port, and the HTTP application in process that a scenario's requests go through. */
function bindLabServing(container: Container): void {
  // Labs made with a port are also served at its root; the listeners open and close with the labs.
  container
    .bind(LabPortListeners)
    .toDynamicValue((context) => new LabPortListeners(context.get(LabDirectory), context.get(Logger)))
    .inSingletonScope();
  container.bind(LabLifecycle).toService(LabPortListeners);
  // A scenario's requests go through the HTTP application in process (its handler attached when it serves).
  container
    .bind(InProcessGatewayRequests)
    .toDynamicValue((context) => new InProcessGatewayRequests(context.get(Authenticator)))
    .inSingletonScope();
  container.bind(GatewayRequests).toService(InProcessGatewayRequests);
  // `reset {to: "demo"}` installs the demo's files as a fresh start does
  container.bind(LabDemo).toConstantValue(new DemoLabInstaller(container));
}
