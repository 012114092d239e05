import { LabLeases } from '../shared/application/LabLeases.js';
import { UnitOfWork } from '../shared/application/UnitOfWork.js';
import type { ApiThreadLeases } from '../shared/infrastructure/ThreadLabLeases.js';
import type { SimulatorContainer } from './buildSimulatorContainer.js';
import type { SimulatorOptions } from './SimulatorOptions.js';
import type { SimulatorStores } from './SimulatorStores.js';
import { SimulatorThread } from './SimulatorThread.js';

/**
 * Starts the simulator's thread, when it runs in one of its own (see SimulatorOptions.simulatorThread), on sessions
 * of this thread's engines; undefined otherwise.
 */
export async function startSimulatorThread(
  options: SimulatorOptions,
  stores: SimulatorStores,
  { container, threadKey, commits, directorySearches }: SimulatorContainer,
): Promise<SimulatorThread | undefined> {
  if (!threadKey) return undefined;
  const storeSession = await (await stores.engine)?.attachSession?.();
  if (!storeSession) throw new Error('the embedded engine cannot give the simulator thread a session');
  const monitorSession = await stores.monitor?.attachSession?.();
  return SimulatorThread.start({
    config: options.config,
    key: threadKey,
    commits,
    directorySearches,
    store: storeSession,
    monitor: monitorSession,
    logger: options.logger,
    unitOfWork: container.get(UnitOfWork),
    leases: container.get(LabLeases) as ApiThreadLeases,
    onFailure: (error) => options.onDeferredFailure?.(error),
  });
}
