import { buildResponse, type ServerTransaction, type SipRequest, type SipResponse } from '@gwsim/sip';
import type { Lazy } from '../../calls/domain/SipDialogs.js';
import type { SocketLeg } from './SocketLeg.js';
import type { SocketLegs } from './SocketLegs.js';
import type { SocketReports } from './SocketReports.js';
import { ALLOW, cseqOf, uriAddress, withBody, withContact, withCSeq, withHeader, withVia } from './wireMessages.js';

/**
 * The requests inside the dialogs the socket transport carries, either way: a BYE, a session refresh or an INFO
 * from a real endpoint, a BYE from the gateway on either leg, and the gateway's 200 to a BYE received. A request
 * naming no dialog the transport carries (or one that ended) is answered 481.
 */
export class InDialogRequests {
  constructor(
    private readonly reports: SocketReports,
    private readonly legs: SocketLegs,
  ) {}

  /** A request inside a dialog the transport carries: BYE, a session refresh, INFO. */
  received(leg: SocketLeg | undefined, transaction: ServerTransaction): void {
    const request = transaction.request;
    if (!leg || leg.ended) {
      transaction.respond(buildResponse(request, 481));
      return;
    }
    switch (request.method) {
      case 'BYE':
        leg.pendingBye = transaction;
        this.reports.post(() => this.reports.listener?.byeReceived(leg, () => request));
        return;
      case 'INVITE':
      case 'UPDATE': {
        // a session refresh: the media stays as it is; the answer repeats what the gateway last sent
        const ok = withContact(buildResponse(request, 200), leg.local);
        transaction.respond(
          leg.lastSdp ? withHeader(withBody(ok, leg.lastSdp), 'Content-Type', 'application/sdp') : ok,
        );
        return;
      }
      case 'INFO':
        leg.infoReceived(request, this.reports.now()); // a DTMF digit in its body is the call's (SocketLeg)
        transaction.respond(buildResponse(request, 200));
        return;
      case 'OPTIONS':
      case 'NOTIFY':
        transaction.respond(buildResponse(request, 200));
        return;
      default:
        transaction.respond(withHeader(buildResponse(request, 405), 'Allow', ALLOW));
    }
  }

  /** The gateway's BYE on the leg: to the caller's address inbound, to the far end's target outbound. */
  bye(leg: SocketLeg, bye: Lazy<SipRequest>): void {
    if (leg.ended) return;
    let message = withContact(withVia(bye(), leg.local), leg.local);
    if (leg.index > 0 && leg.sentInvite) message = withCSeq(message, (cseqOf(leg.sentInvite)?.seq ?? 1) + 1);
    const target = leg.index === 0 ? leg.peer : (uriAddress(message.uri, leg.peer.transport) ?? leg.peer);
    leg.stack.request(message, target, {
      response: (response, retransmission) => {
        if (retransmission) return;
        this.reports.post(() => {
          this.reports.listener?.responded(leg, 'BYE', response.status, () => response);
          if (response.status >= 200) this.legs.finish(leg);
        });
      },
      timeout: () =>
        this.reports.post(() => {
          this.reports.listener?.responded(leg, 'BYE', 408, () => buildResponse(message, 408));
          this.legs.finish(leg);
        }),
    });
  }

  /** The gateway's 200 to a CANCEL or BYE received on the leg. */
  confirm(leg: SocketLeg, method: 'CANCEL' | 'BYE', ok: Lazy<SipResponse>): void {
    // the stack answered the CANCEL itself (RFC 3261 9.2)
    if (method === 'CANCEL') return;
    const transaction = leg.pendingBye;
    leg.pendingBye = undefined;
    if (!transaction) return;
    transaction.respond(withContact(ok(), leg.local));
    this.legs.finish(leg);
  }
}
