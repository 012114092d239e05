import type { SipRequest, SipResponse } from '@gwsim/sip';
import { GATE_ENDINGS, OUTCOME_ENDINGS, RESCUE_ENDINGS, type CallEnding, type EndingSide } from './CallEndings.js';
import type { CallState } from './CallState.js';
import type { CallTransfer } from './CallTransfer.js';
import type { SessionTransport, TransportLeg } from './SessionTransport.js';
import type { SimulatedCall } from './SimulatedCall.js';
import { okTo, type Lazy } from './SipDialogs.js';

/** What hanging up needs of the gateway it runs in. */
export interface HangupContext {
  readonly transport: SessionTransport;
  readonly transfers: CallTransfer;
  move(call: SimulatedCall, to: CallState): void;
  end(call: SimulatedCall, ending: CallEnding, side: EndingSide): void;
  /** The current attempt failed with `status` (failover applies). */
  fail(call: SimulatedCall, status: number, response: Lazy<SipResponse>): void;
}

/**
 * How a call the gateway carries ends from either side: a BYE from the caller or the called party (relayed to the
 * other side; the call ends on the other side's 200), a BYE in the early dialog, and the timers of a leg that ran out.
 */
export class CallHangups {
  constructor(private readonly context: HangupContext) {}

  /** A BYE on one of the call's legs. */
  byeReceived(call: SimulatedCall, leg: TransportLeg, bye: Lazy<SipRequest>): void {
    const { transport, transfers } = this.context;
    const attempt = call.attempt;
    if (!attempt) return;
    if (transfers.transferring(call, leg)) return transfers.transferorLeft(call, leg, bye);
    if (leg !== call.inbound && leg !== attempt.leg) return;
    const fromCaller = leg === call.inbound;
    if (call.state === 'terminating' && call.hangingUp !== undefined) {
      // both sides hung up at once: the other side's BYE is answered too; the call ends on the 200 to the gateway's
      transport.confirm(leg, 'BYE', () => (fromCaller ? call.inboundDialog.confirm(bye()) : okTo(bye())));
      return;
    }
    if (call.state === 'trying' || call.state === 'early') return this.earlyBye(call, leg, fromCaller, bye);
    if (call.state !== 'connected') return;
    this.context.move(call, 'terminating');
    call.hangingUp = fromCaller ? 'inbound' : 'outbound';
    const alone = call.transfer?.transferorGone === true; // the other side already hung up, its transfer under way
    if (fromCaller) {
      transport.confirm(leg, 'BYE', () => call.inboundDialog.confirm(bye()));
      const answer = call.answer!;
      if (!alone) transport.bye(attempt.leg, () => attempt.dialog.bye(answer()));
    } else {
      transport.confirm(leg, 'BYE', () => okTo(bye()));
      const dialog = call.inboundDialog;
      if (!alone) transport.bye(call.inbound, () => dialog.bye());
    }
    if (alone) this.context.end(call, OUTCOME_ENDINGS.answered, call.hangingUp);
  }

  /**
   * A BYE in the early dialog (RFC 3261 section 15): the caller's ends the call as a CANCEL would (its INVITE gets
   * 487); a far end's, which the RFC forbids and real ones send, fails the attempt as a 480 would (failover applies).
   */
  private earlyBye(call: SimulatedCall, leg: TransportLeg, fromCaller: boolean, bye: Lazy<SipRequest>): void {
    const { transport } = this.context;
    const attempt = call.attempt!;
    if (!fromCaller) {
      transport.confirm(leg, 'BYE', () => okTo(bye()));
      return this.context.fail(call, 480, () => okTo(bye()));
    }
    transport.confirm(leg, 'BYE', () => call.inboundDialog.confirm(bye()));
    this.context.move(call, 'terminating');
    call.cancelling = OUTCOME_ENDINGS.cancelled;
    call.cancelSide = 'inbound';
    transport.cancel(attempt.leg, () => attempt.dialog.cancel());
  }

  /** A timer of one of the call's legs ran out (SessionTransport's `timedOut`). */
  timedOut(call: SimulatedCall, leg: TransportLeg): void {
    const { transport } = this.context;
    if (leg === call.inbound && call.state === 'trying') {
      this.context.end(call, GATE_ENDINGS.routeIgnores, 'gateway');
      return;
    }
    const attempt = call.attempt;
    if (leg === call.inbound && call.state === 'early' && attempt) {
      // The caller never acknowledged a reliable 18x (RFC 3262 section 3): its INVITE was refused, the attempt
      // is cancelled and the call ends on its answer, as after the caller's CANCEL.
      this.context.move(call, 'terminating');
      call.cancelling = RESCUE_ENDINGS.handlingFailed;
      call.cancelSide = 'gateway';
      transport.cancel(attempt.leg, () => attempt.dialog.cancel());
      return;
    }
    if (call.state === 'connected' && attempt && call.answer && (leg === call.inbound || leg === attempt.leg)) {
      // Timer H (no ACK of the 200), the media timeout or a leg's session expiry (RFC 4028 section 10) on a connected
      // call: the gateway hangs up both sides itself (RFC 3261 13.3.1.4) and the call ends at once.
      const answer = call.answer;
      const dialog = call.inboundDialog;
      this.context.move(call, 'terminating');
      transport.bye(attempt.leg, () => attempt.dialog.bye(answer()));
      transport.bye(call.inbound, () => dialog.bye());
      this.context.end(call, OUTCOME_ENDINGS.answered, 'gateway');
    }
  }
}
