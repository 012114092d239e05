import type { SipRequest, SipResponse } from '@gwsim/sip';
import type { GatewayPlan, PlannedRoute, PlanNode } from '../../../configuration/index.js';
import { failsOver, farEndEnding, type CallEnding, type EndingSide } from './CallEndings.js';
import type { CallState } from './CallState.js';
import type { SessionTransport, TransferRequest, TransportLeg, TransactionMethod } from './SessionTransport.js';
import type { CallerDialog, CurrentAttempt, SimulatedCall } from './SimulatedCall.js';
import { placeAttempt } from './placeAttempt.js';
import { okTo, type Lazy, type StepMemo, type UacDialog } from './SipDialogs.js';

/** Who asked for a transfer: the caller (its target takes the caller's place) or the called party. */
export type TransferringSide = 'caller' | 'called';

/** A transfer the gateway carries out for a call (RFC 3515 section 2.4.5): its request, route and attempt. */
export interface PendingTransfer {
  readonly by: TransferringSide;
  /** The leg the REFER came on (the transferor's). */
  readonly transferor: TransportLeg;
  readonly request: TransferRequest;
  readonly route: PlannedRoute;
  /** The transferee's number: the transfer target's call comes from it. */
  readonly source: string;
  /** The transferor's number (the transferrer dial string routes and rewritings see). */
  readonly transferrer: string;
  attempt: CurrentAttempt | undefined;
  /** The transferor hung up while the transfer was under way (a blind transfer's usual way). */
  transferorGone: boolean;
}

/** What a transfer needs of the gateway it runs in. */
export interface TransferContext {
  readonly transport: SessionTransport;
  readonly memo: StepMemo;
  plan(): GatewayPlan;
  now(): number;
  /** The leg belongs to the call (its reports reach the transfer) / no longer. */
  track(leg: TransportLeg, call: SimulatedCall): void;
  untrack(leg: TransportLeg): void;
  move(call: SimulatedCall, to: CallState): void;
  end(call: SimulatedCall, ending: CallEnding, side: EndingSide): void;
}

/**
 * The caller's side of a call after a transfer the caller made: the gateway called the target, so its dialog is the
 * gateway's outbound one, answered by `ok`. Only what a connected call does with its caller's side is asked of it.
 */
class TransferredCaller implements CallerDialog {
  readonly ok: Lazy<SipResponse>;

  constructor(
    private readonly dialog: UacDialog,
    ok: Lazy<SipResponse>,
  ) {
    this.ok = ok;
  }

  respond(_status: number): SipResponse {
    throw new Error("a transferred call's caller side was answered long ago");
  }

  confirm(request: SipRequest): SipResponse {
    return okTo(request);
  }

  bye(): SipRequest {
    return this.dialog.bye(this.ok());
  }
}

/**
 * Transfers the gateway carries out itself (RFC 3515): when the routing forward profile of a call's target does
 * not forward REFER that way, or the other side is simulated, the gateway accepts the REFER (202), calls the
 * Refer-To target for the transferee — routed from the transferee's node, with the transferor's number as the
 * transferrer dial string (RFC 3892), a Replaces passed on (RFC 3891) — reports the target's progress to the
 * transferor (NOTIFY with a sipfrag, RFC 3515 section 2.4.5), and on its 2xx puts the target in the transferor's
 * place and hangs up on the transferor. A target that fails leaves the call as it was (the transferor may take the
 * call back), or ends it when the transferor already hung up. The history shows the target as an attempt of the
 * call with its transferrer dial string.
 */
export class CallTransfer {
  /** Transfer attempts of calls that ended meanwhile, by leg: a 2xx that crosses their CANCEL is hung up. */
  private readonly abandoned = new Map<TransportLeg, UacDialog>();
  /** Transferors the gateway hung up on once their transfer was done: no call holds their leg any more. */
  private readonly released = new WeakSet<TransportLeg>();

  constructor(private readonly context: TransferContext) {}

  /** A REFER on a leg of the call: relayed as the profile says, carried out, or refused. */
  requested(call: SimulatedCall, leg: TransportLeg, request: TransferRequest): void {
    const { transport } = this.context;
    const attempt = call.attempt;
    // RFC 3515 section 2.4.2: a REFER the recipient will not act on is refused (a call not up: 403; one under way: 491)
    if (call.state !== 'connected' || !attempt || call.hangingUp !== undefined)
      return transport.answerTransfer(leg, 403);
    if (call.transfer) return transport.answerTransfer(leg, 491);
    const by: TransferringSide = leg === call.inbound ? 'caller' : 'called';
    const profile = attempt.target.routingForwardProfileId;
    if (request.relayable && this.context.plan().forwardsRefer(profile, by === 'caller' ? 'calling' : 'called'))
      return transport.answerTransfer(leg, 'relay');
    const node = by === 'called' ? call.source : attempt.node;
    const source = by === 'called' ? call.incoming.source : attempt.numbers.destination;
    const transferrer = by === 'called' ? attempt.numbers.destination : call.incoming.source;
    const destination = request.destination;
    const route = this.context.plan().route({ sourceNodeId: node.id, source, destination, transferrer });
    // RFC 3515 section 2.4.4: accepted, then a NOTIFY at once (the final status when the route already refuses)
    transport.answerTransfer(leg, 202);
    if (!route || route.match.action !== 'ACCEPT') return transport.transferProgress(leg, route ? 403 : 404);
    call.transfer = {
      by,
      transferor: leg,
      request,
      route,
      source,
      transferrer,
      attempt: undefined,
      transferorGone: false,
    };
    this.tryNext(call, undefined);
    if (call.transfer?.attempt) transport.transferProgress(leg, 100);
  }

  /** Whether the leg is the call's transfer attempt (its reports are the transfer's). */
  owns(call: SimulatedCall, leg: TransportLeg): boolean {
    return call.transfer?.attempt?.leg === leg;
  }

  /** Whether the leg is the transferor's while its transfer is under way. */
  transferring(call: SimulatedCall, leg: TransportLeg): boolean {
    return call.transfer?.transferor === leg;
  }

  /** The target's answer: progress to the transferor, the target in its place on 2xx, the next target or the end on a failure. */
  responded(call: SimulatedCall, method: TransactionMethod, status: number, response: Lazy<SipResponse>): void {
    const transfer = call.transfer!;
    const attempt = transfer.attempt!;
    if (method !== 'INVITE' || status === 100) return;
    if (status < 200) {
      if (!transfer.transferorGone) this.context.transport.transferProgress(transfer.transferor, status);
      return;
    }
    const index = attempt.index - 1;
    call.attempts[index] = { ...call.attempts[index]!, sipStatusCode: status };
    if (status < 300) {
      this.context.transport.ack(attempt.leg, () => attempt.dialog.ack(response()));
      return this.complete(call, transfer, attempt, response);
    }
    this.context.untrack(attempt.leg);
    if (failsOver(attempt.target, status)) this.tryNext(call, status);
    else this.failed(call, status);
  }

  /** The transferor's BYE while its transfer is under way: answered; the transferee waits for the target. */
  transferorLeft(call: SimulatedCall, leg: TransportLeg, bye: Lazy<SipRequest>): void {
    const transfer = call.transfer!;
    const ok = transfer.by === 'caller' ? () => call.inboundDialog.confirm(bye()) : () => okTo(bye());
    this.context.transport.confirm(leg, 'BYE', ok);
    transfer.transferorGone = true;
  }

  /**
   * A BYE on a leg no call holds: a transferor's that crossed the gateway's BYE after its transfer is answered 200 all
   * the same (RFC 3261 section 15.1.2); any other is not the transfer's.
   */
  releasedBye(leg: TransportLeg, bye: Lazy<SipRequest>): void {
    if (!this.released.has(leg)) return;
    this.released.delete(leg);
    this.context.transport.confirm(leg, 'BYE', () => okTo(bye()));
  }

  /** The call ends with a transfer under way: its attempt is cancelled (a 2xx crossing the CANCEL is hung up). */
  abandon(call: SimulatedCall): void {
    const attempt = call.transfer?.attempt;
    call.transfer = undefined;
    if (!attempt) return;
    this.abandoned.set(attempt.leg, attempt.dialog);
    this.context.transport.cancel(attempt.leg, () => attempt.dialog.cancel());
  }

  /** A final answer on an abandoned transfer attempt (true: it was one): a 2xx is ACKed and hung up. */
  abandonedAnswer(leg: TransportLeg, method: TransactionMethod, status: number, response: Lazy<SipResponse>): boolean {
    const dialog = this.abandoned.get(leg);
    if (!dialog || method !== 'INVITE' || status < 200) return dialog !== undefined;
    this.abandoned.delete(leg);
    this.context.untrack(leg);
    if (status < 300) {
      this.context.transport.ack(leg, () => dialog.ack(response()));
      this.context.transport.bye(leg, () => dialog.bye(response()));
    }
    return true;
  }

  /** The route's next usable target; none left: the transfer failed with the last status (503 when none was tried). */
  private tryNext(call: SimulatedCall, lastStatus: number | undefined): void {
    const transfer = call.transfer!;
    const targets = transfer.route.match.targets;
    for (let index = (transfer.attempt?.targetIndex ?? -1) + 1; index < targets.length; index += 1) {
      const node = this.context.plan().nodes.get(targets[index]!.destinationNodeId);
      if (node?.enabled) return this.start(call, transfer, index, node);
    }
    this.failed(call, lastStatus ?? 503);
  }

  private start(call: SimulatedCall, transfer: PendingTransfer, targetIndex: number, node: PlanNode): void {
    const { transport, memo } = this.context;
    transfer.attempt = placeAttempt(
      call,
      transfer.route,
      targetIndex,
      node,
      { transport, memo, now: this.context.now() },
      {
        side: transfer.by,
        replaces: transfer.request.replaces,
        transferrer: transfer.transferrer,
      },
    );
    this.context.track(transfer.attempt.leg, call);
  }

  /**
   * The target answered: the transferor hears 200 and is hung up on; the target takes its place in the call, and the
   * transport brings the transferee's media to it (the transferor may have left it on hold).
   */
  private complete(
    call: SimulatedCall,
    transfer: PendingTransfer,
    attempt: CurrentAttempt,
    ok: Lazy<SipResponse>,
  ): void {
    const { transport } = this.context;
    call.transfer = undefined;
    call.transferredLegs.set(attempt.leg, { startAt: attempt.startAt, connectAt: this.context.now() });
    if (!transfer.transferorGone) transport.transferProgress(transfer.transferor, 200);
    this.context.untrack(transfer.transferor);
    if (!transfer.transferorGone) this.released.add(transfer.transferor);
    if (transfer.by === 'called') {
      const replaced = call.attempt!;
      const answer = call.answer!;
      if (!transfer.transferorGone) transport.bye(replaced.leg, () => replaced.dialog.bye(answer()));
      call.attempt = attempt;
      call.answer = ok;
      transport.transferred(call.inbound, attempt.leg);
    } else {
      const dialog = call.inboundDialog;
      if (!transfer.transferorGone) transport.bye(call.inbound, () => dialog.bye());
      call.inbound = attempt.leg;
      call.inboundDialog = new TransferredCaller(attempt.dialog, ok);
      transport.transferred(call.attempt!.leg, attempt.leg);
    }
  }

  /**
   * The transfer failed with `status`: the transferor hears it (RFC 3515 section 2.4.5) and the call goes on as it
   * was; a transferor that already hung up left the transferee to the target, so the call ends (BYE to the transferee).
   */
  private failed(call: SimulatedCall, status: number): void {
    const transfer = call.transfer!;
    const { transport } = this.context;
    call.transfer = undefined;
    if (!transfer.transferorGone) return transport.transferProgress(transfer.transferor, status);
    const attempt = call.attempt!;
    if (transfer.by === 'called') {
      const dialog = call.inboundDialog;
      transport.bye(call.inbound, () => dialog.bye());
    } else {
      const answer = call.answer!;
      transport.bye(attempt.leg, () => attempt.dialog.bye(answer()));
    }
    this.context.move(call, 'terminating');
    this.context.end(call, farEndEnding(status), 'outbound');
  }
}
