import { buildInDialog, dialogFromResponse, type Dialog, type SipRequest, type SipResponse } from '@gwsim/sip';
import { mix } from '../../calls/domain/Randomness.js';
import { namesOptionTag, RELIABLE, reliableEnabled } from './ReliableResponses.js';
import type { SocketLeg } from './SocketLeg.js';
import { cseqOf, firstHeader, inDialogDestination, tagOf, uriAt, withHeader, withVia } from './wireMessages.js';

/** An early dialog a reliable 18x made (one per fork, by its To tag) and the last RSeq acknowledged in it. */
interface EarlyDialog {
  readonly dialog: Dialog;
  rseq: number;
}

/**
 * The gateway as UAC of a real far end's reliable provisional responses (RFC 3262 section 4): an 18x with Require:
 * 100rel and an RSeq is acknowledged with a PRACK in its own early dialog (each fork's in its own, by To tag), its
 * RAck the RSeq, the INVITE's CSeq number and method (section 7.2). After the first, only the RSeq one higher than
 * the last is new: a retransmission or an 18x out of order is neither PRACKed nor taken further. The PRACK's own
 * retransmissions are its non-INVITE client transaction's.
 */
export class ProvisionalAcks {
  private readonly forks = new Map<string, EarlyDialog>();
  private branches = 0;

  /**
   * A far end's 18x to the leg's INVITE: true when the gateway takes it (an unreliable 18x, or a reliable one now
   * PRACKed), false when it is to be dropped (RFC 3262 section 4).
   */
  received(leg: SocketLeg, invite: SipRequest, response: SipResponse): boolean {
    const rseq = Number(/^\s*(\d+)\s*$/.exec(firstHeader(response, 'RSeq') ?? '')?.[1] ?? NaN);
    const tag = tagOf(firstHeader(response, 'To'));
    // an 18x without RSeq or To tag is no reliable one; a node with 100rel disabled offered none and PRACKs none
    if (!namesOptionTag(response, 'Require', RELIABLE) || !Number.isInteger(rseq) || rseq < 1 || tag === undefined)
      return true;
    if (!reliableEnabled(leg.node)) return true;
    let fork = this.forks.get(tag);
    if (fork && rseq !== fork.rseq + 1) return false;
    if (!fork) {
      let dialog: Dialog;
      try {
        dialog = dialogFromResponse(invite, response);
      } catch {
        return true; // a To or Contact that does not parse names no early dialog to PRACK in
      }
      fork = { dialog, rseq };
      this.forks.set(tag, fork);
    }
    fork.rseq = rseq;
    this.prack(leg, invite, fork, tag);
    return true;
  }

  /**
   * The last CSeq number the gateway used in the fork's early dialog (its PRACKs): the dialog its 2xx confirms goes
   * on from there (RFC 3261 section 12.2.1.1). Undefined when the fork sent no reliable 18x.
   */
  localSeq(tag: string | undefined): number | undefined {
    return tag === undefined ? undefined : this.forks.get(tag)?.dialog.localSeq;
  }

  private prack(leg: SocketLeg, invite: SipRequest, fork: EarlyDialog, tag: string): void {
    const cseq = cseqOf(invite);
    this.branches += 1;
    const branch = `z9hG4bK${(mix(leg.callId, 'prack', tag, this.branches) >>> 0).toString(16)}${this.branches}`;
    let prack = buildInDialog(fork.dialog, 'PRACK', {
      via: { transport: leg.local.transport, host: leg.local.host, port: leg.local.port },
      branch,
      contact: { uri: uriAt(undefined, leg.local), params: {} },
      userAgent: leg.node.sip.userAgent,
    });
    prack = withHeader(withVia(prack, leg.local), 'RAck', `${fork.rseq} ${cseq?.seq ?? 1} ${cseq?.method ?? 'INVITE'}`);
    leg.stack.request(prack, inDialogDestination(false, leg.peer, prack), {
      // the PRACK's answer changes nothing of the call: its 200 only ends the far end's retransmissions
      response: () => undefined,
      timeout: () => undefined,
    });
  }
}
