import type { SipRequest, SipResponse } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../configuration/index.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { historyEntry, incomingNumbers } from './CallHistory.js';
import { CallMessages } from './CallMessages.js';
import { failsOver, farEndEnding, GATE_ENDINGS, OUTCOME_ENDINGS } from './CallEndings.js';
import type { CallEnding, EndingSide, Gate } from './CallEndings.js';
import type { CallRecorder, GateSnapshot } from './CallRecorder.js';
import { gateFor } from './gateFor.js';
import type { MediaQualityFigures } from './MediaQuality.js';
import { CALL_STATE_MACHINE, type CallState } from './CallState.js';
import { CallRescue } from './CallRescue.js';
import { CallHangups } from './CallHangups.js';
import { CallTransfer } from './CallTransfer.js';
import { placeAttempt } from './placeAttempt.js';
import { mix, streamFor, uuidOf } from './Randomness.js';
import { recordingOf } from './recordingOf.js';
import type {
  Arrival,
  SessionTransport,
  TransactionMethod,
  TransferRequest,
  TransportLeg,
  TransportListener,
  WireRecord,
} from './SessionTransport.js';
import { SimulatedCall, type CallNumbers } from './SimulatedCall.js';
import { farEnd, gatewaySide, redirectedTo, StepMemo, UasDialog, type Lazy } from './SipDialogs.js';
import { noTraffic, type TrafficCounters } from './TrafficCounters.js';

/**
 * The gateway: a back-to-back user agent. It takes the calls the transport reports, puts them through the gates
 * (active side, maintenance mode, licensed capacity) and the committed plan (route, REJECT/IGNORE, targets in
 * order, failover on the configured statuses), relays between the inbound leg and the outbound attempt, moves
 * each call through its state machine and hands the finished call, its messages and its recording to the
 * recorder. It draws nothing: what the callers and far ends do comes from the transport, when it happens.
 */
export class B2bua implements TransportListener {
  private readonly liveCalls = new Map<string, SimulatedCall>();
  /** The legs of the calls in progress (the inbound one and the current attempt's). */
  private readonly byLeg = new Map<TransportLeg, SimulatedCall>();
  private ordinal = 0;
  private routedLive = 0;
  private readonly messages: CallMessages;
  private readonly memo = new StepMemo();
  private readonly rescue: CallRescue;
  private readonly transfers: CallTransfer;
  private readonly hangups: CallHangups;
  readonly counters: TrafficCounters = noTraffic();

  constructor(
    readonly lab: LabId,
    private plan: GatewayPlan,
    private gates: GateSnapshot,
    private readonly recorder: CallRecorder,
    private readonly transport: SessionTransport,
    /** The simulated instant now, ms since the epoch. */
    private readonly now: () => number,
    /** Told of every failure in a call's handling (the call itself is ended). */
    private readonly failed: (error: unknown, sessionIdentifier: string | undefined) => void = () => undefined,
  ) {
    this.messages = new CallMessages(recorder);
    this.rescue = new CallRescue({
      transport,
      now,
      move: (call, to) => this.move(call, to),
      end: (call, ending, side) => this.end(call, ending, side),
      failed,
    });
    this.transfers = new CallTransfer({
      transport,
      memo: this.memo,
      plan: () => this.plan,
      now,
      track: (leg, call) => this.byLeg.set(leg, call),
      untrack: (leg) => this.byLeg.delete(leg),
      move: (call, to) => this.move(call, to),
      end: (call, ending, side) => this.end(call, ending, side),
    });
    this.hangups = new CallHangups({
      transport,
      transfers: this.transfers,
      move: (call, to) => this.move(call, to),
      end: (call, ending, side) => this.end(call, ending, side),
      fail: (call, status, response) => this.fail(call, status, response),
    });
  }

  /** Sessions the gateway carries now: routed calls in any state but terminated (what licensed capacity counts). */
  get activeCount(): number {
    return this.routedLive;
  }

  /** The calls in progress: the routed ones and those of an IGNORE route waiting for the caller's timeout. */
  calls(): IterableIterator<SimulatedCall> {
    return this.liveCalls.values();
  }

  call(sessionIdentifier: string): SimulatedCall | undefined {
    return this.liveCalls.get(sessionIdentifier);
  }

  usePlan(plan: GatewayPlan): void {
    this.plan = plan;
  }

  useGates(gates: GateSnapshot): void {
    this.gates = gates;
  }

  /** Ends a step: hands the messages gathered in it to the recorder, in time order (one batch per step). */
  flush(): void {
    this.memo.forget();
    this.messages.flush();
  }

  // ---- what the transport reports -------------------------------------------------------------------------

  wire(leg: TransportLeg, record: WireRecord): void {
    this.messages.wire(leg, record, this.gates.systemIdentifier);
  }

  /** Ends the calls past their limits (CallRescue.sweep). */
  sweep(): void {
    this.rescue.sweep(this.liveCalls.values(), this);
  }

  recordFailed(leg: TransportLeg, error: unknown): void {
    this.failed(error, leg.sessionIdentifier || undefined);
  }

  /** What was done about a leg failed: its call is ended on both legs (or the leg let go, if no call holds it). */
  rescueAfter(leg: TransportLeg, error: unknown): void {
    const call = this.byLeg.get(leg);
    if (call?.live) this.rescue.abort(call, error);
    else this.rescue.releaseLeg(leg, error);
  }

  callArrived(arrival: Arrival): void {
    const at = this.now();
    const { leg, seed } = arrival;
    const node = leg.node;
    const sessionIdentifier = uuidOf(streamFor(seed, 'session').bytes(16));
    leg.name(sessionIdentifier);
    this.messages.named(leg, this.gates.systemIdentifier);
    const { source, destination, sourceName } = arrival;
    const arrived: CallNumbers =
      sourceName === undefined ? { source, destination } : { source, destination, sourceName };
    const incoming = incomingNumbers(node, arrived);
    const { transferrer, replaces } = arrival;
    const { gate, route } = gateFor(this.gates, this.plan, this.routedLive, { node, incoming, seed, transferrer });
    const dialog = new UasDialog(
      { transport: node.local.transport, local: gatewaySide(node), remote: farEnd(node), seed: mix(seed, 'leg', 0) },
      arrival.invite,
      arrival.codec,
      this.memo,
    );
    // prettier-ignore
    const call = new SimulatedCall(
      this.ordinal++, sessionIdentifier, seed, this.gates.systemIdentifier, at, node, arrived, incoming,
      arrival.codec, arrival.recorded, arrival.media.lossPercent, arrival.media.jitterMs, route, leg, dialog,
    );
    call.transferrer = transferrer;
    call.replaces = replaces;
    this.admit(call, gate);
  }

  /** The arrived call put through its gate: left to the caller's timeout (IGNORE), refused, or routed. */
  private admit(call: SimulatedCall, gate: Gate | undefined): void {
    const leg = call.inbound;
    this.counters.started += 1;
    if (gate === 'routeIgnores') {
      // no answer at all: the caller's INVITE transaction times out (the transport reports it)
      this.liveCalls.set(call.sessionIdentifier, call);
      this.byLeg.set(leg, call);
      this.counters.refusedBy.routeIgnores += 1;
      return;
    }
    this.transport.respond(leg, 100, () => call.inboundDialog.respond(100));
    if (gate !== undefined) {
      this.counters.refusedBy[gate] += 1;
      this.refuse(call, GATE_ENDINGS[gate], 'gateway');
      return;
    }
    this.liveCalls.set(call.sessionIdentifier, call);
    this.byLeg.set(leg, call);
    this.routedLive += 1;
    this.tryNextTarget(call, undefined);
  }

  responded(leg: TransportLeg, method: TransactionMethod, status: number, response: Lazy<SipResponse>): void {
    if (this.transfers.abandonedAnswer(leg, method, status, response)) return;
    const call = this.byLeg.get(leg);
    if (!call?.live) return;
    if (this.transfers.owns(call, leg)) return this.transfers.responded(call, method, status, response);
    if (method === 'BYE') {
      // the other side's 200 to the BYE the gateway relayed ends the call
      if (call.hangingUp !== undefined && leg === (call.hangingUp === 'inbound' ? call.attempt?.leg : call.inbound))
        this.end(call, OUTCOME_ENDINGS.answered, call.hangingUp);
      return;
    }
    if (method === 'CANCEL' || leg !== call.attempt?.leg) return;
    if (status < 200) {
      if (status > 100) this.ring(call, status);
    } else if (status < 300) {
      this.answer(call, response);
    } else {
      this.fail(call, status, response);
    }
  }

  cancelled(leg: TransportLeg, cancel: Lazy<SipRequest>, q850Cause: number | undefined): void {
    const call = this.byLeg.get(leg);
    if (!call?.live || leg !== call.inbound) return;
    this.transport.confirm(leg, 'CANCEL', () => call.inboundDialog.confirm(cancel()));
    if (call.state !== 'trying' && call.state !== 'early') return;
    const ending =
      q850Cause === OUTCOME_ENDINGS.noAnswer.q850Cause ? OUTCOME_ENDINGS.noAnswer : OUTCOME_ENDINGS.cancelled;
    this.move(call, 'terminating');
    call.cancelling = ending;
    call.cancelSide = 'inbound';
    const attempt = call.attempt;
    if (attempt) this.transport.cancel(attempt.leg, () => attempt.dialog.cancel());
    else this.refuse(call, ending, 'inbound');
  }

  byeReceived(leg: TransportLeg, bye: Lazy<SipRequest>): void {
    const call = this.byLeg.get(leg);
    if (call?.live) this.hangups.byeReceived(call, leg, bye);
    else if (!call) this.transfers.releasedBye(leg, bye);
  }

  mediaMeasured(leg: TransportLeg, media: MediaQualityFigures): void {
    const call = this.byLeg.get(leg);
    if (!call?.live || leg !== call.attempt?.leg) return;
    call.lossPercent = media.lossPercent;
    call.jitterMs = media.jitterMs;
  }

  transferRequested(leg: TransportLeg, request: TransferRequest): void {
    const call = this.byLeg.get(leg);
    if (call?.live && (leg === call.inbound || leg === call.attempt?.leg)) this.transfers.requested(call, leg, request);
    else this.transport.answerTransfer(leg, 481);
  }

  timedOut(leg: TransportLeg): void {
    const call = this.byLeg.get(leg);
    if (call?.live) this.hangups.timedOut(call, leg);
  }

  // ---- refusing, targets, relaying -----------------------------------------------------------------------------

  /** The gateway answers the caller with the ending's status (the caller's ACK follows); the call ends. */
  /** The caller's final answer; a redirect passed back carries the far end's Contacts (RFC 3261 section 21.3). */
  private refuse(call: SimulatedCall, ending: CallEnding, side: EndingSide, redirect?: Lazy<SipResponse>): void {
    const code = ending.sipStatusCode;
    this.transport.respond(call.inbound, code, () => redirectedTo(call.inboundDialog.respond(code), redirect?.()));
    this.end(call, ending, side);
  }

  /** The next usable target (a present, enabled node); none left: the last failure, or 503 (cause 38), to the caller. */
  private tryNextTarget(call: SimulatedCall, lastFailure: CallEnding | undefined): void {
    const targets = call.route!.match.targets;
    for (let index = (call.attempt?.targetIndex ?? -1) + 1; index < targets.length; index += 1) {
      const node = this.plan.nodes.get(targets[index]!.destinationNodeId);
      if (!node || !node.enabled) continue;
      this.startAttempt(call, index, node);
      return;
    }
    if (!lastFailure) this.counters.refusedBy.noUsableTarget += 1;
    this.refuse(call, lastFailure ?? GATE_ENDINGS.noUsableTarget, lastFailure ? 'outbound' : 'gateway');
  }

  private startAttempt(call: SimulatedCall, targetIndex: number, node: PlanNode): void {
    if (call.attempt) this.byLeg.delete(call.attempt.leg);
    if (call.state === 'early') this.move(call, 'trying');
    const context = { transport: this.transport, memo: this.memo, now: this.now() };
    const { transferrer, replaces, arrived } = call;
    call.attempt = placeAttempt(call, call.route!, targetIndex, node, context, {
      transferrer,
      replaces,
      sourceName: arrived.sourceName,
    });
    this.byLeg.set(call.attempt.leg, call);
  }

  /** A far end rings (18x): relayed to the caller. */
  private ring(call: SimulatedCall, status: number): void {
    if (call.state !== 'trying' && call.state !== 'early') return;
    this.transport.respond(call.inbound, status, () => call.inboundDialog.respond(status));
    this.move(call, 'early');
  }

  /** A far end answers: ACK it and relay the answer to the caller. */
  private answer(call: SimulatedCall, ok: Lazy<SipResponse>): void {
    const attempt = call.attempt!;
    this.transport.ack(attempt.leg, () => attempt.dialog.ack(ok()));
    this.setStatus(call, 200);
    call.answer = ok;
    if (call.cancelling) {
      // the answer crossed the caller's CANCEL: the far end is hung up on and the caller gets its 487
      this.transport.bye(attempt.leg, () => attempt.dialog.bye(ok()));
      this.refuse(call, call.cancelling, call.cancelSide ?? 'inbound');
      return;
    }
    if (call.state !== 'trying' && call.state !== 'early') return;
    this.transport.respond(call.inbound, 200, call.inboundDialog.ok);
    call.connectAt = this.now();
    this.move(call, 'connected');
  }

  /** A far end fails: ACK it, then fail over on a status the target names, or relay the failure (487 after a CANCEL). */
  private fail(call: SimulatedCall, status: number, response: Lazy<SipResponse>): void {
    const attempt = call.attempt!;
    this.transport.ack(attempt.leg, () => attempt.dialog.ack(response()));
    this.setStatus(call, status);
    if (call.cancelling) {
      this.refuse(call, call.cancelling, call.cancelSide ?? 'inbound');
      return;
    }
    const ending = farEndEnding(status);
    if (failsOver(attempt.target, status)) this.tryNextTarget(call, ending);
    else this.refuse(call, ending, 'outbound', status < 400 ? response : undefined);
  }

  private setStatus(call: SimulatedCall, sipStatusCode: number): void {
    call.attempts[call.attempts.length - 1] = { ...call.attempts[call.attempts.length - 1]!, sipStatusCode };
  }

  // ---- ending ----------------------------------------------------------------------------------------------

  private move(call: SimulatedCall, to: CallState): void {
    if (call.state === to) return;
    call.state = CALL_STATE_MACHINE.transition(call.state, to);
    if (to === 'terminating') call.terminatingAt = this.now();
  }

  private end(call: SimulatedCall, ending: CallEnding, side: EndingSide): void {
    const at = this.now();
    if (this.liveCalls.delete(call.sessionIdentifier) && call.route?.match.action === 'ACCEPT') this.routedLive -= 1;
    this.byLeg.delete(call.inbound);
    if (call.attempt) this.byLeg.delete(call.attempt.leg);
    if (call.transfer) {
      this.byLeg.delete(call.transfer.transferor);
      this.transfers.abandon(call);
    }
    call.endAt = at;
    this.move(call, 'terminated');
    call.mute(false, at);
    this.counters.ended += 1;
    this.counters.byResult[ending.result] += 1;
    const recording = recordingOf(call, at);
    this.recorder.call(historyEntry(call, ending, side, recording?.recordingId));
    if (recording !== undefined) this.recorder.recording(recording);
  }
}
