import type { SipResponse } from '@gwsim/sip';
import type { PlanNode } from '../../../configuration/index.js';
import { TransportLeg } from '../../calls/domain/SessionTransport.js';
import { mix } from '../../calls/domain/Randomness.js';
import {
  farEnd,
  gatewaySide,
  UacDialog,
  type Lazy,
  type StepMemo,
  type UasDialog,
} from '../../calls/domain/SipDialogs.js';
import type { SimulatedCodec, TrafficProfile } from '../../calls/domain/TrafficProfile.js';

/** One simulated call: the caller (inbound leg, its UAC) and the far ends of the attempts the gateway made. */
export interface WorldCall {
  readonly seed: number;
  readonly profile: TrafficProfile;
  readonly codec: SimulatedCodec;
  /** The simulated caller; undefined for a call whose caller is real (it arrived on a socket): only its far ends are played here. */
  inbound: SyntheticLeg | undefined;
  /** When the simulated gateway host sends its next message on this call, at the earliest. */
  gatewayClock: number;
}

/** A leg as this adapter plays it: the simulated user agent at its far end and what it has seen. */
export class SyntheticLeg extends TransportLeg {
  /** A final response to the INVITE was seen (by the caller from the gateway, or sent by the far end). */
  final = false;
  /** Any response to the INVITE was seen (stops the caller's Timer B). */
  heard = false;
  /** The 200 OK that set the dialog up (the caller's ACK and BYE are built in it). */
  ok: Lazy<SipResponse> | undefined;
  /** The far end of an outbound leg (its user agent is the called side). */
  farEndDialog: UasDialog | undefined;

  constructor(
    index: number,
    node: PlanNode,
    sessionIdentifier: string,
    readonly call: WorldCall,
    readonly callerDialog: UacDialog | undefined,
  ) {
    super(index, node, sessionIdentifier);
  }
}

/** A simulated caller at a node dialling a number at `at`: its UAC and the inbound leg of its new call. */
export function simulatedCaller(
  call: {
    readonly seed: number;
    readonly profile: TrafficProfile;
    readonly codec: SimulatedCodec;
    readonly at: number;
    readonly node: PlanNode;
    readonly calling: string;
    readonly called: string;
  },
  memo: StepMemo,
): SyntheticLeg {
  const { node, seed, codec } = call;
  const caller = new UacDialog(
    { transport: node.local.transport, local: farEnd(node), remote: gatewaySide(node), seed: mix(seed, 'leg', 0) },
    { fromUser: call.calling, toUser: call.called, codec },
    memo,
  );
  const world: WorldCall = { seed, profile: call.profile, codec, inbound: undefined, gatewayClock: call.at };
  const leg = new SyntheticLeg(0, node, '', world, caller);
  world.inbound = leg;
  return leg;
}
