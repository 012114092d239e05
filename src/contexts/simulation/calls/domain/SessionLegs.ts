import { rtpCounts } from './MediaQuality.js';
import type { CallNumbers, SimulatedCall } from './SimulatedCall.js';
import { farEnd, gatewaySide, sipUser } from './SipDialogs.js';
import type { CallState } from './CallState.js';
import type { TransportLeg } from './SessionTransport.js';
import type { PlanNode } from '../../../configuration/index.js';

/** One leg of a session in progress, as activeSessions shows it (times as instants; the wire renders them). */
export interface LegSnapshot {
  readonly startAt: Date;
  readonly connectAt: Date | undefined;
  readonly durationSeconds: number;
  readonly callState: CallState;
  readonly transport: 'UDP' | 'TCP' | 'TLS' | 'WS' | 'WSS';
  readonly usedTransportIri: string;
  readonly nodeId: string;
  readonly routeId: string;
  readonly sipLocalUri: string;
  readonly sipRemoteUri: string;
  /** The gateway's side's number on this leg (the called number inbound, the calling number outbound) and the far end's. */
  readonly telLocalNumber: string;
  readonly telRemoteNumber: string;
  readonly codec: string;
  readonly rtpReceiveTotalPackets: number;
  readonly rtpSendTotalPackets: number;
  readonly rtpPacketsLost: number;
  readonly rtpSendPacketsLost: number;
  readonly rtpPacketLossOccurrences: number;
  readonly rtpSendPacketLossOccurrences: number;
}

export interface SessionSnapshot {
  readonly sessionId: string;
  readonly incoming: LegSnapshot;
  /** The outbound attempt in progress (none while the call has not left the gateway). */
  readonly outgoing: readonly LegSnapshot[];
}

/**
 * A session in progress at `now`: its inbound leg and its current outbound leg, with RTP counters computed from
 * the connected time (50 packets a second each way; the gateway receives what the far end sent less the loss,
 * and the far end reports the same loss for what the gateway sent).
 */
export function sessionSnapshot(call: SimulatedCall, now: Date): SessionSnapshot {
  const at = now.getTime();
  const media = call.connectAt === undefined ? 0 : Math.max(0, at - call.connectAt);
  const rtp = rtpCounts(media, call.lossPercent);
  const leg = (
    node: PlanNode,
    transportLeg: TransportLeg,
    startAt: number,
    local: string,
    remote: string,
  ): LegSnapshot => {
    const gateway = gatewaySide(node);
    // real media counted on the leg where a socket relays it; computed from the connected time otherwise
    const measured = transportLeg.measuredMedia();
    // a real peer's own address (where its messages came from or went to); the simulated far end's otherwise
    const real = transportLeg.remoteAddress();
    const far = real ?? farEnd(node);
    const transport = real?.transport ?? node.local.transport;
    const host = far.host.includes(':') ? `[${far.host}]` : far.host;
    // a transfer target's leg started and answered after the call did (its own times, its own duration)
    const own = call.transferredLegs.get(transportLeg);
    const connectAt = own?.connectAt ?? call.connectAt;
    return {
      startAt: new Date(own?.startAt ?? startAt),
      connectAt: connectAt === undefined ? undefined : new Date(connectAt),
      durationSeconds: Math.floor((own ? Math.max(0, at - own.connectAt) : media) / 1000),
      callState: call.state,
      transport,
      usedTransportIri: `sip:${host}:${far.port};transport=${transport.toLowerCase()}`,
      nodeId: node.id,
      routeId: call.route?.match.route.id ?? '',
      sipLocalUri: `sip:${sipUser(local)}@${gateway.host}`,
      sipRemoteUri: `sip:${sipUser(remote)}@${host}`,
      telLocalNumber: local,
      telRemoteNumber: remote,
      codec: call.codec,
      ...(measured
        ? {
            rtpReceiveTotalPackets: measured.packetsReceived,
            rtpSendTotalPackets: measured.packetsSent,
            rtpPacketsLost: measured.packetsLost,
            rtpSendPacketsLost: measured.sendPacketsLost,
            rtpPacketLossOccurrences: measured.lossOccurrences,
            rtpSendPacketLossOccurrences: measured.sendPacketsLost > 0 ? 1 : 0,
          }
        : {
            rtpReceiveTotalPackets: rtp.packets - rtp.lost,
            rtpSendTotalPackets: rtp.packets,
            rtpPacketsLost: rtp.lost,
            rtpSendPacketsLost: rtp.lost,
            rtpPacketLossOccurrences: rtp.occurrences,
            rtpSendPacketLossOccurrences: rtp.occurrences,
          }),
    };
  };
  const arrived: CallNumbers = call.arrived;
  const attempt = call.attempt;
  return {
    sessionId: call.sessionIdentifier,
    incoming: leg(call.source, call.inbound, call.startAt, arrived.destination, arrived.source),
    outgoing: attempt
      ? [leg(attempt.node, attempt.leg, attempt.startAt, attempt.numbers.source, attempt.numbers.destination)]
      : [],
  };
}

export const NUMBER_FILTER_MODES = ['startswith', 'contains', 'exact'] as const;
export type NumberFilterMode = (typeof NUMBER_FILTER_MODES)[number];

/** Whether any leg's local or remote number matches the filter (an empty filter matches every session). */
export function matchesNumber(session: SessionSnapshot, mode: NumberFilterMode, filter: string): boolean {
  if (filter === '') return true;
  const test = (number: string) =>
    mode === 'exact' ? number === filter : mode === 'contains' ? number.includes(filter) : number.startsWith(filter);
  return [session.incoming, ...session.outgoing].some((leg) => test(leg.telLocalNumber) || test(leg.telRemoteNumber));
}
