import { DialString, DialStrings, type PlanNode, type RoutedDialStrings } from '../../../configuration/index.js';
import type { CallHistoryEntry, DisconnectingSide } from '../../../monitoring/index.js';
import type { CallEnding } from './CallEndings.js';
import { callDtmf, callMos, legStatistics } from './CallMediaFigures.js';
import type { CallNumbers, SimulatedCall } from './SimulatedCall.js';

/** The caller's dial strings after the source node's incoming rewriting. */
export function incomingNumbers(node: PlanNode, arrived: CallNumbers): CallNumbers {
  const rewritten = node.incomingRewriting?.apply(
    new DialStrings({ source: DialString.of(arrived.source), destination: DialString.of(arrived.destination) }),
  ).dialStrings;
  return rewritten ? { source: rewritten.source.text, destination: rewritten.destination.text } : arrived;
}

/** The target's dial strings after the destination node's outgoing rewriting. */
export function outgoingNumbers(node: PlanNode, routed: RoutedDialStrings): CallNumbers {
  if (!node.outgoingRewriting) return { source: routed.source, destination: routed.destination };
  const optional = (text: string | undefined) => (text === undefined ? undefined : DialString.of(text));
  const rewritten = node.outgoingRewriting.apply(
    new DialStrings({
      source: DialString.of(routed.source),
      destination: DialString.of(routed.destination),
      elin: optional(routed.elin),
      asserted: optional(routed.asserted),
      transferrer: optional(routed.transferrer),
    }),
  ).dialStrings;
  return { source: rewritten.source.text, destination: rewritten.destination.text };
}

/**
 * The monitor's record of a finished call: nodes, route, dial strings as arrived and as sent, ending, media (each
 * leg's RTP figures measured or modelled, the MOS from them), attempts, DTMF digits.
 */
export function historyEntry(
  call: SimulatedCall,
  ending: CallEnding,
  side: DisconnectingSide,
  recordingId: string | undefined,
): CallHistoryEntry {
  const attempt = call.attempt;
  const connected = call.connectAt !== undefined;
  const mediaMs = connected ? call.endAt! - call.connectAt! : 0;
  // a relayed leg's figures are the relay's (kept by the transport when the relay closed), the others modelled
  const inbound = connected ? legStatistics(call, call.inbound, mediaMs) : undefined;
  const outbound = connected ? legStatistics(call, attempt?.leg, mediaMs) : undefined;
  return {
    sessionIdentifier: call.sessionIdentifier,
    systemIdentifier: call.systemIdentifier,
    startDateTime: new Date(call.startAt),
    connectDateTime: connected ? new Date(call.connectAt!) : undefined,
    endDateTime: new Date(call.endAt!),
    durationSeconds: Math.round(mediaMs / 1000),
    inboundNodeId: call.source.id,
    inboundNodeName: call.source.displayName,
    outboundNodeId: attempt?.node.id,
    outboundNodeName: attempt?.node.displayName,
    routingDomainId: call.route?.routingDomainId,
    routeId: call.route?.match.route.id,
    routeName: call.route?.match.route.displayName,
    inboundSourceDialString: call.arrived.source,
    inboundDestinationDialString: call.arrived.destination,
    outboundSourceDialString: attempt?.numbers.source,
    outboundDestinationDialString: attempt?.numbers.destination,
    result: ending.result,
    sipStatusCode: ending.sipStatusCode,
    sipReasonPhrase: ending.sipReasonPhrase,
    q850Cause: ending.q850Cause,
    disconnectingSide: side,
    inbound,
    outbound,
    mos: inbound && outbound ? callMos(call, [inbound, outbound]) : undefined,
    attempts: [...call.attempts],
    recordingId,
    dtmf: callDtmf(call),
  };
}
