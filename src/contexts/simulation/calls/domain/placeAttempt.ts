import type { PlanNode, PlannedRoute } from '../../../configuration/index.js';
import { outgoingNumbers } from './CallHistory.js';
import type { SessionTransport } from './SessionTransport.js';
import type { CurrentAttempt, SimulatedCall } from './SimulatedCall.js';
import { attemptDialog, type StepMemo } from './SipDialogs.js';

/** How an attempt goes beyond its route's target: which side it takes, what it replaces, whose transfer it carries out. */
export interface AttemptTerms {
  readonly side?: 'caller' | 'called';
  readonly replaces?: string | undefined;
  readonly transferrer?: string | undefined;
  /** The caller's display name passed on (a transfer's target gets none: the transferee is not the caller). */
  readonly sourceName?: string | undefined;
}

/**
 * A new outbound attempt of the call toward a route's target: the target's dial strings after the node's outgoing
 * rewriting, the gateway's side of its dialog, its entry in the call's attempts (with the transferrer of a transfer)
 * and its INVITE through the transport. Answers the attempt; the caller makes it the call's (or the transfer's).
 */
export function placeAttempt(
  call: SimulatedCall,
  route: PlannedRoute,
  targetIndex: number,
  node: PlanNode,
  context: { readonly transport: SessionTransport; readonly memo: StepMemo; readonly now: number },
  terms: AttemptTerms = {},
): CurrentAttempt {
  const target = route.match.targets[targetIndex]!;
  const numbers = outgoingNumbers(node, target.dialStrings);
  const index = call.attempts.length + 1;
  const named = terms.sourceName === undefined ? {} : { sourceName: terms.sourceName };
  const dialog = attemptDialog(
    { seed: call.seed, codec: call.codec, arrived: named },
    node,
    numbers,
    index,
    context.memo,
  );
  call.attempts.push({
    nodeId: node.id,
    nodeName: node.displayName,
    destinationDialString: numbers.destination,
    sipStatusCode: 0,
    ...(terms.transferrer === undefined ? {} : { transferrerDialString: terms.transferrer }),
  });
  const leg = context.transport.invite({
    sessionIdentifier: call.sessionIdentifier,
    index,
    node,
    caller: call.inbound,
    source: numbers.source,
    destination: numbers.destination,
    codec: call.codec,
    invite: dialog.invite,
    ...(terms.side === undefined ? {} : { side: terms.side }),
    ...(terms.replaces === undefined ? {} : { replaces: terms.replaces }),
  });
  return { index, leg, dialog, targetIndex, target, node, numbers, startAt: context.now };
}
