import type { FarEnd } from '../domain/SipSetting.js';
import type { LabId } from '../../../../shared/domain/LabId.js';

/** One listener of a node: where it is bound, or why it could not be. */
export interface SipListenerView {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly transport: 'UDP' | 'TCP' | 'TLS';
  readonly host: string;
  readonly port: number;
  readonly state: 'listening' | 'failed';
  readonly error?: string;
}

/** A lab's real SIP as it is: on or off, the bind address and port offset, its listeners, each node's far end. */
export interface SipListeningState {
  readonly enabled: boolean;
  readonly host: string;
  readonly portOffset: number;
  readonly setupTimeoutSeconds: number;
  readonly listeners: readonly SipListenerView[];
  readonly farEnds: Readonly<Record<string, FarEnd>>;
}

/** Real SIP on the nodes' ports of a lab: follows the lab's stored SIP setting and its committed plan. */
export abstract class SipListening {
  /**
   * Brings the lab's listeners in line with its stored setting and committed plan; answers the result. Rejects with a
   * DomainError (400/409, naming both labs and the port) when a port clashes with another lab's listener.
   */
  abstract follow(lab: LabId): Promise<SipListeningState>;

  abstract state(lab: LabId): SipListeningState;
}
