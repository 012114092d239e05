import { isUtf8 } from 'node:buffer';
import type net from 'node:net';
import type { WebSocket } from 'ws';
import type { SipMessage } from '../message.js';
import type { ClientTx } from './clientTx.js';
import { StreamFramer } from './streamFramer.js';
import type { SipAddress } from './types.js';

/** The transports that run over a connection. */
export type ConnectionTransport = 'TCP' | 'TLS' | 'WS' | 'WSS';

/**
 * A TCP, TLS or WebSocket connection, inbound or outbound, with its framer (a byte stream's; a WebSocket has one
 * message per frame) and the client transactions waiting on it.
 */
export class Connection {
  local: SipAddress | undefined;
  connected: boolean;
  readonly pending: { bytes: Buffer; message: SipMessage | undefined; retransmission: boolean }[] = [];
  readonly framer: StreamFramer;
  readonly clients = new Set<ClientTx>();

  constructor(
    readonly socket: net.Socket,
    readonly transport: ConnectionTransport,
    readonly remote: SipAddress,
    connected: boolean,
    maxBytes: number,
    /** The WebSocket over `socket` (WS and WSS): messages go and come as its frames. */
    readonly ws?: WebSocket,
  ) {
    this.connected = connected;
    this.framer = new StreamFramer(maxBytes);
    if (connected) this.setLocal();
  }

  setLocal(): void {
    this.local = { transport: this.transport, host: this.socket.localAddress ?? '', port: this.socket.localPort ?? 0 };
  }

  /**
   * Sends one message: on a stream its bytes, on a WebSocket one frame (RFC 7118 section 5.1), a text frame when
   * the message is UTF-8 (as SIP messages usually are, and as browsers' SIP stacks read them), else binary.
   */
  write(bytes: Buffer): void {
    if (this.ws) this.ws.send(bytes, { binary: !isUtf8(bytes) });
    else this.socket.write(bytes);
  }

  /** Closes after what was written (a WebSocket with the close handshake, 1000). */
  end(): void {
    if (this.ws) this.ws.close(1000);
    else this.socket.end();
  }

  /** Closes at once. */
  destroy(): void {
    if (this.ws) this.ws.terminate();
    else this.socket.destroy();
  }

  get alive(): boolean {
    return this.ws ? this.ws.readyState === this.ws.OPEN : !this.socket.destroyed;
  }
}
