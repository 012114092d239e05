import 'reflect-metadata';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { Container } from 'inversify';
import type { LabId } from '../shared/domain/LabId.js';
import { LabChangeWatch } from '../shared/application/LabChangeWatch.js';
import { MonitorRetention, MonitorSinks } from '../contexts/monitoring/index.js';
import { TrafficLabs } from '../contexts/simulation/index.js';
import { PinoLogger } from '../shared/infrastructure/PinoLogger.js';
import type { Logger } from '../shared/application/Logger.js';
import { SimulatorThreadLeases } from '../shared/infrastructure/ThreadLabLeases.js';
import { GatewaySimulator } from './GatewaySimulator.js';
import { readSimulatorFigures } from './metrics/simulatorMetrics.js';
import { readLabSip } from './readLabSip.js';
import { BACKGROUND_NICENESS } from './threadPriority.js';
import type { FromSimulatorThread, SimulatorThreadData, ToSimulatorThread } from './SimulatorThread.js';

/** A catch-up taking longer is logged with the stage it is at (the API's thread gives up after a minute). */
const SLOW_CATCH_UP_MS = 10_000;

/** How often the thread tells its figures for /_sim/metrics. */
const FIGURES_INTERVAL_MS = 1000;

/**
 * The simulator's thread (see SimulatorThread): a gateway on sessions of the API thread's engines that holds every
 * lab, serving on a port of the loopback the live requests the API's thread forwards to it.
 */
async function run(port: NonNullable<typeof parentPort>, data: SimulatorThreadData): Promise<void> {
  const { config } = data;
  const root = PinoLogger.create(config.logLevel, undefined, config.logFormat, data.logColors);
  const logger = root.child({ thread: 'simulator' });
  const say = (message: FromSimulatorThread) => port.postMessage(message);
  try {
    // this thread only (Linux keeps a niceness per thread): when both want a core, the API's thread gets it first
    os.setPriority(BACKGROUND_NICENESS);
  } catch (error) {
    logger.warn({ err: error }, 'the simulator thread could not lower its scheduling priority');
  }
  let simulator: GatewaySimulator;
  try {
    simulator = await GatewaySimulator.create({
      config,
      logger,
      inSimulatorThread: {
        key: Buffer.from(data.key),
        store: data.store,
        monitor: data.monitor,
        commits: data.commits,
        directorySearches: data.directorySearches,
      },
    });
    const address = await simulator.listen(0, '127.0.0.1');
    say({ type: 'ready', url: `http://127.0.0.1:${address.port}`, sip: readLabSip(simulator.container) });
  } catch (error) {
    logger.error({ err: error }, 'the simulator thread could not start');
    root.flush();
    say({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  const figures = readSimulatorFigures(simulator.container);
  const tell = setInterval(() => say({ type: 'figures', figures: figures() }), FIGURES_INTERVAL_MS);
  tell.unref();
  const watch = simulator.container.get(LabChangeWatch);
  const leases = simulator.container.get(SimulatorThreadLeases);
  port.on('message', (message: ToSimulatorThread) => {
    if (message.type === 'changed') {
      // a lab made there is held once the directory says so; then its state follows the store
      void leases
        .follow()
        .then(() => watch.check(message.lab))
        .catch((error: unknown) => {
          logger.warn({ err: error, lab: message.lab }, 'the simulator thread could not follow a change of the lab');
        });
    } else if (message.type === 'catchUp') {
      void catchUp(simulator.container, message.lab, logger).then(
        () => say({ type: 'caughtUp', id: message.id }),
        (error: unknown) =>
          say({ type: 'caughtUp', id: message.id, error: error instanceof Error ? error.message : String(error) }),
      );
    } else if (message.type === 'stop') {
      clearInterval(tell);
      void simulator
        .stop()
        .catch((error: unknown) => logger.error({ err: error }, 'the simulator thread could not stop cleanly'))
        .finally(() => {
          root.flush();
          say({ type: 'stopped' });
          port.close();
        });
    }
  });
}

if (parentPort) void run(parentPort, workerData as SimulatorThreadData);

/**
 * Catches up with a lab for the API's thread: the directory and the lab's state read again (twice: a check under
 * way may have read the revision before the last commit there), its calls advanced to the lab clock, the history
 * written.
 */
async function catchUp(container: Container, lab: LabId, logger: Logger): Promise<void> {
  let stage = 'the lab directory read';
  const slow = setTimeout(
    () => logger.warn({ lab, stage }, 'the simulator thread is slow to catch up with a lab'),
    SLOW_CATCH_UP_MS,
  );
  try {
    await container.get(SimulatorThreadLeases).follow();
    const watch = container.get(LabChangeWatch);
    stage = "the lab's state read again";
    await watch.check(lab);
    await watch.check(lab);
    // a monitor store marked unreachable (a connection error, say) is asked again before the calls are recorded
    stage = 'the monitor store probed';
    if (container.isBound(MonitorRetention)) await container.get(MonitorRetention).probe();
    stage = "the lab's calls advanced";
    await container.get(TrafficLabs).advance(lab);
    stage = 'the history written';
    if (container.isBound(MonitorSinks)) await container.get(MonitorSinks).flush();
  } finally {
    clearTimeout(slow);
  }
}
