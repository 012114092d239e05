import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { sessionSnapshot } from '../domain/SessionLegs.js';
import { TrafficLabs } from './TrafficLabs.js';

/** What identifies a session locally (TelIdent): every field given must match; none given matches every session. */
export interface TelIdent {
  readonly sessionIdentifier?: string;
  /** A number of the gateway's side of a leg (the called number inbound, the calling number outbound). */
  readonly telLocalNumber?: string;
  /** A number of the far end of a leg. */
  readonly telRemoteNumber?: string;
  /** The inbound node or the node of the outbound leg in progress. */
  readonly nodeId?: string;
}

/**
 * forwardedSessionRecording: finding the recorded sessions in progress and muting or unmuting their recording.
 * Mute spans end up in the RecordingEntry of the call (clipped to the recorded, connected time).
 */
@injectable()
export class RecordedSessions {
  constructor(@inject(TrafficLabs) private readonly labs: TrafficLabs) {}

  lookup(lab: LabId, ident: TelIdent): string[] {
    const { at, calls } = this.labs.sessions(lab);
    return calls
      .filter((call) => call.recorded && call.route?.match.action === 'ACCEPT')
      .sort((a, b) => a.startAt - b.startAt || a.ordinal - b.ordinal)
      .filter((call) => {
        if (ident.sessionIdentifier !== undefined && call.sessionIdentifier !== ident.sessionIdentifier) return false;
        const session = sessionSnapshot(call, at);
        const legs = [session.incoming, ...session.outgoing];
        if (ident.telLocalNumber !== undefined && !legs.some((leg) => leg.telLocalNumber === ident.telLocalNumber))
          return false;
        if (ident.telRemoteNumber !== undefined && !legs.some((leg) => leg.telRemoteNumber === ident.telRemoteNumber))
          return false;
        if (ident.nodeId !== undefined && !legs.some((leg) => leg.nodeId === ident.nodeId)) return false;
        return true;
      })
      .map((call) => call.sessionIdentifier);
  }

  /** Mutes (or unmutes) a live recorded session's recording from the engine's current instant. */
  setMute(lab: LabId, sessionIdentifier: string, mute: boolean): void {
    const { at, call } = this.labs.call(lab, sessionIdentifier);
    if (!call || call.route?.match.action !== 'ACCEPT') {
      throw new DomainError(
        'SESSION_NOT_FOUND',
        'not_found',
        `session '${sessionIdentifier}' is not in progress (it never existed or has ended)`,
        [
          {
            field: 'sessionIdentifier',
            message: `sessionIdentifier '${sessionIdentifier}' names no session in progress`,
          },
        ],
      );
    }
    if (!call.recorded) {
      throw DomainError.conflict(
        'SESSION_NOT_RECORDED',
        `session '${sessionIdentifier}' is not recorded, so its recording cannot be muted`,
        [{ field: 'sessionIdentifier', message: `session '${sessionIdentifier}' is not recorded` }],
      );
    }
    call.mute(mute, at.getTime());
  }
}
