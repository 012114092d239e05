import type { SipMessage, SipRequest, SipResponse } from '../message.js';

export type SipTransportName = 'UDP' | 'TCP' | 'TLS' | 'WS' | 'WSS';

/** SIP over WebSocket (RFC 7118): WS, and WSS over TLS. */
export function isWebSocket(transport: SipTransportName): transport is 'WS' | 'WSS' {
  return transport === 'WS' || transport === 'WSS';
}

/** One end of a SIP hop: transport, IP address and port. */
export interface SipAddress {
  readonly transport: SipTransportName;
  readonly host: string;
  readonly port: number;
}

/** One message as it crossed the wire (sent or received), retransmissions included. */
export interface WireEvent {
  /** Milliseconds since the epoch, with fractions (microsecond precision), from options.now. */
  readonly at: number;
  readonly sent: boolean;
  /** This stack's side: the bound UDP address, or the local end of the TCP/TLS connection. */
  readonly local: SipAddress;
  /** The peer's address and port as seen on the socket. */
  readonly remote: SipAddress;
  /** Exactly what was on the wire. */
  readonly bytes: Buffer;
  /** The parsed message; undefined when it did not parse. */
  readonly message: SipMessage | undefined;
  readonly retransmission: boolean;
}

/** RFC 3261 timer base values in milliseconds: 500 / 4000 / 5000 by default. */
export interface StackTimers {
  readonly T1: number;
  readonly T2: number;
  readonly T4: number;
}

export interface SipStackOptions {
  /** Bind address, e.g. '127.0.0.1'. */
  readonly host: string;
  /** 0 = ephemeral (UDP and TCP then share the port UDP got). */
  readonly port: number;
  /**
   * Which listeners to open ('TLS' needs tls and its own tlsPort; 'WS' or 'WSS', one of them, listens on
   * `websocket.port`, WSS with the tls identity).
   */
  readonly transports: readonly SipTransportName[];
  readonly tlsPort?: number;
  /**
   * The SIP over WebSocket listener (RFC 7118): its port (0 or absent: ephemeral) and the request path it takes
   * handshakes on (absent: any path).
   */
  readonly websocket?: { readonly port?: number; readonly path?: string };
  /**
   * The TLS identity (listener and outgoing connections; a TLS listener needs key and cert, outgoing connections
   * go without a client certificate when they are absent). Outgoing TLS verifies the peer against `ca` (else the
   * system roots) unless `rejectUnauthorized` is false, which a lab of self-signed nodes needs.
   */
  readonly tls?: {
    readonly key?: string | Buffer;
    readonly cert?: string | Buffer;
    readonly ca?: string | Buffer | readonly (string | Buffer)[];
    readonly rejectUnauthorized?: boolean;
  };
  /**
   * Default 65535; larger messages: 513 where answerable, else dropped; a larger WebSocket frame closes its
   * connection with 1009.
   */
  readonly maxMessageBytes?: number;
  readonly timers?: Partial<StackTimers>;
  /** Default performance.timeOrigin + performance.now(). */
  readonly now?: () => number;
  /** The source of the To tags the stack makes itself (CANCEL 200, 481, 400); default crypto.randomBytes. */
  readonly random?: (size: number) => Uint8Array;
  /**
   * Which peers the stack hears (a network peer whitelist), asked for every datagram, every stream message and every
   * connection accepted, before anything is parsed or answered (default: every peer). `drop`: nothing of it goes
   * further and nothing is answered (a connection is closed at once); `forbid`: a request other than ACK is answered
   * 403 statelessly (RFC 3261 section 8.2.7: no transaction, no 100 Trying; a repeat gets another 403) and goes no
   * further, anything else is dropped. Either way handler.refused is told.
   */
  readonly admit?: (remote: SipAddress) => PeerAdmission;
}

/** What the stack does with what a peer sends (SipStackOptions.admit). */
export type PeerAdmission = 'accept' | 'drop' | 'forbid';

/** Something a peer sent that SipStackOptions.admit refused. */
export interface RefusedPeer {
  readonly remote: SipAddress;
  readonly local: SipAddress;
  /** A datagram, a stream message, or a whole connection (closed at once). */
  readonly what: 'datagram' | 'message' | 'connection';
  /** Whether a 403 went back. */
  readonly answered: boolean;
}

export interface ServerTransaction {
  /**
   * The request as received. Once the final response is sent, the transaction only lingers to absorb repeats:
   * from then on it keeps the request's Via, From, To, Call-ID, CSeq, Contact and Record-Route headers and its
   * body, not the rest (read what else you need when the request arrives).
   */
  readonly request: SipRequest;
  /** Where it came from (responses go back there / over its connection). */
  readonly source: SipAddress;
  /**
   * Sends a response; repeats of the request get the last response again (absorbed, never reported twice).
   * A 2xx to an INVITE is retransmitted (T1 doubling to T2) until its ACK arrives or 64*T1 pass (then
   * handler.ackTimeout). Calls after the final response, or after the stack closed, are ignored.
   */
  respond(response: SipResponse): void;
  readonly terminated: boolean;
}

export interface ClientTransaction {
  /**
   * The request as sent; once a final response came, its Via, From, To, Call-ID, CSeq, Contact and Record-Route
   * headers and body only.
   */
  readonly request: SipRequest;
  readonly destination: SipAddress;
  /**
   * Gives the transaction up: no more retransmissions, no callback, the transaction forgotten (its user no longer
   * wants the answer: a keep-alive or registration of a trunk no longer watched). Nothing goes on the wire.
   */
  abandon(): void;
}

export interface ClientCallbacks {
  /**
   * Every response, provisional and final, once each; for an INVITE, retransmitted 2xx (the far end did not get
   * the ACK) are reported again with retransmission=true so the caller can send its ACK again.
   */
  response(response: SipResponse, retransmission: boolean): void;
  /** Timer B/F fired (no final response); also a transport error (ICMP unreachable, TCP refused): reason says which. */
  timeout(reason: 'timer' | 'transport'): void;
}

export interface StackHandler {
  /**
   * A new request (INVITE already answered 100 Trying by the stack at once; a CANCEL gets its 200 from the stack
   * and is reported through cancel(), never here; an ACK to a 2xx is reported through ack(), never here).
   */
  request(transaction: ServerTransaction): void;
  /**
   * The ACK of a 2xx the TU sent (matched by Call-ID, CSeq number and To tag): the 2xx retransmissions stop.
   * An ACK matching no transaction (say, to a 2xx sent by hand through send()) is reported here too.
   */
  ack(request: SipRequest, source: SipAddress): void;
  /**
   * A CANCEL matching a pending INVITE server transaction (the stack has answered the CANCEL 200 already). The
   * TU answers the INVITE (487) itself through invite.respond.
   */
  cancel(invite: ServerTransaction, cancel: SipRequest): void;
  /** A 2xx to an INVITE was never ACKed within 64*T1. */
  ackTimeout(invite: ServerTransaction): void;
  /** Every message sent or received, in order (retransmissions, 100 Trying, 400s to garbage included). */
  wire(event: WireEvent): void;
  /**
   * A WebSocket connection closed (accepted connections only: the stack never opens one). It was a flow (RFC 5626
   * section 3, as RFC 7118 section 5.3 asks): requests toward `remote` cannot reach that client any more (a client
   * transaction toward it fails at once with `transport`), whatever its Contact says.
   */
  flowClosed?(remote: SipAddress, local: SipAddress): void;
  /** What SipStackOptions.admit refused (never reported as a wire event when dropped). */
  refused?(refusal: RefusedPeer): void;
  /**
   * An exception thrown by one of the callbacks above, or a socket error the stack survived. Without it such
   * errors become process warnings: a faulty callback never stops the stack.
   */
  error?(error: Error): void;
}
