/**
 * What the session simulator hands the monitor: one entry per finished call, the SIP messages of its legs and,
 * for recorded calls, the recording's description. These are the monitor's stored rows; the monitoring
 * operations map them to the wire. Times are instants; the monitor renders them in the requested date format.
 */

/** The outcome class of a finished call. */
export const CALL_RESULTS = ['ANSWERED', 'BUSY', 'NO_ANSWER', 'REJECTED', 'FAILED', 'CANCELLED'] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

/** Who ended the call: the caller's side (inbound leg), the called side (outbound leg) or the gateway itself. */
export const DISCONNECTING_SIDES = ['inbound', 'outbound', 'gateway'] as const;
export type DisconnectingSide = (typeof DISCONNECTING_SIDES)[number];

/**
 * Where a leg's RTP figures come from: `measured`, counted from the packets the gateway relayed on the leg (a real
 * call's media); `modelled`, computed from the connected time and the call's loss and jitter (a synthetic call, or
 * a real leg whose media was not relayed).
 */
export const MEDIA_FIGURES = ['measured', 'modelled'] as const;
export type MediaFigures = (typeof MEDIA_FIGURES)[number];

/** RTP counters of one leg, from the gateway's point of view. */
export interface LegRtpStatistics {
  readonly codec: string;
  readonly packetsSent: number;
  readonly packetsReceived: number;
  readonly packetsLost: number;
  /** How many separate loss bursts occurred. */
  readonly lossOccurrences: number;
  /** Interarrival jitter (RFC 3550), milliseconds. */
  readonly jitterMs: number;
  /** Measured or modelled (absent in entries stored before the field existed: those were all modelled). */
  readonly figures?: MediaFigures;
}

/** How a DTMF digit crossed the gateway: RFC 4733 telephone-events in the RTP, or a SIP INFO body. */
export const DTMF_METHODS = ['rfc4733', 'info'] as const;
export type DtmfMethod = (typeof DTMF_METHODS)[number];

/** The leg a DTMF digit came from: the caller's (inbound) or the called party's (outbound). */
export const DTMF_SOURCES = ['inbound', 'outbound'] as const;
export type DtmfSource = (typeof DTMF_SOURCES)[number];

/** One DTMF digit a party of the call sent (0–9, *, #, A–D). */
export interface DtmfEntry {
  readonly at: Date;
  readonly digit: string;
  readonly source: DtmfSource;
  readonly method: DtmfMethod;
}

/** One attempt of the call on an outbound target (failover makes several). */
export interface OutboundAttempt {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly destinationDialString: string;
  readonly sipStatusCode: number;
  /** A transfer's attempt (the gateway called the target of a REFER): the transferor's number. */
  readonly transferrerDialString?: string;
}

export interface CallHistoryEntry {
  readonly sessionIdentifier: string;
  /** The system of the hot standby pair that carried the call (its backend name / system id). */
  readonly systemIdentifier: string;
  readonly startDateTime: Date;
  /** Undefined when the call never connected. */
  readonly connectDateTime: Date | undefined;
  readonly endDateTime: Date;
  /** Connected time in whole seconds (0 when never connected). */
  readonly durationSeconds: number;
  readonly inboundNodeId: string;
  readonly inboundNodeName: string;
  /** The node of the last outbound attempt; undefined when the call never left the gateway. */
  readonly outboundNodeId: string | undefined;
  readonly outboundNodeName: string | undefined;
  readonly routingDomainId: string | undefined;
  readonly routeId: string | undefined;
  readonly routeName: string | undefined;
  /** Dial strings as they arrived (before any rewriting) and as they left (after every rewriting). */
  readonly inboundSourceDialString: string;
  readonly inboundDestinationDialString: string;
  readonly outboundSourceDialString: string | undefined;
  readonly outboundDestinationDialString: string | undefined;
  readonly result: CallResult;
  /** The final SIP status the caller got (200 for an answered call). */
  readonly sipStatusCode: number;
  readonly sipReasonPhrase: string;
  /** ITU-T Q.850 cause value (16 normal clearing, 17 busy, 19 no answer, 3 no route, 34 no circuit, ...). */
  readonly q850Cause: number;
  readonly disconnectingSide: DisconnectingSide;
  readonly inbound: LegRtpStatistics | undefined;
  readonly outbound: LegRtpStatistics | undefined;
  /**
   * E-model mean opinion score (1.0 to 4.5) of a connected call, from the legs' figures (measured or modelled);
   * undefined when the call never connected or no leg carried media to rate.
   */
  readonly mos: number | undefined;
  readonly attempts: readonly OutboundAttempt[];
  /** Set when the call was recorded (see RecordingEntry). */
  readonly recordingId: string | undefined;
  /** The DTMF digits the parties sent, in time order (none for a synthetic call). */
  readonly dtmf: readonly DtmfEntry[];
}

export const MESSAGE_DIRECTIONS = ['received', 'sent'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** One SIP message as it crossed the gateway's interface. */
export interface SipMessageEntry {
  readonly sessionIdentifier: string;
  readonly systemIdentifier: string;
  /** Which leg of the session: 0 the inbound leg, 1.. the outbound attempts in order. */
  readonly callIndex: number;
  /** Microseconds since the epoch (pcap needs microseconds). */
  readonly timestampMicros: number;
  readonly direction: MessageDirection;
  readonly protocol: 'UDP' | 'TCP' | 'TLS' | 'WS' | 'WSS';
  readonly sourceIpAddress: string;
  readonly sourcePort: number;
  readonly destinationIpAddress: string;
  readonly destinationPort: number;
  /** The message's text exactly as on the wire (start line, headers, CRLF, body). */
  readonly message: string;
}

/** A recorded call: the audio is synthesised on download from these facts (seeded, so the same file each time). */
export interface RecordingEntry {
  readonly recordingId: string;
  readonly sessionIdentifier: string;
  readonly startDateTime: Date;
  readonly durationMs: number;
  readonly codec: string;
  /** Spans, in ms from the recording's start, in which the recording was muted (forwardedSessionRecording/setMute). */
  readonly mutedSpans: readonly (readonly [number, number])[];
  readonly seed: number;
}
