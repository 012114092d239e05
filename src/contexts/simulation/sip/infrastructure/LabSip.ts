import type { ServerTransaction, SipAddress, SipStack } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../configuration/index.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type {
  MediaPorts,
  MediaPortsUnavailable,
  MediaRelay,
  RelayEvents,
  RelayOptions,
} from '../../media/infrastructure/index.js';

/** A node's listener as the transport uses it: its stack and the address it names itself by per transport. */
export interface NodeListener {
  readonly nodeId: string;
  readonly stack: SipStack;
  /**
   * Where the listener is for its peers on `transport`: the bound port at the address SIP advertises
   * (GWSIM_SIP_ADVERTISE; the bound address when none is set), what Via, Contact and the SDP name; undefined when it
   * does not listen on that transport.
   */
  address(transport: SipAddress['transport']): SipAddress | undefined;
}

/** A phone's binding at a registrar node: the Contact URI it registered, and where that sends to. */
export interface RegisteredPhone {
  readonly contact: string;
  readonly address: SipAddress;
}

/** What the lab's SIP runtime gives its socket transport. */
export interface LabSip {
  readonly lab: LabId;
  /** Whether real SIP is on for the lab (off: every far end is simulated, nothing arrives). */
  enabled(): boolean;
  /** The lab's committed plan, a compile under way awaited (a commit answered before a call arrived is in force for it). */
  plan(): Promise<GatewayPlan>;
  /** The node's listener (undefined: it has none, e.g. disabled or its port taken). */
  listener(nodeId: string): NodeListener | undefined;
  /** Whether the node's far end is a real SIP endpoint (otherwise the synthetic far end answers). */
  farEndIsReal(node: PlanNode): boolean;
  /** The RTP ports of the node's network controller (its range, in this thread's pool or the media workers'). */
  pool(node: PlanNode): MediaPorts;
  /** A call's relay with a pair of each side's ports (in a media worker unless GWSIM_MEDIA_WORKERS is 0). */
  openRelay(ports: readonly [MediaPorts, MediaPorts], options: RelayOptions, events: RelayEvents): Promise<MediaRelay>;
  /** The lab's time, ms since the epoch with fractions. */
  now(): number;
  /** A REGISTER on a registrar node (answered by the lab's registrar). */
  register(node: PlanNode, transaction: ServerTransaction): void;
  /** The phone registered under `user` at a registrar node: its Contact and where it is (undefined: not registered). */
  registered(node: PlanNode, user: string): RegisteredPhone | undefined;
  /** How long a real call may go without a final answer (the lab's setup timeout, Timer C), in ms. */
  setupTimeoutMs(): number;
  /** Whether RTP or RTCP from `host` may reach the node's side of a call (its media whitelist; a refusal is counted). */
  admitsMedia(node: PlanNode, host: string): boolean;
  /** Counts RTP/RTCP packets a relay in a media worker dropped by the node's media whitelist. */
  mediaPacketsRefused(node: PlanNode, packets: number): void;
  /** Whether the node's trunk is watched and its OPTIONS keep-alive found it down (its calls fail over at once). */
  trunkDown(node: PlanNode): boolean;
  /** Counts an OPTIONS outside a dialog the node answered with `status` (the dashboard's received keep-alives). */
  optionsAnswered(nodeId: string, status: number): void;
  /** Counts a call of the node refused 503 because it could not get media ports (logged once per burst). */
  mediaRefused(node: PlanNode, error: MediaPortsUnavailable): void;
  warn(fields: Record<string, unknown>, message: string): void;
}
