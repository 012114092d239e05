import type { CallEnding } from './CallEndings.js';
import { RESCUE_ENDINGS } from './CallEndings.js';
import type { CallState } from './CallState.js';
import type { SessionTransport, TransportLeg, TransportListener } from './SessionTransport.js';
import type { SimulatedCall } from './SimulatedCall.js';
import { OfferRefused } from './SipDialogs.js';

/** How long a call may stay terminating (its BYE or CANCEL sent) before it ends anyway: 64·T1 and some slack. */
export const TEARDOWN_LIMIT_MS = 40_000;

/** How often (lab time) the gateway looks for calls past their limits. */
export const SWEEP_EVERY_MS = 1_000;

/** What the gateway lends the rescue: its transport and the ways it moves and ends calls. */
export interface RescueHands {
  readonly transport: SessionTransport;
  now(): number;
  move(call: SimulatedCall, to: CallState): void;
  end(call: SimulatedCall, ending: CallEnding, side: 'inbound' | 'outbound' | 'gateway'): void;
  /** Told of every failure in a call's handling (the lab's log). */
  failed(error: unknown, sessionIdentifier: string | undefined): void;
}

/**
 * The gateway's safety net: a call whose handling failed is ended on both legs (the caller answered 500, or sent a
 * BYE once connected; the far end cancelled, or sent a BYE once it answered) with a history entry saying so; a call
 * stuck setting up or tearing down past its limit is ended the same way. Every step is taken on its own, so one
 * that fails again does not keep the others from happening.
 */
export class CallRescue {
  /** The lab time of the last sweep. */
  private swept = Number.NEGATIVE_INFINITY;

  constructor(private readonly hands: RescueHands) {}

  /**
   * Ends the calls that made no progress within their limits (at most once a second of lab time): a call still
   * setting up after the transport's setup limit is cancelled toward its far end and answered 408 (Timer C, RFC
   * 3261 section 16.6 step 11); a call still terminating TEARDOWN_LIMIT_MS after its BYE or CANCEL ends anyway.
   */
  sweep(calls: Iterable<SimulatedCall>, rescuer: Rescuer): void {
    const now = this.hands.now();
    if (now - this.swept < SWEEP_EVERY_MS) return;
    this.swept = now;
    for (const call of [...calls]) {
      const limit = this.stalled(call, now);
      if (limit === 'setup') guard(rescuer, call.inbound, () => this.setupExpired(call));
      else if (limit === 'teardown') guard(rescuer, call.inbound, () => this.teardownExpired(call));
    }
  }

  /** Which limit the call is past at `now`, if any. */
  stalled(call: SimulatedCall, now: number): 'setup' | 'teardown' | undefined {
    if (call.state === 'trying' || call.state === 'early') {
      const limit = this.setupLimitMs(call);
      return limit !== undefined && now - call.startAt >= limit ? 'setup' : undefined;
    }
    if (call.state === 'terminating' && call.terminatingAt !== undefined)
      return now - call.terminatingAt >= TEARDOWN_LIMIT_MS ? 'teardown' : undefined;
    return undefined;
  }

  /** Timer C (RFC 3261 section 16.6 step 11): the attempt is cancelled; its 487 ends the call with a 408 to the caller. */
  setupExpired(call: SimulatedCall): void {
    const attempt = call.attempt;
    const ending = RESCUE_ENDINGS.setupTimeout;
    this.hands.move(call, 'terminating');
    call.cancelling = ending;
    call.cancelSide = 'gateway';
    if (attempt) this.hands.transport.cancel(attempt.leg, () => attempt.dialog.cancel());
    else this.finish(call, ending);
  }

  /** A call that stayed terminating too long (no 487 to a CANCEL, no 200 to a BYE): it ends now. */
  teardownExpired(call: SimulatedCall): void {
    const ending = call.connectAt === undefined ? (call.cancelling ?? RESCUE_ENDINGS.setupTimeout) : undefined;
    this.finish(call, ending ?? RESCUE_ENDINGS.teardownTimeout);
  }

  /** The handling of the call failed: both legs are ended and the call with them. */
  abort(call: SimulatedCall, error: unknown): void {
    // an offer the simulator cannot answer is an outcome (488), not a failure of the gateway
    if (error instanceof OfferRefused) {
      this.finish(call, RESCUE_ENDINGS.offerRefused);
      return;
    }
    this.hands.failed(error, call.sessionIdentifier);
    this.finish(call, RESCUE_ENDINGS.handlingFailed);
  }

  /** A leg whose call the gateway does not hold (its arrival failed): the transport lets it go. */
  releaseLeg(leg: TransportLeg, error: unknown): void {
    this.hands.failed(error, leg.sessionIdentifier || undefined);
    this.safely(leg.sessionIdentifier, () => this.hands.transport.release(leg));
  }

  /**
   * Ends both legs as far as they got, then the call with `ending`, then lets the transport drop the legs. A
   * connected call already terminating sent its BYEs; a call already cancelling sent its CANCEL.
   */
  private finish(call: SimulatedCall, ending: CallEnding): void {
    const { transport } = this.hands;
    const id = call.sessionIdentifier;
    const attempt = call.attempt;
    const answer = call.answer;
    const connected = call.connectAt !== undefined;
    const tearingDown = call.state === 'terminating';
    if (attempt && answer && !(connected && tearingDown))
      this.safely(id, () => transport.bye(attempt.leg, () => attempt.dialog.bye(answer())));
    else if (attempt && !answer && !tearingDown)
      this.safely(id, () => transport.cancel(attempt.leg, () => attempt.dialog.cancel()));
    if (!connected) {
      const status = ending.sipStatusCode;
      this.safely(id, () => transport.respond(call.inbound, status, () => call.inboundDialog.respond(status)));
    } else if (!tearingDown) this.safely(id, () => transport.bye(call.inbound, () => call.inboundDialog.bye()));
    this.safely(id, () => this.hands.end(call, ending, 'gateway'));
    if (attempt) this.safely(id, () => transport.release(attempt.leg));
    this.safely(id, () => transport.release(call.inbound));
  }

  /** The shortest setup limit of the call's legs' transports (none for legs whose far ends are modelled). */
  private setupLimitMs(call: SimulatedCall): number | undefined {
    const limits = [call.inbound, call.attempt?.leg]
      .map((leg) => (leg ? this.hands.transport.setupLimitMs(leg) : undefined))
      .filter((limit): limit is number => limit !== undefined);
    return limits.length > 0 ? Math.min(...limits) : undefined;
  }

  private safely(sessionIdentifier: string, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.hands.failed(error, sessionIdentifier || undefined);
    }
  }
}

/** What can end the call of a leg whose handling failed (the gateway). */
export interface Rescuer {
  rescueAfter(leg: TransportLeg, error: unknown): void;
  /** A message of the leg could not be recorded: it is left out of the history, and the failure reported. */
  recordFailed(leg: TransportLeg, error: unknown): void;
}

/** Runs `run` for the leg; a failure in it ends the leg's call alone (the rescuer's job), and nothing else. */
export function guard(rescuer: Rescuer, leg: TransportLeg, run: () => void): void {
  try {
    run();
  } catch (error) {
    rescuer.rescueAfter(leg, error);
  }
}

/**
 * The gateway as the transport reports to it: each report runs guarded, so that whatever fails in one call's
 * handling ends that call on both legs, with a 500 (or a BYE once connected) and a history entry, and other calls
 * go on.
 */
export function guarded(gateway: TransportListener & Rescuer): TransportListener {
  return {
    wire: (leg, record) => {
      try {
        gateway.wire(leg, record);
      } catch (error) {
        gateway.recordFailed(leg, error);
      }
    },
    callArrived: (arrival) => guard(gateway, arrival.leg, () => gateway.callArrived(arrival)),
    responded: (leg, method, status, response) =>
      guard(gateway, leg, () => gateway.responded(leg, method, status, response)),
    cancelled: (leg, cancel, cause) => guard(gateway, leg, () => gateway.cancelled(leg, cancel, cause)),
    byeReceived: (leg, bye) => guard(gateway, leg, () => gateway.byeReceived(leg, bye)),
    timedOut: (leg) => guard(gateway, leg, () => gateway.timedOut(leg)),
    mediaMeasured: (leg, media) => guard(gateway, leg, () => gateway.mediaMeasured(leg, media)),
    transferRequested: (leg, request) => guard(gateway, leg, () => gateway.transferRequested(leg, request)),
  };
}
