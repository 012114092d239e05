import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import { ReadActiveSessions } from '../../application/ReadActiveSessions.js';
import { RecordedSessions } from '../../application/RecordedSessions.js';
import type { LegSnapshot } from '../../domain/SessionLegs.js';
import type { NumberFilterMode } from '../../domain/SessionLegs.js';
import { ActiveSessionsFilterDto, SetMuteRequestDto, TelIdentDto } from './ActiveSessionDtos.js';
import type { ActiveSessionLegView, ActiveSessionsView } from './ActiveSessionViews.js';

function legView(leg: LegSnapshot, dates: WireDates): ActiveSessionLegView {
  return {
    date: leg.startAt.toISOString().slice(0, 10),
    startTime: dates.render(leg.startAt),
    connectTime: dates.render(leg.connectAt) ?? '',
    duration: leg.durationSeconds,
    callState: leg.callState,
    priority: 'normal',
    signalingProtocol: 'SIP',
    transportProtocol: leg.transport,
    usedTransportIri: leg.usedTransportIri,
    nodeId: leg.nodeId,
    routeId: leg.routeId,
    sipLocalUri: leg.sipLocalUri,
    sipLocalName: '',
    sipRemoteUri: leg.sipRemoteUri,
    sipRemoteName: '',
    telLocalNumber: leg.telLocalNumber,
    telLocalName: '',
    telRemoteNumber: leg.telRemoteNumber,
    telRemoteName: '',
    mediaReceiveCodec: leg.connectAt ? leg.codec : '',
    mediaSendCodec: leg.connectAt ? leg.codec : '',
    rtpSendProfile: 'RTP/AVP',
    rtpReceiveProfile: 'RTP/AVP',
    usedRegistrationClientName: '',
    rtpPacketLossOccurrences: leg.rtpPacketLossOccurrences,
    rtpSendPacketLossOccurrences: leg.rtpSendPacketLossOccurrences,
    rtpPacketsLost: leg.rtpPacketsLost,
    rtpSendPacketsLost: leg.rtpSendPacketsLost,
    rtpReceiveTotalPackets: leg.rtpReceiveTotalPackets,
    rtpSendTotalPackets: leg.rtpSendTotalPackets,
    usesRegistration: false,
    usesRouteSupervision: false,
  };
}

/** activeSessions/get and forwardedSessionRecording: read the simulator's sessions in progress. */
@injectable()
export class ActiveSessionsController {
  constructor(
    @inject(ReadActiveSessions) private readonly readSessions: ReadActiveSessions,
    @inject(RecordedSessions) private readonly recorded: RecordedSessions,
  ) {}

  async activeSessions(request: OperationRequest): Promise<ActiveSessionsView> {
    const filter = validateDto(ActiveSessionsFilterDto, request.body ?? {});
    const { lastUpdated, sessions } = this.readSessions.execute(request.lab, {
      numberFilterMode: (filter.numberFilterMode ?? 'startswith') as NumberFilterMode,
      numberFilter: filter.numberFilter ?? '',
      count: filter.count,
    });
    return {
      lastUpdated: request.dates.render(lastUpdated),
      activeSessions: sessions.map((session) => ({
        sessionId: session.sessionId,
        incoming: legView(session.incoming, request.dates),
        outgoing: session.outgoing.map((leg) => legView(leg, request.dates)),
      })),
    };
  }

  async lookup(request: OperationRequest): Promise<string[]> {
    const ident = validateDto(TelIdentDto, request.body ?? {});
    return this.recorded.lookup(request.lab, ident);
  }

  async setMute(request: OperationRequest): Promise<Reply> {
    const dto = validateDto(SetMuteRequestDto, request.body);
    this.recorded.setMute(request.lab, dto.sessionIdentifier, dto.mute);
    return Reply.empty();
  }
}
