import type { PlanNode, PlannedRoute, TargetMatch } from '../../../configuration/index.js';
import type { OutboundAttempt } from '../../../monitoring/index.js';
import type { CallState } from './CallState.js';
import { mix } from './Randomness.js';
import type { LegEndpoint, LegSpec } from './SipLeg.js';
import type { SimulatedCodec } from './TrafficProfile.js';

/** The dial strings of one side of a call. */
export interface CallNumbers {
  readonly source: string;
  readonly destination: string;
}

/** The outbound attempt in progress: its target, node and the dial strings it was sent with. */
export interface CurrentAttempt {
  /** The leg's index (1 for the first attempt). */
  readonly leg: number;
  readonly targetIndex: number;
  readonly target: TargetMatch;
  readonly node: PlanNode;
  readonly numbers: CallNumbers;
  readonly startAt: number;
}

/**
 * One call the engine carries. It holds little: ids, times (ms since the epoch), the nodes and dial strings,
 * counters; messages are built again from the seed when a step needs them and RTP counters are computed from
 * the times when read.
 */
export class SimulatedCall {
  state: CallState = 'trying';
  attempt: CurrentAttempt | undefined;
  readonly attempts: OutboundAttempt[] = [];
  connectAt: number | undefined;
  endAt: number | undefined;
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
    readonly lossPercent: number,
    readonly jitterMs: number,
    readonly route: PlannedRoute | undefined,
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

  inboundLeg(): LegSpec {
    return {
      index: 0, sessionIdentifier: this.sessionIdentifier, systemIdentifier: this.systemIdentifier,
      transport: this.source.local.transport, caller: farEnd(this.source), callee: gatewaySide(this.source), gatewayCalls: false,
      fromUser: this.arrived.source, toUser: this.arrived.destination, codec: this.codec, seed: mix(this.seed, 'leg', 0),
    };
  }

  outboundLeg(attempt: CurrentAttempt): LegSpec {
    return {
      index: attempt.leg, sessionIdentifier: this.sessionIdentifier, systemIdentifier: this.systemIdentifier,
      transport: attempt.node.local.transport, caller: gatewaySide(attempt.node), callee: farEnd(attempt.node), gatewayCalls: true,
      fromUser: attempt.numbers.source, toUser: attempt.numbers.destination, codec: this.codec, seed: mix(this.seed, 'leg', attempt.leg),
    };
  }
}

/** Where the gateway sends and receives a node's signalling. */
export function gatewaySide(node: PlanNode): LegEndpoint {
  return { ip: node.local.address, port: node.local.port, host: node.hostname || node.local.host };
}

/** The node's far end; a node without a transport connection talks to a far end on TEST-NET-3 derived from its id. */
export function farEnd(node: PlanNode): LegEndpoint {
  if (node.remote) return { ip: node.remote.address, port: node.remote.port, host: node.remote.host };
  const ip = `203.0.113.${1 + (mix('far-end', node.id) % 254)}`;
  return { ip, port: 5060, host: ip };
}
