import type { Container } from 'inversify';
import { readSimulatorFigures, registerSimulatorMetrics, type SimulatorFigures } from './metrics/simulatorMetrics.js';

/**
 * Exports the simulator's figures (live sessions, calls, the monitor's rows) at /_sim/metrics. With the simulator in
 * a thread of its own, its figures are that thread's (`threadFigures`, told once a second).
 */
export function exportSimulatorFigures(
  container: Container,
  threadFigures?: () => Partial<SimulatorFigures> | undefined,
): void {
  const ownFigures = readSimulatorFigures(container);
  registerSimulatorMetrics(container, threadFigures ? () => ({ ...ownFigures(), ...threadFigures() }) : ownFigures);
}
