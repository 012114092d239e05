import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import {
  CALL_RESULTS,
  DISCONNECTING_SIDES,
  DTMF_METHODS,
  DTMF_SOURCES,
  MEDIA_FIGURES,
  type CallHistoryEntry,
  type DtmfEntry,
  type LegRtpStatistics,
} from '../../domain/MonitorRecords.js';

/** RTP counters of one leg, from the gateway's point of view. */
export class LegRtpStatisticsView {
  @IsString() codec!: string;
  @IsInt() @Min(0) packetsSent!: number;
  @IsInt() @Min(0) packetsReceived!: number;
  @IsInt() @Min(0) packetsLost!: number;
  @IsInt() @Min(0) lossOccurrences!: number;
  @IsNumber() @Min(0) @JSONSchema({ description: 'interarrival jitter (RFC 3550), milliseconds' }) jitterMs!: number;
  @IsIn(MEDIA_FIGURES)
  @JSONSchema({
    description:
      'measured: counted from the RTP the gateway relayed on the leg (a real call); modelled: computed from the ' +
      "connected time and the call's loss and jitter (a synthetic call)",
  })
  figures!: string;
}

/** One DTMF digit a party of the call sent. */
export class DtmfDigitView {
  @IsString() @JSONSchema({ description: 'when the gateway saw it, in the dateFormat of the request' }) at!: string;
  @IsString() @JSONSchema({ description: '0-9, *, #, A-D' }) digit!: string;
  @IsIn(DTMF_SOURCES) @JSONSchema({ description: 'the leg it came from' }) source!: string;
  @IsIn(DTMF_METHODS)
  @JSONSchema({ description: 'rfc4733: a telephone-event in the RTP; info: a SIP INFO body' })
  method!: string;
}

/** One attempt of the call on an outbound target (failover makes several). */
export class OutboundAttemptView {
  @IsString() nodeId!: string;
  @IsString() nodeName!: string;
  @IsString() destinationDialString!: string;
  @IsInt() sipStatusCode!: number;
  @IsOptional()
  @IsString()
  @JSONSchema({
    description: "a transfer's attempt (the gateway called a REFER's target): the transferor's number; else absent",
  })
  transferrerDialString?: string;
}

/**
 * One finished call as callHistory/get and the export show it: the real product's names for the session and
 * the dial strings (sessionIdentifier, startDateTime, inbound/outbound source/destination dial strings), the
 * monitor's record names for the rest. Times follow dateFormat; a field with no value is left out (never null).
 */
export class CallHistoryEntryView {
  @IsString() sessionIdentifier!: string;
  @IsString() systemIdentifier!: string;
  @IsString() startDateTime!: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'absent when the call never connected' })
  connectDateTime?: string;
  @IsString() endDateTime!: string;
  @IsInt() @Min(0) @JSONSchema({ description: 'connected time, whole seconds' }) durationSeconds!: number;
  @IsString() inboundNodeId!: string;
  @IsString() inboundNodeName!: string;
  @IsOptional() @IsString() outboundNodeId?: string;
  @IsOptional() @IsString() outboundNodeName?: string;
  @IsOptional() @IsString() routingDomainId?: string;
  @IsOptional() @IsString() routeId?: string;
  @IsOptional() @IsString() routeName?: string;
  @IsString()
  @JSONSchema({ description: 'as the call arrived, before any rewriting' })
  inboundSourceDialString!: string;
  @IsString() inboundDestinationDialString!: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'as the call left, after every rewriting; absent when it never left' })
  outboundSourceDialString?: string;
  @IsOptional() @IsString() outboundDestinationDialString?: string;
  @IsIn(CALL_RESULTS) result!: string;
  @IsInt() sipStatusCode!: number;
  @IsString() sipReasonPhrase!: string;
  @IsInt() @JSONSchema({ description: 'ITU-T Q.850 cause value' }) q850Cause!: number;
  @IsIn(DISCONNECTING_SIDES) disconnectingSide!: string;
  @IsOptional() @ValidateNested() @Type(() => LegRtpStatisticsView) inbound?: LegRtpStatisticsView;
  @IsOptional() @ValidateNested() @Type(() => LegRtpStatisticsView) outbound?: LegRtpStatisticsView;
  @IsOptional()
  @IsNumber()
  @JSONSchema({ description: 'E-model mean opinion score (1.0 to 4.5) of a connected call' })
  mos?: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => OutboundAttemptView) attempts!: OutboundAttemptView[];
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'download as <recordingId>.wav from /app/monitor/callhistory/recording/v0' })
  recordingId?: string;
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DtmfDigitView)
  @JSONSchema({ description: 'the DTMF digits the parties sent (RFC 4733 and SIP INFO), in time order' })
  dtmf!: DtmfDigitView[];
}

/** callHistory/get's answer: how many calls match, and the page asked for, newest first. */
export class CallHistoryView {
  @IsInt() @Min(0) totalCount!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => CallHistoryEntryView) entries!: CallHistoryEntryView[];
}

const leg = (stats: LegRtpStatistics): LegRtpStatisticsView => ({ ...stats, figures: stats.figures ?? 'modelled' });

/** `{[name]: value}` when there is a value, else nothing: a member without a value is left out, never null. */
const given = <K extends string, V>(name: K, value: V | null | undefined): { [P in K]?: V } =>
  (value === undefined || value === null ? {} : { [name]: value }) as { [P in K]?: V };

const dtmfDigit = (d: DtmfEntry, dates: WireDates): DtmfDigitView => ({
  at: dates.render(d.at),
  digit: d.digit,
  source: d.source,
  method: d.method,
});

export function callHistoryEntryView(e: CallHistoryEntry, dates: WireDates): CallHistoryEntryView {
  return {
    sessionIdentifier: e.sessionIdentifier,
    systemIdentifier: e.systemIdentifier,
    startDateTime: dates.render(e.startDateTime),
    ...given('connectDateTime', dates.render(e.connectDateTime)),
    endDateTime: dates.render(e.endDateTime),
    durationSeconds: e.durationSeconds,
    inboundNodeId: e.inboundNodeId,
    inboundNodeName: e.inboundNodeName,
    ...given('outboundNodeId', e.outboundNodeId),
    ...given('outboundNodeName', e.outboundNodeName),
    ...given('routingDomainId', e.routingDomainId),
    ...given('routeId', e.routeId),
    ...given('routeName', e.routeName),
    inboundSourceDialString: e.inboundSourceDialString,
    inboundDestinationDialString: e.inboundDestinationDialString,
    ...given('outboundSourceDialString', e.outboundSourceDialString),
    ...given('outboundDestinationDialString', e.outboundDestinationDialString),
    result: e.result,
    sipStatusCode: e.sipStatusCode,
    sipReasonPhrase: e.sipReasonPhrase,
    q850Cause: e.q850Cause,
    disconnectingSide: e.disconnectingSide,
    ...given('inbound', e.inbound && leg(e.inbound)),
    ...given('outbound', e.outbound && leg(e.outbound)),
    ...given('mos', e.mos),
    attempts: e.attempts.map(({ transferrerDialString, ...attempt }) => ({
      ...attempt,
      ...given('transferrerDialString', transferrerDialString),
    })),
    ...given('recordingId', e.recordingId),
    dtmf: e.dtmf.map((d) => dtmfDigit(d, dates)),
  };
}
