import type { SipRequest, SipResponse } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../configuration/index.js';
import {
  SessionTransport,
  type Offer,
  type PlacedCall,
  type TransferAnswer,
  type TransportLeg,
  type TransportListener,
} from '../../calls/domain/SessionTransport.js';
import type { Lazy } from '../../calls/domain/SipDialogs.js';
import type { TrafficProfile } from '../../calls/domain/TrafficProfile.js';

/**
 * A lab's transport when its calls may meet real SIP endpoints: two adapters side by side, both reporting to the
 * same gateway. The real one (SocketTransport) carries what crosses the lab's listeners: calls arriving from real
 * callers and attempts toward far ends that are real. The simulated one (SyntheticTransport) carries everything
 * else: the profile's traffic (its start, stop and plan are the simulated side's alone) and the far ends that are
 * not real. One call may cross both, a synthetic caller reaching a real far end or a real caller a simulated one.
 * Each leg goes back to the adapter that made it; an attempt goes to the real side when that side reaches the
 * node's far end, otherwise to the simulated one.
 */
export class RealAndSimulatedTransport extends SessionTransport {
  constructor(
    /** The socket transport: it says which legs it made and which nodes' far ends it reaches. */
    private readonly real: SessionTransport & { carries(leg: TransportLeg): boolean; reaches(node: PlanNode): boolean },
    private readonly simulated: SessionTransport,
  ) {
    super();
  }

  connect(listener: TransportListener): void {
    this.real.connect(listener);
    this.simulated.connect(listener);
  }

  usePlan(plan: GatewayPlan): void {
    // the real side looks the nodes a request arrives on up in the committed plan itself (LabSip.plan)
    this.simulated.usePlan(plan);
  }

  start(profile: TrafficProfile): void {
    this.simulated.start(profile);
  }

  stop(): void {
    this.simulated.stop();
  }

  get running(): boolean {
    return this.simulated.running;
  }

  get profile(): TrafficProfile | undefined {
    return this.simulated.profile;
  }

  override dispose(): void {
    this.real.dispose();
    this.simulated.dispose();
  }

  /** A placed call's caller is simulated. */
  override place(call: PlacedCall): TransportLeg | undefined {
    return this.simulated.place(call);
  }

  invite(offer: Offer): TransportLeg {
    return this.real.reaches(offer.node) ? this.real.invite(offer) : this.simulated.invite(offer);
  }

  respond(leg: TransportLeg, status: number, response: Lazy<SipResponse>): void {
    this.carrier(leg).respond(leg, status, response);
  }

  ack(leg: TransportLeg, ack: Lazy<SipRequest>): void {
    this.carrier(leg).ack(leg, ack);
  }

  cancel(leg: TransportLeg, cancel: Lazy<SipRequest>): void {
    this.carrier(leg).cancel(leg, cancel);
  }

  bye(leg: TransportLeg, bye: Lazy<SipRequest>): void {
    this.carrier(leg).bye(leg, bye);
  }

  confirm(leg: TransportLeg, method: 'CANCEL' | 'BYE', ok: Lazy<SipResponse>): void {
    this.carrier(leg).confirm(leg, method, ok);
  }

  override answerTransfer(leg: TransportLeg, answer: TransferAnswer): void {
    this.carrier(leg).answerTransfer(leg, answer);
  }

  override transferProgress(leg: TransportLeg, status: number): void {
    this.carrier(leg).transferProgress(leg, status);
  }

  override transferred(transferee: TransportLeg, target: TransportLeg): void {
    this.carrier(transferee).transferred(transferee, target);
  }

  override release(leg: TransportLeg): void {
    this.carrier(leg).release(leg);
  }

  override setupLimitMs(leg: TransportLeg): number | undefined {
    return this.carrier(leg).setupLimitMs(leg);
  }

  /** The adapter that made the leg. */
  private carrier(leg: TransportLeg): SessionTransport {
    return this.real.carries(leg) ? this.real : this.simulated;
  }
}
