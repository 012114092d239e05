import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { CALL_STATES } from '../../domain/CallState.js';

/** One leg of an active session, every field the specification lists. */
export class ActiveSessionLegView {
  /** The UTC day the leg started, yyyy-mm-dd. */
  @IsString() date!: string;
  /** When the leg started and connected, in the request's dateFormat; connectTime is '' before the answer. */
  @IsString() startTime!: string;
  @IsString() connectTime!: string;
  /** Connected seconds so far. */
  @IsInt() @Min(0) duration!: number;
  @IsIn(CALL_STATES) callState!: string;
  @IsString() priority!: string;
  @IsString() signalingProtocol!: string;
  @IsString() transportProtocol!: string;
  @IsString() usedTransportIri!: string;
  @IsString() nodeId!: string;
  @IsString() routeId!: string;
  @IsString() sipLocalUri!: string;
  @IsString() sipLocalName!: string;
  @IsString() sipRemoteUri!: string;
  @IsString() sipRemoteName!: string;
  @IsString() telLocalNumber!: string;
  @IsString() telLocalName!: string;
  @IsString() telRemoteNumber!: string;
  @IsString() telRemoteName!: string;
  @IsString() mediaReceiveCodec!: string;
  @IsString() mediaSendCodec!: string;
  @IsString() rtpSendProfile!: string;
  @IsString() rtpReceiveProfile!: string;
  @IsString() usedRegistrationClientName!: string;
  @IsInt() @Min(0) rtpPacketLossOccurrences!: number;
  @IsInt() @Min(0) rtpSendPacketLossOccurrences!: number;
  @IsInt() @Min(0) rtpPacketsLost!: number;
  @IsInt() @Min(0) rtpSendPacketsLost!: number;
  @IsInt() @Min(0) rtpReceiveTotalPackets!: number;
  @IsInt() @Min(0) rtpSendTotalPackets!: number;
  @IsBoolean() usesRegistration!: boolean;
  @IsBoolean() usesRouteSupervision!: boolean;
}

export class ActiveSessionView {
  @IsString() sessionId!: string;

  @ValidateNested()
  @Type(() => ActiveSessionLegView)
  incoming!: ActiveSessionLegView;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ActiveSessionLegView)
  outgoing!: ActiveSessionLegView[];
}

export class ActiveSessionsView {
  /** The simulated instant the sessions were last advanced to, in the request's dateFormat. */
  @IsString() lastUpdated!: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ActiveSessionView)
  activeSessions!: ActiveSessionView[];
}
