import type dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import { headerValues, parseVia, serialize, type SipMessage, type SipResponse } from '../message.js';
import { parseSip, SipParseError } from '../parse.js';
import type { WebSocket } from 'ws';
import { PeerGate } from './admission.js';
import { after } from './after.js';
import type { ClientTx } from './clientTx.js';
import { Connection } from './connection.js';
import { openListeners, type Listeners } from './listen.js';
import { malformedResponse } from './malformedResponse.js';
import type { ServerTx } from './serverTx.js';
import { isWebSocket, type RefusedPeer, type SipAddress, type SipStackOptions } from './types.js';
import type { WebSocketListener } from './websocket.js';

const DEFAULT_MAX_BYTES = 65535;

/** What the transport hands the layer above it. */
export interface TransportUser {
  /** A message that parsed, as received (the user records it on the wire, knowing whether it is a repeat). */
  received(
    message: SipMessage,
    bytes: Buffer,
    local: SipAddress,
    remote: SipAddress,
    connection: Connection | undefined,
  ): void;
  /** A message sent, or received without parsing, for the wire record. */
  wire(
    sent: boolean,
    local: SipAddress,
    remote: SipAddress,
    bytes: Buffer,
    message: SipMessage | undefined,
    retransmission: boolean,
  ): void;
  /** A socket error, or an exception while handling input: the transport carries on. */
  error(error: Error): void;
  /** A fresh To tag, for the answer to malformed input. */
  newTag(): string;
  /** Something the options' `admit` refused. */
  refused(refusal: RefusedPeer): void;
  /** A WebSocket connection (a flow) closed. */
  flowClosed(remote: SipAddress, local: SipAddress): void;
}

function addressKey(address: SipAddress): string {
  return `${address.transport}|${address.host}|${address.port}`;
}

/**
 * The transport layer (RFC 3261 section 18) over UDP, TCP, TLS, WS and WSS (RFC 7118): the listeners, the TCP and TLS
 * connections (opened to send, or accepted), the WebSocket connections (accepted only: a client behind one is
 * reached over it, RFC 7118 section 5.3), stream framing, and the answer to input that does not parse. It hands
 * parsed messages to its user, and sends what the transactions and the stack give it.
 */
export class Transport {
  private readonly connections = new Map<string, Connection>();
  private readonly sockets = new Set<net.Socket>();
  private readonly maxBytes: number;
  private readonly udpLocal: SipAddress | undefined;
  private closed = false;
  /** Set by `start`, before any socket event is listened to. */
  private user!: TransportUser;
  private peers!: PeerGate;

  private readonly udp: dgram.Socket | undefined;
  private readonly tcp: net.Server | undefined;
  private readonly tlsServer: tls.Server | undefined;
  private readonly websocket: WebSocketListener | undefined;
  readonly local: readonly SipAddress[];

  private constructor(
    private readonly options: SipStackOptions,
    listeners: Listeners,
  ) {
    ({ udp: this.udp, tcp: this.tcp, tlsServer: this.tlsServer, websocket: this.websocket } = listeners);
    this.local = listeners.local;
    this.maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_BYTES;
    this.udpLocal = this.local.find((a) => a.transport === 'UDP');
  }

  /** Opens the listeners. With port 0, UDP gets an ephemeral port and TCP listens on the same number. */
  static async listen(options: SipStackOptions): Promise<Transport> {
    return new Transport(options, await openListeners(options, DEFAULT_MAX_BYTES));
  }

  /** Listens to the sockets from now on, handing what comes to `user`. */
  start(user: TransportUser): void {
    this.user = user;
    this.peers = new PeerGate(this.options.admit, this.maxBytes, user, (answer, to, conn) => {
      if (!this.closed) this.transmit(answer, serialize(answer), to, false, conn, undefined);
    });
    const { udp, tcp, tlsServer } = this;
    udp?.on('message', (bytes, rinfo) => this.guard(() => this.onDatagram(bytes, rinfo)));
    udp?.on('error', (e) => this.user.error(e));
    tcp?.on('connection', (socket) => this.adopt(socket, 'TCP'));
    tcp?.on('error', (e) => this.user.error(e));
    tlsServer?.on('secureConnection', (socket) => this.adopt(socket, 'TLS'));
    tlsServer?.on('tlsClientError', () => {
      /* a failed handshake only concerns that connection */
    });
    // Sockets still shaking hands are tracked too, so close() never waits for a peer that stalls there.
    tlsServer?.on('connection', (socket: net.Socket) => {
      if (this.peers.refusesConnection(socket, 'TLS')) return; // a peer outside the whitelist: no handshake
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    tlsServer?.on('error', (e) => this.user.error(e));
    const wsTransport = this.local.find((a) => isWebSocket(a.transport))?.transport as 'WS' | 'WSS' | undefined;
    this.websocket?.start(
      {
        refuses: (socket) => this.closed || this.peers.refusesConnection(socket, wsTransport!),
        connected: (ws, socket) => this.adoptWebSocket(ws, socket, wsTransport!),
      },
      (e) => this.user.error(e),
    );
  }

  /** Closes the listeners and every connection. */
  async close(): Promise<void> {
    this.closed = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.connections.clear();
    const closing: Promise<void>[] = [];
    if (this.udp) closing.push(new Promise((resolve) => this.udp!.close(() => resolve())));
    for (const server of [this.tcp, this.tlsServer])
      if (server) closing.push(new Promise((resolve) => server.close(() => resolve())));
    if (this.websocket) closing.push(this.websocket.close());
    await Promise.all(closing);
  }

  /** Sends bytes to a destination: UDP from the listening socket, TCP/TLS over a connection (reused or opened). */
  transmit(
    message: SipMessage | undefined,
    bytes: Buffer,
    destination: SipAddress,
    retransmission: boolean,
    connection: Connection | undefined,
    client: ClientTx | undefined,
  ): void {
    if (this.closed) return;
    if (destination.transport === 'UDP') {
      if (!this.udp || !this.udpLocal) throw new Error('no UDP listener to send from');
      this.udp.send(bytes, destination.port, destination.host, (error) => {
        if (error) {
          client?.fail('transport');
          if (!client) this.user.error(error);
        }
      });
      this.user.wire(true, this.udpLocal, destination, bytes, message, retransmission);
      return;
    }
    const conn = connection?.alive ? connection : this.connectionTo(destination);
    if (!conn) {
      // RFC 7118 section 5.3: a WebSocket client is reached only over its own connection, and that one is gone
      const why = `no WebSocket connection from ${destination.host}:${destination.port}`;
      if (!client) throw new Error(why);
      after(0, () => client.fail('transport'));
      return;
    }
    if (client) {
      client.connection = conn;
      conn.clients.add(client);
    }
    if (!conn.connected) {
      conn.pending.push({ bytes, message, retransmission });
      return;
    }
    conn.write(bytes);
    this.user.wire(true, conn.local!, conn.remote, bytes, message, retransmission);
  }

  /** RFC 3261 18.2.2: over the request's connection while it lasts, else to the source address. */
  sendResponse(tx: ServerTx, response: SipResponse, bytes: Buffer, retransmission: boolean): void {
    if (this.closed) return;
    let destination = tx.source;
    // a WebSocket client cannot be connected to (its Via's sent-by is not resolvable, RFC 7118 section 5.2)
    if (isWebSocket(tx.source.transport) && !tx.connection?.alive) return;
    if (tx.source.transport !== 'UDP' && !tx.connection?.alive) {
      // The connection is gone: open one to the source address and the port the Via names (18.2.2).
      let port = tx.source.transport === 'TLS' ? 5061 : 5060;
      try {
        port = parseVia(headerValues(tx.request, 'Via')[0]).port ?? port;
      } catch {
        /* keep the default */
      }
      destination = { ...tx.source, port };
    }
    try {
      this.transmit(response, bytes, destination, retransmission, tx.connection, undefined);
    } catch (e) {
      this.user.error(e as Error);
    }
  }

  /** A connection to the destination: the live one, else a new one; undefined for a WebSocket client without one. */
  private connectionTo(destination: SipAddress): Connection | undefined {
    const key = addressKey(destination);
    const existing = this.connections.get(key);
    if (existing?.alive) return existing;
    if (isWebSocket(destination.transport)) return undefined;
    const transport = destination.transport as 'TCP' | 'TLS';
    let socket: net.Socket;
    if (transport === 'TLS') {
      const t = this.options.tls;
      socket = tls.connect({
        host: destination.host,
        port: destination.port,
        key: t?.key,
        cert: t?.cert,
        ca: t?.ca as tls.ConnectionOptions['ca'],
        rejectUnauthorized: t?.rejectUnauthorized ?? true,
        servername: net.isIP(destination.host) ? undefined : destination.host,
      });
    } else socket = net.connect({ host: destination.host, port: destination.port });
    const conn = new Connection(socket, transport, destination, false, this.maxBytes);
    socket.once(transport === 'TLS' ? 'secureConnect' : 'connect', () => {
      if (this.closed) return;
      conn.connected = true;
      conn.setLocal();
      for (const item of conn.pending.splice(0)) {
        socket.write(item.bytes);
        this.user.wire(true, conn.local!, conn.remote, item.bytes, item.message, item.retransmission);
      }
    });
    this.track(conn, key);
    return conn;
  }

  private adopt(socket: net.Socket, transport: 'TCP' | 'TLS'): void {
    if (this.closed || (transport === 'TCP' && this.peers.refusesConnection(socket, 'TCP'))) {
      socket.destroy();
      return;
    }
    const remote: SipAddress = { transport, host: socket.remoteAddress ?? '', port: socket.remotePort ?? 0 };
    const conn = new Connection(socket, transport, remote, true, this.maxBytes);
    this.track(conn, addressKey(remote));
  }

  /** A WebSocket connection whose handshake completed: one SIP message per frame (RFC 7118 section 5.1). */
  private adoptWebSocket(ws: WebSocket, socket: net.Socket, transport: 'WS' | 'WSS'): void {
    if (this.closed) {
      ws.terminate();
      return;
    }
    const remote: SipAddress = { transport, host: socket.remoteAddress ?? '', port: socket.remotePort ?? 0 };
    const conn = new Connection(socket, transport, remote, true, this.maxBytes, ws);
    const key = addressKey(remote);
    this.connections.set(key, conn);
    socket.setNoDelay(true);
    ws.on('message', (data: Buffer) => this.guard(() => this.onWebSocketFrame(conn, data)));
    ws.on('error', () => {
      /* a frame over the size limit (closed 1009) or a protocol error: followed by 'close' */
    });
    ws.on('close', () => {
      if (this.connections.get(key) === conn) this.connections.delete(key);
      for (const client of [...conn.clients]) client.fail('transport');
      conn.clients.clear();
      if (!this.closed) this.user.flowClosed(remote, conn.local!);
    });
  }

  private track(conn: Connection, key: string): void {
    const socket = conn.socket;
    this.sockets.add(socket);
    this.connections.set(key, conn);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.guard(() => this.onStreamData(conn, chunk)));
    socket.on('error', () => {
      /* followed by 'close', which fails the waiting transactions */
    });
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (this.connections.get(key) === conn) this.connections.delete(key);
      for (const client of [...conn.clients]) client.fail('transport');
      conn.clients.clear();
    });
  }

  // ---- receiving ----

  private onDatagram(bytes: Buffer, rinfo: dgram.RemoteInfo): void {
    const remote: SipAddress = { transport: 'UDP', host: rinfo.address, port: rinfo.port };
    const local = this.udpLocal!;
    if (this.peers.refuses(bytes, local, remote, undefined)) return;
    if (bytes.length > this.maxBytes) {
      this.user.wire(false, local, remote, bytes, undefined, false);
      this.answerMalformed(bytes, 513, 'message exceeds the size limit', remote, undefined);
      return;
    }
    this.receive(bytes, local, remote, undefined);
  }

  private onStreamData(conn: Connection, chunk: Buffer): void {
    for (const frame of conn.framer.push(chunk)) {
      if (this.closed) return;
      // asked again for every message: the whitelist may have changed since the connection came
      if (this.peers.refuses(frame.bytes, conn.local!, conn.remote, conn)) {
        if (!conn.alive) return;
        continue;
      }
      if (frame.kind === 'message') {
        this.receive(frame.bytes, conn.local!, conn.remote, conn);
        continue;
      }
      this.user.wire(false, conn.local!, conn.remote, frame.bytes, undefined, false);
      this.answerMalformed(frame.bytes, frame.status, frame.problem, conn.remote, conn);
      conn.end();
      // A peer that keeps sending after the error is not waited for.
      after(1000, () => conn.destroy());
    }
  }

  /**
   * One frame, one message (RFC 7118 section 5.1): no framing to lose, so a frame that does not parse is answered
   * (or dropped) as a datagram is and the connection goes on. CR and LF alone are keep-alives (RFC 5626 section 4.4.1).
   */
  private onWebSocketFrame(conn: Connection, bytes: Buffer): void {
    if (this.closed || !conn.alive) return;
    if (this.peers.refuses(bytes, conn.local!, conn.remote, conn)) return;
    if (bytes.every((b) => b === 13 || b === 10)) return;
    this.receive(bytes, conn.local!, conn.remote, conn);
  }

  private receive(bytes: Buffer, local: SipAddress, remote: SipAddress, conn: Connection | undefined): void {
    let message: SipMessage;
    try {
      message = parseSip(bytes);
    } catch (e) {
      this.user.wire(false, local, remote, bytes, undefined, false);
      // a request is answered with the status its fault calls for (400, 505 for another SIP version, RFC 3261
      // section 21.5.6); a response or what is not SIP at all has no status and is dropped (section 18.1.2)
      const status = e instanceof SipParseError ? e.status : 400;
      if (status === 400 || status === 505) this.answerMalformed(bytes, status, (e as Error).message, remote, conn);
      return;
    }
    this.user.received(message, bytes, local, remote, conn);
  }

  /** Answers input that did not parse when it can (`malformedResponse`); anything else is dropped. */
  private answerMalformed(
    bytes: Buffer,
    status: 400 | 505 | 513,
    problem: string,
    remote: SipAddress,
    conn: Connection | undefined,
  ): void {
    const host = this.local[0]?.host ?? '-';
    const newTag = (): string => this.user.newTag();
    const response = malformedResponse(bytes, status, problem, { remote, maxBytes: this.maxBytes, host, newTag });
    if (!response) return;
    let out: Buffer;
    try {
      out = serialize(response);
    } catch {
      return;
    }
    try {
      this.transmit(response, out, remote, false, conn, undefined);
    } catch (e) {
      this.user.error(e as Error);
    }
  }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.user.error(e instanceof Error ? e : new Error(String(e)));
    }
  }
}
