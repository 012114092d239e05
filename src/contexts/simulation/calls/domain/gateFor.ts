import type { GatewayPlan, PlanNode, PlannedRoute } from '../../../configuration/index.js';
import type { Gate } from './CallEndings.js';
import type { GateSnapshot } from './CallRecorder.js';
import { shedsCall } from './OverloadControl.js';
import type { CallNumbers } from './SimulatedCall.js';

/**
 * The first gate that ends an arriving call, in the documented order (active side, maintenance mode, overload,
 * licensed capacity, then the committed plan's route); undefined when the call is routed.
 */
export function gateFor(
  gates: GateSnapshot,
  plan: GatewayPlan,
  routedLive: number,
  /** `transferrer`: the party whose transfer the call carries out (routes may match its dial string). */
  call: { node: PlanNode; incoming: CallNumbers; seed: number; transferrer?: string | undefined },
): { gate: Gate | undefined; route: PlannedRoute | undefined } {
  if (!gates.thisSystemActive) return { gate: 'standbyInactive', route: undefined };
  if (gates.maintenance) return { gate: 'maintenance', route: undefined };
  if (shedsCall(gates.cpuLoad, call.seed)) return { gate: 'overload', route: undefined };
  if (routedLive >= gates.capacity) return { gate: 'capacityExhausted', route: undefined };
  const route = plan.route({
    sourceNodeId: call.node.id,
    source: call.incoming.source,
    destination: call.incoming.destination,
    ...(call.transferrer === undefined ? {} : { transferrer: call.transferrer }),
  });
  if (!route) return { gate: 'noRoute', route };
  if (route.match.action === 'REJECT') return { gate: 'routeRejects', route };
  if (route.match.action === 'IGNORE') return { gate: 'routeIgnores', route };
  return { gate: undefined, route };
}
