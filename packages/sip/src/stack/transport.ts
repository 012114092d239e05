import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import { headerValues, parseVia, serialize, type SipMessage, type SipResponse } from '../message.js';
import { parseSip, SipParseError } from '../parse.js';
import { PeerGate } from './admission.js';
import { after } from './after.js';
import type { ClientTx } from './clientTx.js';
import { Connection } from './connection.js';
import { malformedResponse } from './malformedResponse.js';
import type { ServerTx } from './serverTx.js';
import type { RefusedPeer, SipAddress, SipStackOptions } from './types.js';

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
}

function addressKey(address: SipAddress): string {
  return `${address.transport}|${address.host}|${address.port}`;
}

/**
 * The transport layer (RFC 3261 section 18) over UDP, TCP and TLS: the listeners, the TCP and TLS connections
 * (opened to send, or accepted), stream framing, and the answer to input that does not parse. It hands parsed
 * messages to its user, and sends what the transactions and the stack give it.
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

  private constructor(
    private readonly options: SipStackOptions,
    private readonly udp: dgram.Socket | undefined,
    private readonly tcp: net.Server | undefined,
    private readonly tlsServer: tls.Server | undefined,
    readonly local: readonly SipAddress[],
  ) {
    this.maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_BYTES;
    this.udpLocal = local.find((a) => a.transport === 'UDP');
  }

  /** Opens the listeners. With port 0, UDP gets an ephemeral port and TCP listens on the same number. */
  static async listen(options: SipStackOptions): Promise<Transport> {
    const wants = new Set(options.transports);
    if (wants.has('TLS') && (!options.tls?.key || !options.tls.cert))
      throw new Error('TLS needs options.tls (key and cert)');
    const local: SipAddress[] = [];
    let udp: dgram.Socket | undefined;
    let tcp: net.Server | undefined;
    let tlsServer: tls.Server | undefined;
    try {
      for (let attempt = 0; ; attempt++) {
        let port = options.port;
        if (wants.has('UDP')) {
          udp = await bindUdp(options.host, port);
          port = udp.address().port;
        }
        if (!wants.has('TCP')) break;
        tcp = net.createServer();
        try {
          await listenOn(tcp, options.host, port);
          break;
        } catch (e) {
          // The ephemeral port UDP got may be taken for TCP: try another pair.
          const code = (e as NodeJS.ErrnoException).code;
          udp?.close();
          udp = undefined;
          tcp = undefined;
          if (options.port !== 0 || !wants.has('UDP') || code !== 'EADDRINUSE' || attempt >= 20) throw e;
        }
      }
      if (udp) local.push({ transport: 'UDP', host: options.host, port: udp.address().port });
      if (tcp) local.push({ transport: 'TCP', host: options.host, port: (tcp.address() as net.AddressInfo).port });
      if (wants.has('TLS')) {
        tlsServer = tls.createServer({ key: options.tls!.key!, cert: options.tls!.cert! });
        await listenOn(tlsServer, options.host, options.tlsPort ?? 0);
        local.push({ transport: 'TLS', host: options.host, port: (tlsServer.address() as net.AddressInfo).port });
      }
    } catch (e) {
      udp?.close();
      tcp?.close();
      tlsServer?.close();
      throw e;
    }
    return new Transport(options, udp, tcp, tlsServer, local);
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
    if (client) {
      client.connection = conn;
      conn.clients.add(client);
    }
    if (!conn.connected) {
      conn.pending.push({ bytes, message, retransmission });
      return;
    }
    conn.socket.write(bytes);
    this.user.wire(true, conn.local!, conn.remote, bytes, message, retransmission);
  }

  /** RFC 3261 18.2.2: over the request's connection while it lasts, else to the source address. */
  sendResponse(tx: ServerTx, response: SipResponse, bytes: Buffer, retransmission: boolean): void {
    if (this.closed) return;
    let destination = tx.source;
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

  private connectionTo(destination: SipAddress): Connection {
    const key = addressKey(destination);
    const existing = this.connections.get(key);
    if (existing?.alive) return existing;
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
      conn.socket.end();
      // A peer that keeps sending after the error is not waited for.
      after(1000, () => conn.socket.destroy());
    }
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

function bindUdp(host: string, port: number): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

function listenOn(server: net.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
