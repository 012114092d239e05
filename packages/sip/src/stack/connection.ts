import type net from 'node:net';
import type { SipMessage } from '../message.js';
import type { ClientTx } from './clientTx.js';
import { StreamFramer } from './streamFramer.js';
import type { SipAddress } from './types.js';

/** A TCP or TLS connection, inbound or outbound, with its framer and the client transactions waiting on it. */
export class Connection {
  local: SipAddress | undefined;
  connected: boolean;
  readonly pending: { bytes: Buffer; message: SipMessage | undefined; retransmission: boolean }[] = [];
  readonly framer: StreamFramer;
  readonly clients = new Set<ClientTx>();

  constructor(
    readonly socket: net.Socket,
    readonly transport: 'TCP' | 'TLS',
    readonly remote: SipAddress,
    connected: boolean,
    maxBytes: number,
  ) {
    this.connected = connected;
    this.framer = new StreamFramer(maxBytes);
    if (connected) this.setLocal();
  }

  setLocal(): void {
    this.local = { transport: this.transport, host: this.socket.localAddress ?? '', port: this.socket.localPort ?? 0 };
  }

  get alive(): boolean {
    return !this.socket.destroyed;
  }
}
