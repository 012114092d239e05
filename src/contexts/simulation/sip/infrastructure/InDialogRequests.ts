import { buildResponse, type ServerTransaction, type SipRequest, type SipResponse } from '@gwsim/sip';
import type { Lazy } from '../../calls/domain/SipDialogs.js';
import { digestRetry } from './digestRetry.js';
import type { MidDialogRelay } from './MidDialogRelay.js';
import type { SocketLeg } from './SocketLeg.js';
import type { SocketLegs } from './SocketLegs.js';
import type { SocketReports } from './SocketReports.js';
import type { TransferRequests } from './TransferRequests.js';
import { allowOf } from './ReliableResponses.js';
import {
  cseqOf,
  firstHeader,
  inDialogDestination,
  withContact,
  withCSeq,
  withHeader,
  withVia,
} from './wireMessages.js';

/**
 * The requests inside the dialogs the socket transport carries, either way: a BYE from a real endpoint (to the
 * gateway), a re-INVITE, UPDATE, INFO, MESSAGE, OPTIONS or NOTIFY (carried across by MidDialogRelay), a REFER
 * (TransferRequests), a BYE from the
 * gateway on either leg, and the gateway's 200 to a BYE received. A request naming no dialog the transport carries
 * (or one that ended) is answered 481.
 */
export class InDialogRequests {
  constructor(
    private readonly reports: SocketReports,
    private readonly legs: SocketLegs,
    private readonly relay: MidDialogRelay,
    private readonly transfers: TransferRequests,
  ) {}

  /** A request inside a dialog the transport carries. */
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
      case 'UPDATE':
      case 'INFO':
      case 'MESSAGE':
      case 'OPTIONS':
      case 'NOTIFY':
        // carried to the other side of the call (MidDialogRelay), or answered for a simulated one
        this.relay.received(leg, transaction);
        return;
      case 'REFER':
        // a transfer: the gateway relays it or carries it out, as the call's forwarding profile says (RFC 3515)
        this.transfers.received(leg, transaction);
        return;
      case 'PRACK': {
        // RFC 3262 section 3: 200 for the reliable 18x it acknowledges, 481 for none, 400 without RAck
        const answer = (status: number) => transaction.respond(buildResponse(request, status));
        if (leg.reliable) leg.reliable.prack(request, answer);
        else answer(firstHeader(request, 'RAck') ? 481 : 400);
        return;
      }
      default:
        transaction.respond(withHeader(buildResponse(request, 405), 'Allow', allowOf(leg.node)));
    }
  }

  /** The gateway's BYE on the leg: to the caller's address inbound, to the far end's target outbound. */
  bye(leg: SocketLeg, bye: Lazy<SipRequest>): void {
    if (leg.ended) return;
    let message = withContact(withVia(bye(), leg.local), leg.local);
    // the next number of the leg's own CSeq space (after the gateway's relayed re-INVITEs, RFC 3261 section 12.2.1.1)
    if (leg.dialog) message = withCSeq(message, (leg.dialog.localSeq += 1));
    else if (leg.index > 0 && leg.sentInvite) message = withCSeq(message, (cseqOf(leg.sentInvite)?.seq ?? 1) + 1);
    this.sendBye(leg, message, false);
  }

  /** A BYE on the wire; a 401 or 407 answered once with the node's credentials (RFC 3261 section 22.2). */
  private sendBye(leg: SocketLeg, message: SipRequest, retried: boolean): void {
    const target = inDialogDestination(leg.index === 0, leg.peer, message);
    leg.stack.request(message, target, {
      response: (response, retransmission) => {
        if (retransmission) return;
        this.reports.post(() => {
          if ((response.status === 401 || response.status === 407) && !retried) {
            const seq = leg.dialog ? leg.dialog.localSeq + 1 : (cseqOf(message)?.seq ?? 1) + 1;
            const again = digestRetry(leg.node, leg.callId, message, response, seq);
            if (again) {
              if (leg.dialog) leg.dialog.localSeq = seq;
              this.sendBye(leg, again, true);
              return;
            }
          }
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
    // a BYE in the early dialog leaves the leg to its INVITE's final answer (487 to a caller, the far end's own)
    if (leg.finalStatus >= 200) this.legs.finish(leg);
  }
}
