import type { PlanNode, PlannedRoute, TargetMatch } from '../../../configuration/index.js';
import type { OutboundAttempt } from '../../../monitoring/index.js';
import type { CallEnding } from './CallEndings.js';
import type { CallState } from './CallState.js';
import type { SipRequest, SipResponse } from '@gwsim/sip';
import type { PendingTransfer } from './CallTransfer.js';
import type { TransportLeg } from './SessionTransport.js';
import type { Lazy, UacDialog } from './SipDialogs.js';
import type { SimulatedCodec } from './TrafficProfile.js';

/** The dial strings of one side of a call. */
export interface CallNumbers {
  readonly source: string;
  readonly destination: string;
  /** The calling party's display name as the caller gave it (From's display name), passed on as it came. */
  readonly sourceName?: string;
}

/** The outbound attempt in progress: its target, node and the dial strings it was sent with. */
export interface CurrentAttempt {
  /** The leg's index (1 for the first attempt). */
  readonly index: number;
  readonly leg: TransportLeg;
  /** The gateway's side of the outbound dialog (it calls). */
  readonly dialog: UacDialog;
  readonly targetIndex: number;
  readonly target: TargetMatch;
  readonly node: PlanNode;
  readonly numbers: CallNumbers;
  readonly startAt: number;
}

/** The gateway's side of the caller's dialog: the called side of it (UasDialog), or a transfer target's (CallTransfer). */
export interface CallerDialog {
  /** The 200 to the caller's INVITE. */
  readonly ok: Lazy<SipResponse>;
  /** A response to the caller's INVITE. */
  respond(status: number): SipResponse;
  /** 200 to the caller's CANCEL or BYE. */
  confirm(request: SipRequest): SipResponse;
  /** The gateway's BYE to the caller. */
  bye(): SipRequest;
}

/**
 * One call the gateway carries. It holds little: ids, times (ms since the epoch), the nodes and dial strings,
 * its legs and the gateway's side of their dialogs (whose messages are built only when needed), counters; RTP
 * counters are computed from the times when read.
 */
export class SimulatedCall {
  state: CallState = 'trying';
  attempt: CurrentAttempt | undefined;
  readonly attempts: OutboundAttempt[] = [];
  connectAt: number | undefined;
  /**
   * The legs a transfer brought in (the target's, in the place of the transferor's), with their own start and
   * answer times: the call's connectAt is the first answer, before they existed.
   */
  readonly transferredLegs = new Map<TransportLeg, { readonly startAt: number; readonly connectAt: number }>();
  /** The far end's 200 OK of the attempt that answered (the gateway's BYE on that leg is built in its dialog). */
  answer: Lazy<SipResponse> | undefined;
  /** The caller CANCELled; the call ends with this ending when the attempt's 487 is relayed. */
  cancelling: CallEnding | undefined;
  /** Who cancelled: the caller (its CANCEL), or the gateway (a setup limit). */
  cancelSide: 'inbound' | 'gateway' | undefined;
  /** When the call started terminating (its BYE or CANCEL sent): the teardown limit counts from it. */
  terminatingAt: number | undefined;
  /** Which side's BYE ends the connected call (the other leg's 200 to the relayed BYE ends it). */
  hangingUp: 'inbound' | 'outbound' | undefined;
  endAt: number | undefined;
  /** A transfer the gateway is carrying out for the call (CallTransfer). */
  transfer: PendingTransfer | undefined;
  /** The party whose transfer this call carries out (the caller's Referred-By, RFC 3892), when it is one. */
  transferrer: string | undefined;
  /** The dialog the caller's INVITE replaces (RFC 3891), passed on to the called party. */
  replaces: string | undefined;
  /** Mute spans (ms since the epoch); the last one open while muted. */
  readonly muted: [number, number | undefined][] = [];

  constructor(
    readonly ordinal: number,
    readonly sessionIdentifier: string,
    readonly seed: number,
    readonly systemIdentifier: string,
    readonly startAt: number,
    readonly source: PlanNode,
    /** As the call arrived, and after the source node's incoming rewriting. */
    readonly arrived: CallNumbers,
    readonly incoming: CallNumbers,
    readonly codec: SimulatedCodec,
    readonly recorded: boolean,
    /** The media's loss and jitter (as the call arrived; a measurement on the answered leg may change them). */
    public lossPercent: number,
    public jitterMs: number,
    readonly route: PlannedRoute | undefined,
    /** The caller's leg and the gateway's side of its dialog (it is called; a transfer the caller made replaces both). */
    public inbound: TransportLeg,
    public inboundDialog: CallerDialog,
  ) {}

  get live(): boolean {
    return this.state !== 'terminated';
  }

  get isMuted(): boolean {
    const last = this.muted[this.muted.length - 1];
    return last !== undefined && last[1] === undefined;
  }

  mute(on: boolean, at: number): void {
    if (on && !this.isMuted) this.muted.push([at, undefined]);
    if (!on && this.isMuted) this.muted[this.muted.length - 1]![1] = at;
  }
}
