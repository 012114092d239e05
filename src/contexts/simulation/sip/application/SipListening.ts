import type { FarEnd, OutsidePeers } from '../domain/SipSetting.js';
import type { RegistrarGuardSettings } from '../domain/RegistrarGuardSettings.js';
import type { LabId } from '../../../../shared/domain/LabId.js';

/** One listener of a node: where it is bound, or why it could not be. */
export interface SipListenerView {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly transport: 'UDP' | 'TCP' | 'TLS' | 'WS' | 'WSS';
  readonly host: string;
  readonly port: number;
  readonly state: 'listening' | 'failed';
  readonly error?: string;
}

/** A network peer whitelist as a node applies it: its name and what it lets in, one line per entry. */
export interface SipWhitelistView {
  readonly name: string;
  readonly peers: readonly string[];
}

/** Whom a node hears (null: every peer), what it does with the others, and what it refused. */
export interface SipNodePeersView {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly sip: SipWhitelistView | null;
  readonly media: SipWhitelistView | null;
  readonly outsidePeers: OutsidePeers;
  /** SIP datagrams, stream messages and connections refused; of those the requests answered 403; RTP/RTCP packets dropped. */
  readonly refused: { readonly sip: number; readonly answered: number; readonly rtp: number };
}

/** A source address or a user of a registrar node that may not register until `until` (the lab clock's). */
export interface SipBlockView {
  readonly kind: 'source' | 'user';
  readonly name: string;
  readonly nodeId?: string;
  readonly nodeName?: string;
  readonly until: Date;
  readonly failures: number;
}

/** The lab's registrars against password guessing: the settings, the counts, the blocks in force. */
export interface SipRegistrarGuardState {
  readonly settings: RegistrarGuardSettings;
  readonly failedDigests: number;
  readonly refusedWhileBlocked: number;
  readonly blocks: readonly SipBlockView[];
}

/**
 * A lab's real SIP as it is: on or off, the bind address, the address it advertises and the port offset, its
 * listeners, each node's far end, what each node does with peers outside its whitelist (the setting), the nodes'
 * whitelists and refusals (and the lab's total), and its registrars' guard.
 */
export interface SipListeningState {
  readonly enabled: boolean;
  /** The address the listeners bind to (GWSIM_SIP_HOST). */
  readonly host: string;
  /** The address they name themselves by to peers: Via, Contact, the SDP's c= and o= (GWSIM_SIP_ADVERTISE). */
  readonly advertisedHost: string;
  readonly portOffset: number;
  readonly setupTimeoutSeconds: number;
  readonly listeners: readonly SipListenerView[];
  readonly farEnds: Readonly<Record<string, FarEnd>>;
  readonly outsidePeers: Readonly<Record<string, OutsidePeers>>;
  readonly peers: readonly SipNodePeersView[];
  readonly refused: { readonly sip: number; readonly answered: number; readonly rtp: number };
  readonly registrarGuard: SipRegistrarGuardState;
  /**
   * Whether the lab's gateway watches its trunks (the setting), and each watched trunk's keep-alive and registration:
   * toward a real far end (real SIP on) and toward a simulated one (every other far end, real SIP on or off).
   */
  readonly supervision: boolean;
  readonly trunks: readonly TrunkView[];
  /** The phones registered at the lab's registrar nodes now (real REGISTERs), by node then user. */
  readonly registeredClients: readonly RegisteredClient[];
  /** OPTIONS requests outside a dialog each node answered, by node id: 2xx (success) and otherwise (failed). */
  readonly optionsReceived: Readonly<Record<string, OptionsCounts>>;
  /** The media the process can anchor for the lab's nodes, and the calls refused for want of media ports. */
  readonly media?: SipMediaState;
}

/**
 * The anchored calls the nodes' RTP ranges and the process's open-file limit allow (four sockets, two port pairs
 * per call), and the calls refused 503 because no media port pair (or file descriptor) was left.
 */
export interface SipMediaState {
  readonly ranges: readonly {
    readonly host: string;
    readonly first: number;
    readonly last: number;
    readonly pairs: number;
  }[];
  readonly callsByPorts: number;
  readonly openFileLimit: number | undefined;
  readonly callsByFiles: number | undefined;
  readonly anchoredCalls: number;
  readonly limitedByFiles: boolean;
  /** Calls refused since the start: no port pair left in a range, no file descriptor left. */
  readonly refused: { readonly range: number; readonly files: number };
}

/** A phone registered at a registrar node: who, where its Contact sends to, what it runs, since and until when. */
export interface RegisteredClient {
  readonly nodeId: string;
  readonly user: string;
  readonly addressOfRecord: string;
  readonly contact: string;
  /** The host its Contact sends to. */
  readonly host: string;
  readonly userAgent: string;
  readonly refreshedAt: Date;
  readonly expiresAt: Date;
}

export interface OptionsCounts {
  readonly success: number;
  readonly failed: number;
}

/** What the keep-alive of a trunk found: `unknown` before the first answer, `up` while the peer answers, `down` once it did not. */
export type KeepAliveState = 'unknown' | 'up' | 'down';

export interface KeepAliveView {
  readonly intervalSeconds: number;
  readonly state: KeepAliveState;
  /** OPTIONS sent, answered (the peer is there), failed (no answer, or 408/503). */
  readonly sent: number;
  readonly answered: number;
  readonly failed: number;
  readonly lastStatus?: number;
  /** When the last OPTIONS ended (lab time, ISO 8601). */
  readonly lastAt?: string;
}

/** `registering` until the registrar's first final answer, then `registered` or `failed` (tried again later). */
export type RegistrationState = 'registering' | 'registered' | 'failed';

export interface RegistrationView {
  readonly registrarUri: string;
  readonly addressOfRecord: string;
  readonly state: RegistrationState;
  /** REGISTER requests sent (challenge answers and refreshes included), and registrations that failed. */
  readonly sent: number;
  readonly failed: number;
  readonly lastStatus?: number;
  /** Until when the registrar keeps the binding (lab time, ISO 8601), while registered. */
  readonly expiresAt?: string;
}

/**
 * A trunk as the lab's SIP state shows it: where it points, who answers there, its keep-alive and its registration
 * (when it has them).
 */
export interface TrunkView {
  readonly nodeId: string;
  readonly nodeName: string;
  /** The peer: `UDP 127.0.0.1:5080`. */
  readonly target: string;
  /**
   * Who answers the keep-alives and REGISTERs: a `real` peer on the wire (TrunkSupervision), or the simulator
   * (`simulated`: SimulatedTrunkLabs, on the lab's clock and its faults).
   */
  readonly farEnd: 'real' | 'simulated';
  /** `up`/`down`/`unknown` as the keep-alive found it; `unwatched` without a keep-alive (it is then taken as up). */
  readonly state: 'up' | 'down' | 'unknown' | 'unwatched';
  readonly keepAlive?: KeepAliveView;
  readonly registration?: RegistrationView;
}

/** Which blocks an administrator lifts: a source address's, a user's (at every registrar node), or all. */
export interface SipBlockFilter {
  readonly source?: string;
  readonly user?: string;
}

/** Real SIP on the nodes' ports of a lab: follows the lab's stored SIP setting and its committed plan. */
export abstract class SipListening {
  /**
   * Brings the lab's listeners in line with its stored setting and committed plan; answers the result. Rejects with a
   * DomainError (400/409, naming both labs and the port) when a port clashes with another lab's listener.
   */
  abstract follow(lab: LabId): Promise<SipListeningState>;

  abstract state(lab: LabId): SipListeningState;

  /**
   * Lifts the registrar blocks the filter names (every one when it names none) and answers them as they were; their
   * counts start over. 404 SIP_BLOCK_NOT_FOUND when the filter names a source or user that is not blocked.
   */
  abstract lift(lab: LabId, filter: SipBlockFilter): SipBlockView[];
}
