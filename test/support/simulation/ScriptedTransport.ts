import type { SipRequest, SipResponse } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../src/contexts/configuration/index.js';
import type { Scheduler } from '../../../src/contexts/simulation/calls/domain/Scheduler.js';
import {
  SessionTransport,
  TransportLeg,
  type Offer,
  type TransferAnswer,
  type TransportListener,
} from '../../../src/contexts/simulation/calls/domain/SessionTransport.js';
import {
  farEnd,
  gatewaySide,
  okTo,
  StepMemo,
  UacDialog,
  UasDialog,
  type Lazy,
} from '../../../src/contexts/simulation/calls/domain/SipDialogs.js';
import type { SimulatedCodec, TrafficProfile } from '../../../src/contexts/simulation/calls/domain/TrafficProfile.js';

/** What the far end behind a node does with each INVITE it gets: responses after the INVITE, a BYE after its 200. */
export interface FarEndScript {
  readonly responses: readonly { readonly afterMs: number; readonly status: number }[];
  readonly byeAfterMs?: number;
  /** The far end answers a CANCEL 200 but never ends its INVITE with 487. */
  readonly ignoresCancel?: boolean;
  /** After its 200, the far end asks for a transfer (a REFER) to this dial string… */
  readonly referTo?: string;
  /** …this long after its 200. */
  readonly referAfterMs?: number;
}

/** What a scripted caller does: its call, when it CANCELs (with a Q.850 cause), when it hangs up after the answer. */
export interface CallerScript {
  readonly atMs: number;
  readonly nodeId: string;
  readonly source: string;
  readonly destination: string;
  readonly codec?: SimulatedCodec;
  readonly recorded?: boolean;
  readonly cancelAfterMs?: number;
  readonly cancelCause?: number;
  readonly byeAfterMs?: number;
  /** The caller's INVITE transaction gives up after this long without any response (Timer B). */
  readonly timeoutMs?: number;
  /** The INVITE's body instead of the caller's SDP offer ('' for none: a late offer). */
  readonly body?: string;
  /** The caller leaves Contact out of its INVITE (as RFC 2543 callers may). */
  readonly withoutContact?: boolean;
  /** The display name of the caller's From. */
  readonly sourceName?: string;
  /** The number the gateway's ids for the call come from (7 by default: give calls at once their own). */
  readonly seed?: number;
  /** Once answered, the caller asks for a transfer (a REFER) to this dial string… */
  readonly referTo?: string;
  /** …this long after the answer. */
  readonly referAfterMs?: number;
}

/** One thing the gateway asked the transport to do, as the test reads it back. */
export interface Command {
  readonly at: number;
  readonly what:
    'invite' | 'respond' | 'ack' | 'cancel' | 'bye' | 'confirm' | 'release' | 'refer' | 'notify' | 'transferred';
  readonly leg: number;
  readonly node: string;
  readonly status?: number;
  readonly method?: string;
  /** The other leg the command names (a transfer's target). */
  readonly other?: number;
}

class ScriptedLeg extends TransportLeg {
  final = false;
  heard = false;
  ok: Lazy<SipResponse> | undefined;
  farEnd: UasDialog | undefined;
  caller: UacDialog | undefined;
  script: CallerScript | undefined;
}

/**
 * A hand-written SessionTransport for tests: no profile, no randomness. Calls arrive when the test says, far ends
 * answer as their node's script says, every message is built with the dialog builders and reported on the wire at
 * the instant it happens. It logs every command of the gateway, so a test reads what the gateway decided.
 */
export class ScriptedTransport extends SessionTransport {
  readonly commands: Command[] = [];
  private listener: TransportListener | undefined;
  private readonly memo = new StepMemo();
  private started: TrafficProfile | undefined;
  private plan: GatewayPlan | undefined;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly farEnds: Readonly<Record<string, FarEndScript>>,
    callers: readonly CallerScript[],
    /** The setup limit the transport gives every call (none by default). */
    private readonly setupLimit?: number,
  ) {
    super();
    for (const caller of callers) this.scheduler.at(this.scheduler.now() + caller.atMs, () => this.arrive(caller));
  }

  get running(): boolean {
    return false;
  }

  get profile(): TrafficProfile | undefined {
    return this.started;
  }

  connect(listener: TransportListener): void {
    this.listener = listener;
  }

  usePlan(plan: GatewayPlan): void {
    this.plan = plan;
  }

  start(profile: TrafficProfile): void {
    this.started = profile;
  }

  stop(): void {
    this.started = undefined;
  }

  private arrive(script: CallerScript): void {
    const node = this.node(script.nodeId);
    const codec = script.codec ?? 'PCMA';
    const leg = new ScriptedLeg(0, node);
    leg.script = script;
    leg.caller = new UacDialog(
      { transport: 'UDP', local: farEnd(node), remote: gatewaySide(node), seed: 1 },
      { fromUser: script.source, toUser: script.destination, codec },
      this.memo,
    );
    const built = leg.caller.invite;
    const invite = (): SipRequest => {
      const message = built();
      const headers = script.withoutContact ? message.headers.filter((h) => h.name !== 'Contact') : message.headers;
      return { ...message, headers, body: script.body ?? message.body };
    };
    this.received(leg, invite);
    this.listener!.callArrived({
      leg,
      source: script.source,
      destination: script.destination,
      ...(script.sourceName === undefined ? {} : { sourceName: script.sourceName }),
      codec,
      recorded: script.recorded ?? false,
      seed: script.seed ?? 7,
      invite,
      media: { lossPercent: 1, jitterMs: 5 },
    });
    if (script.cancelAfterMs !== undefined) {
      this.later(script.cancelAfterMs, () => {
        if (leg.final) return;
        const cancel = () =>
          leg.caller!.cancel(
            script.cancelCause === undefined ? undefined : { q850: script.cancelCause, text: 'scripted' },
          );
        this.received(leg, cancel);
        this.listener!.cancelled(leg, cancel, script.cancelCause);
      });
    }
    if (script.timeoutMs !== undefined)
      this.later(script.timeoutMs, () => {
        if (!leg.heard) this.listener!.timedOut(leg);
      });
  }

  respond(leg: TransportLeg, status: number, response: Lazy<SipResponse>): void {
    const caller = this.own(leg);
    // built before it is sent, as a transport on the wire builds it
    response();
    this.log('respond', caller, { status });
    this.sent(caller, response);
    caller.heard = true;
    if (status < 200 || caller.final) return;
    caller.final = true;
    this.later(1, () => this.received(caller, () => caller.caller!.ack(response())));
    if (status < 300) {
      caller.ok = response;
      const destination = caller.script?.referTo;
      if (destination !== undefined)
        this.later(caller.script?.referAfterMs ?? 0, () =>
          this.listener!.transferRequested(caller, { destination, replaces: undefined, relayable: false }),
        );
      const after = caller.script?.byeAfterMs;
      if (after !== undefined) {
        this.later(after, () => {
          const bye = () => caller.caller!.bye(response());
          this.received(caller, bye);
          this.listener!.byeReceived(caller, bye);
        });
      }
    }
  }

  invite(offer: Offer): TransportLeg {
    const leg = new ScriptedLeg(offer.index, offer.node, offer.sessionIdentifier);
    leg.farEnd = new UasDialog(
      { transport: 'UDP', local: farEnd(offer.node), remote: gatewaySide(offer.node), seed: 100 + offer.index },
      offer.invite,
      offer.codec,
      this.memo,
    );
    this.log('invite', leg, {});
    this.sent(leg, offer.invite);
    const script = this.farEnds[offer.node.id] ?? { responses: [] };
    for (const { afterMs, status } of script.responses) {
      this.later(afterMs, () => {
        if (leg.final) return;
        if (status >= 200) leg.final = true;
        const response = () => leg.farEnd!.respond(status);
        this.received(leg, response);
        this.listener!.responded(leg, 'INVITE', status, response);
        if (status === 200 && script.referTo !== undefined && leg.index === 1) {
          const destination = script.referTo;
          this.later(script.referAfterMs ?? 0, () =>
            this.listener!.transferRequested(leg, { destination, replaces: undefined, relayable: false }),
          );
        }
        if (status === 200 && script.byeAfterMs !== undefined) {
          this.later(script.byeAfterMs, () => {
            const bye = () => leg.farEnd!.bye();
            this.received(leg, bye);
            this.listener!.byeReceived(leg, bye);
          });
        }
      });
    }
    return leg;
  }

  ack(leg: TransportLeg, ack: Lazy<SipRequest>): void {
    this.log('ack', this.own(leg), {});
    this.sent(this.own(leg), ack);
  }

  cancel(leg: TransportLeg, cancel: Lazy<SipRequest>): void {
    const far = this.own(leg);
    this.log('cancel', far, {});
    this.sent(far, cancel);
    this.later(1, () => {
      const ok = () => far.farEnd!.confirm(cancel());
      this.received(far, ok);
      this.listener!.responded(far, 'CANCEL', 200, ok);
    });
    this.later(2, () => {
      if (far.final || this.farEnds[far.node.id]?.ignoresCancel) return;
      far.final = true;
      const terminated = () => far.farEnd!.respond(487);
      this.received(far, terminated);
      this.listener!.responded(far, 'INVITE', 487, terminated);
    });
  }

  bye(leg: TransportLeg, bye: Lazy<SipRequest>): void {
    const own = this.own(leg);
    this.log('bye', own, {});
    this.sent(own, bye);
    this.later(1, () => {
      const ok = () => (own.farEnd ? own.farEnd.confirm(bye()) : okTo(bye()));
      this.received(own, ok);
      this.listener!.responded(own, 'BYE', 200, ok);
    });
  }

  confirm(leg: TransportLeg, method: 'CANCEL' | 'BYE', ok: Lazy<SipResponse>): void {
    this.log('confirm', this.own(leg), { method });
    this.sent(this.own(leg), ok);
  }

  override answerTransfer(leg: TransportLeg, answer: TransferAnswer): void {
    this.log('refer', this.own(leg), answer === 'relay' ? { method: 'relay' } : { status: answer });
  }

  override transferProgress(leg: TransportLeg, status: number): void {
    this.log('notify', this.own(leg), { status });
  }

  override transferred(transferee: TransportLeg, target: TransportLeg): void {
    this.log('transferred', this.own(transferee), { other: target.index });
  }

  override release(leg: TransportLeg): void {
    this.log('release', this.own(leg), {});
  }

  override setupLimitMs(_leg: TransportLeg): number | undefined {
    return this.setupLimit;
  }

  private later(ms: number, action: () => void): void {
    this.scheduler.at(this.scheduler.now() + ms, action);
  }

  private received(leg: TransportLeg, message: Lazy<SipRequest | SipResponse>): void {
    this.listener!.wire(leg, {
      at: this.scheduler.now(),
      sent: false,
      source: farEnd(leg.node),
      destination: gatewaySide(leg.node),
      message,
    });
  }

  private sent(leg: TransportLeg, message: Lazy<SipRequest | SipResponse>): void {
    this.listener!.wire(leg, {
      at: this.scheduler.now(),
      sent: true,
      source: gatewaySide(leg.node),
      destination: farEnd(leg.node),
      message,
    });
  }

  private log(
    what: Command['what'],
    leg: TransportLeg,
    extra: { status?: number; method?: string; other?: number },
  ): void {
    this.commands.push({ at: this.scheduler.now(), what, leg: leg.index, node: leg.node.id, ...extra });
  }

  private own(leg: TransportLeg): ScriptedLeg {
    if (!(leg instanceof ScriptedLeg)) throw new Error('not a leg of this transport');
    return leg;
  }

  private node(id: string): PlanNode {
    const node = this.plan?.nodes.get(id);
    if (!node) throw new Error(`no node ${id} in the plan`);
    return node;
  }
}
