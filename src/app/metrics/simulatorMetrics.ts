import type { Container } from 'inversify';
import { DEFAULT_LAB } from '../../shared/domain/LabId.js';
import { GWSIM_METRICS, Metrics } from '../../shared/application/Metrics.js';
import { LiveSessions, MonitorFigures } from '../../contexts/monitoring/index.js';
import { TrafficLabs } from '../../contexts/simulation/index.js';

/**
 * The simulator's figures at /_sim/metrics, read from the ports the simulation context already offers at each
 * scrape (nothing on the call path): calls in progress (LiveSessions), calls started by the default lab's
 * traffic engine, and the monitor's rows held, dropped and waiting (MonitorFigures) (a new engine starts again from 0, which Prometheus's rate() reads as a reset). Wired here, in
 * the composition root, until the simulation context records through the Metrics port itself.
 */
export function registerSimulatorMetrics(container: Container): void {
  if (!container.isBound(Metrics)) return;
  const metrics = container.get(Metrics);
  if (container.isBound(LiveSessions)) {
    const live = container.get(LiveSessions);
    metrics.gauge({ ...GWSIM_METRICS.activeSessions, read: () => live.count(DEFAULT_LAB) });
  }
  if (container.isBound(TrafficLabs)) {
    const traffic = container.get(TrafficLabs);
    metrics.counter({ ...GWSIM_METRICS.calls, read: () => traffic.state(DEFAULT_LAB).counters?.started ?? 0 });
  }
  if (container.isBound(MonitorFigures)) {
    const monitor = container.get(MonitorFigures);
    metrics.gauge({ ...GWSIM_METRICS.historySize, read: () => monitor.of(DEFAULT_LAB).callRecords });
    metrics.gauge({ ...GWSIM_METRICS.sipMessages, read: () => monitor.of(DEFAULT_LAB).sipMessages });
    metrics.gauge({ ...GWSIM_METRICS.historyBytes, read: () => monitor.of(DEFAULT_LAB).storedBytes });
    metrics.counter({ ...GWSIM_METRICS.monitorDropped, read: () => monitor.droppedRows() });
    metrics.gauge({ ...GWSIM_METRICS.monitorPending, read: () => monitor.pendingRows() });
  }
}
