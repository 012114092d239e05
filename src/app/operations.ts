import type { OperationDefinition } from '../shared/interface/http/Operation.js';
import { maintenanceOperations } from '../contexts/maintenance/index.js';
import { monitoringOperations } from '../contexts/monitoring/index.js';
import { identityOperations } from '../contexts/identity/index.js';
import { committedGatewayControlOperations, configurationOperations } from '../contexts/configuration/index.js';
import { highAvailabilityOperations } from '../contexts/high-availability/index.js';
import { sbaOperations } from '../contexts/sba/index.js';
import { licensingOperations } from '../contexts/licensing/index.js';
import { simulationControlOperations, simulationOperations } from '../contexts/simulation/index.js';
import { clockControlOperations } from '../contexts/clock/index.js';
import { controlOperations, labOperations, scenarioOperations } from '../contexts/control/index.js';

/** The operation table of the whole API, assembled from each context's part. */
export const OPERATIONS: readonly OperationDefinition[] = [
  ...monitoringOperations,
  ...identityOperations,
  ...maintenanceOperations,
  ...configurationOperations,
  ...highAvailabilityOperations,
  ...sbaOperations,
  ...licensingOperations,
  ...simulationOperations,
];

/** The simulator's own control endpoints (`/_sim/...`): served beside the gateway's, documented apart. */
export const CONTROL_OPERATIONS: readonly OperationDefinition[] = [
  ...simulationControlOperations,
  ...committedGatewayControlOperations,
  ...clockControlOperations,
  ...controlOperations,
  ...labOperations,
  ...scenarioOperations,
];

/** Everything the HTTP listener serves. */
export const SERVED_OPERATIONS: readonly OperationDefinition[] = [...OPERATIONS, ...CONTROL_OPERATIONS];
