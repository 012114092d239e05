import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildResponse } from '../build.js';
import {
  header, headerValues, parseCSeq, parseVia, serialize, splitList,
  type SipMessage, type SipRequest, type SipResponse, type Via, unsharedCopy,
} from '../message.js';
import { parseSip } from '../parse.js';
import { ackKeyOf } from './ackKeyOf.js';
import { after } from './after.js';
import { ClientTx } from './clientTx.js';
import { Connection } from './connection.js';
import { ExpiryQueue } from './expiry.js';
import { malformedResponse } from './malformedResponse.js';
import { receivedVia } from './receivedVia.js';
import { ServerTx } from './serverTx.js';
import { tagOf } from './tagOf.js';
import type {
  ClientCallbacks, ClientTransaction, SipAddress, SipStackOptions,
  StackHandler, StackTimers,
} from './types.js';

const DEFAULT_TIMERS: StackTimers = { T1: 500, T2: 4000, T4: 5000 };
const DEFAULT_MAX_BYTES = 65535;

/** A transaction whose end the stack's expiry queues carry out: `ended` with the ticket its end was set with. */
interface Ending {
  ended(ticket: number): void;
}

function addressKey(address: SipAddress): string {
  return `${address.transport}|${address.host}|${address.port}`;
}

/**
 * A SIP transport and transaction layer (RFC 3261 sections 17 and 18) over UDP, TCP and TLS. The transaction
 * user (the gateway) gets new requests, ACKs of its 2xx, CANCELs, responses to its own requests, and a record of
 * every message on the wire.
 */
export class SipStack {
  /** The addresses actually bound (one per transport). */
  readonly local: readonly SipAddress[];
  /** @internal */ readonly timers: StackTimers;
  /** @internal */ readonly servers = new Map<string, ServerTx>();
  /** @internal */ readonly accepted = new Map<string, ServerTx>();
  /** @internal */ readonly clients = new Map<string, ClientTx>();
  /** Transactions' ends (Timers D, H, I, J, K, the end of "Accepted"): one queue per duration, not a timer each. */
  private readonly endings = new Map<number, ExpiryQueue<Ending>>();
  private readonly connections = new Map<string, Connection>();
  private readonly sockets = new Set<net.Socket>();
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly udpLocal: SipAddress | undefined;
  private closed = false;
  private readonly random: (size: number) => Uint8Array;

  private constructor(private readonly options: SipStackOptions, private readonly handler: StackHandler,
    private readonly udp: dgram.Socket | undefined, private readonly tcp: net.Server | undefined,
    private readonly tlsServer: tls.Server | undefined, local: SipAddress[]) {
    this.local = local;
    this.timers = { ...DEFAULT_TIMERS, ...options.timers };
    this.maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_BYTES;
    this.now = options.now ?? (() => performance.timeOrigin + performance.now());
    this.udpLocal = local.find((a) => a.transport === 'UDP');
    this.random = options.random ?? randomBytes;
    udp?.on('message', (bytes, rinfo) => this.guard(() => this.onDatagram(bytes, rinfo)));
    udp?.on('error', (e) => this.reportError(e));
    tcp?.on('connection', (socket) => this.adopt(socket, 'TCP'));
    tcp?.on('error', (e) => this.reportError(e));
    tlsServer?.on('secureConnection', (socket) => this.adopt(socket, 'TLS'));
    tlsServer?.on('tlsClientError', () => { /* a failed handshake only concerns that connection */ });
    // Sockets still shaking hands are tracked too, so close() never waits for a peer that stalls there.
    tlsServer?.on('connection', (socket: net.Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    tlsServer?.on('error', (e) => this.reportError(e));
  }

  /** Opens the listeners. With port 0, UDP gets an ephemeral port and TCP listens on the same number. */
  static async listen(options: SipStackOptions, handler: StackHandler): Promise<SipStack> {
    const wants = new Set(options.transports);
    if (wants.has('TLS') && (!options.tls?.key || !options.tls.cert)) throw new Error('TLS needs options.tls (key and cert)');
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
    return new SipStack(options, handler, udp, tcp, tlsServer, local);
  }

  /** @internal */
  get isClosed(): boolean { return this.closed; }

  /**
   * @internal `transaction.ended(ticket)` no earlier than `ms` from now (at most a fiftieth of it, and 100 ms, later:
   * transactions ending close together end in one pass).
   */
  endAfter(transaction: Ending, ms: number, ticket: number): void {
    if (this.closed) return;
    let queue = this.endings.get(ms);
    if (!queue) {
      queue = new ExpiryQueue<Ending>(ms, (tx, tag) => tx.ended(tag), Math.min(100, Math.floor(ms / 50)));
      this.endings.set(ms, queue);
    }
    queue.add(transaction, ticket);
  }

  /** Starts a client transaction (INVITE: Timer A/B/D; others: E/F/K over UDP; no retransmission over TCP/TLS). */
  request(request: SipRequest, destination: SipAddress, callbacks: ClientCallbacks): ClientTransaction {
    if (this.closed) throw new Error('the SIP stack is closed');
    if (request.method === 'ACK') throw new Error('an ACK is not a transaction: use send()');
    const via = parseVia(headerValues(request, 'Via')[0] ?? '');
    if (via.branch === undefined) throw new Error('the top Via has no branch');
    const key = `${via.branch}\u0000${request.method}`;
    if (this.clients.has(key)) throw new Error(`a ${request.method} transaction with branch ${via.branch} is pending`);
    const tx = new ClientTx(this, request, destination, callbacks, key);
    this.clients.set(key, tx);
    try {
      tx.start();
    } catch (e) {
      tx.terminate();
      throw e;
    }
    return tx;
  }

  /** Sends a message outside any transaction: the ACK to a 2xx, or a 2xx retransmission done by hand. */
  send(message: SipMessage, destination: SipAddress): void {
    if (this.closed) throw new Error('the SIP stack is closed');
    this.transmit(message, serialize(message), destination, false, undefined, undefined);
  }

  /** Closes the listeners and connections; pending transactions are dropped silently (no callbacks after close). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const tx of this.servers.values()) tx.clearTimers();
    for (const tx of this.accepted.values()) tx.clearTimers();
    for (const tx of this.clients.values()) tx.clearTimers();
    for (const queue of this.endings.values()) queue.clear();
    this.endings.clear();
    this.servers.clear();
    this.accepted.clear();
    this.clients.clear();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.connections.clear();
    const closing: Promise<void>[] = [];
    if (this.udp) closing.push(new Promise((resolve) => this.udp!.close(() => resolve())));
    for (const server of [this.tcp, this.tlsServer]) if (server) closing.push(new Promise((resolve) => server.close(() => resolve())));
    await Promise.all(closing);
  }

  // ---- sending ----

  /** @internal Sends bytes to a destination: UDP from the listening socket, TCP/TLS over a connection (reused or opened). */
  transmit(message: SipMessage | undefined, bytes: Buffer, destination: SipAddress, retransmission: boolean,
    connection: Connection | undefined, client: ClientTx | undefined): void {
    if (this.closed) return;
    if (destination.transport === 'UDP') {
      if (!this.udp || !this.udpLocal) throw new Error('no UDP listener to send from');
      this.udp.send(bytes, destination.port, destination.host, (error) => {
        if (error) { client?.fail('transport'); if (!client) this.reportError(error); }
      });
      this.emitWire(true, this.udpLocal, destination, bytes, message, retransmission);
      return;
    }
    const conn = connection?.alive ? connection : this.connectionTo(destination);
    if (client) { client.connection = conn; conn.clients.add(client); }
    if (!conn.connected) { conn.pending.push({ bytes, message, retransmission }); return; }
    conn.socket.write(bytes);
    this.emitWire(true, conn.local!, conn.remote, bytes, message, retransmission);
  }

  /** @internal RFC 3261 18.2.2: over the request's connection while it lasts, else to the source address. */
  sendResponse(tx: ServerTx, response: SipResponse, bytes: Buffer, retransmission: boolean): void {
    if (this.closed) return;
    let destination = tx.source;
    if (tx.source.transport !== 'UDP' && !tx.connection?.alive) {
      // The connection is gone: open one to the source address and the port the Via names (18.2.2).
      let port = tx.source.transport === 'TLS' ? 5061 : 5060;
      try { port = parseVia(headerValues(tx.request, 'Via')[0]).port ?? port; } catch { /* keep the default */ }
      destination = { ...tx.source, port };
    }
    try {
      this.transmit(response, bytes, destination, retransmission, tx.connection, undefined);
    } catch (e) {
      this.reportError(e as Error);
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
        host: destination.host, port: destination.port, key: t?.key, cert: t?.cert, ca: t?.ca as tls.ConnectionOptions['ca'],
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
        this.emitWire(true, conn.local!, conn.remote, item.bytes, item.message, item.retransmission);
      }
    });
    this.track(conn, key);
    return conn;
  }

  private adopt(socket: net.Socket, transport: 'TCP' | 'TLS'): void {
    if (this.closed) { socket.destroy(); return; }
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
    socket.on('error', () => { /* followed by 'close', which fails the waiting transactions */ });
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
    if (bytes.length > this.maxBytes) {
      this.emitWire(false, local, remote, bytes, undefined, false);
      this.answerMalformed(bytes, 513, 'message exceeds the size limit', remote, undefined);
      return;
    }
    this.receive(bytes, local, remote, undefined);
  }

  private onStreamData(conn: Connection, chunk: Buffer): void {
    for (const frame of conn.framer.push(chunk)) {
      if (this.closed) return;
      if (frame.kind === 'message') { this.receive(frame.bytes, conn.local!, conn.remote, conn); continue; }
      this.emitWire(false, conn.local!, conn.remote, frame.bytes, undefined, false);
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
      this.emitWire(false, local, remote, bytes, undefined, false);
      this.answerMalformed(bytes, 400, (e as Error).message, remote, conn);
      return;
    }
    if (message.kind === 'response') this.onResponse(message, bytes, local, remote);
    else this.onRequest(message, bytes, local, remote, conn);
  }

  private onResponse(response: SipResponse, bytes: Buffer, local: SipAddress, remote: SipAddress): void {
    let tx: ClientTx | undefined;
    try {
      const branch = parseVia(headerValues(response, 'Via')[0]).branch;
      const method = parseCSeq(header(response, 'CSeq') ?? '').method;
      if (branch !== undefined) tx = this.clients.get(`${branch}\u0000${method}`);
    } catch { /* the parser has checked both; nothing matches otherwise */ }
    this.emitWire(false, local, remote, bytes, response, tx?.isRepeat(response, bytes) ?? false);
    tx?.receive(response, bytes);
  }

  private onRequest(request: SipRequest, bytes: Buffer, local: SipAddress, remote: SipAddress, conn: Connection | undefined): void {
    const topVia = headerValues(request, 'Via')[0];
    const via = parseVia(topVia);
    const method = request.method;
    if (method === 'ACK') {
      const tx = this.servers.get(serverKey(via, 'INVITE', request));
      if (tx && (tx.state === 'completed' || tx.state === 'confirmed')) {
        // The ACK of a non-2xx final belongs to the transaction (Timer I) and goes no further.
        this.emitWire(false, local, remote, bytes, request, tx.state === 'confirmed');
        if (tx.state === 'completed') tx.confirm();
        return;
      }
      const accepted = this.accepted.get(ackKeyOf(header(request, 'Call-ID'), header(request, 'CSeq'), tagOf(header(request, 'To'))));
      this.emitWire(false, local, remote, bytes, request, accepted?.acked ?? false);
      if (accepted?.acked) return;
      accepted?.ackReceived();
      this.callHandler((h) => h.ack(request, remote));
      return;
    }
    // kept as long as the transaction lingers: a copy, not slices of the received text
    const key = unsharedCopy(serverKey(via, method, request));
    const existing = this.servers.get(key);
    if (existing) {
      this.emitWire(false, local, remote, bytes, request, true);
      existing.resendLast();
      return;
    }
    this.emitWire(false, local, remote, bytes, request, false);
    const adjusted = withReceived(request, via, remote);
    const tx = new ServerTx(this, adjusted, remote, conn, key, method === 'INVITE');
    this.servers.set(key, tx);
    if (method === 'CANCEL') {
      const invite = this.servers.get(serverKey(via, 'INVITE', request));
      if (!invite) {
        tx.respond(buildResponse(adjusted, 481, { toTag: this.randomTag() }));
        return;
      }
      tx.respond(buildResponse(adjusted, 200, { toTag: invite.toTag ?? this.randomTag() }));
      if (!invite.finalSent) this.callHandler((h) => h.cancel(invite, request));
      return;
    }
    if (method === 'INVITE') tx.respond(buildResponse(adjusted, 100));
    this.callHandler((h) => h.request(tx));
  }

  /** Answers input that did not parse when it can (`malformedResponse`); anything else is dropped. */
  private answerMalformed(bytes: Buffer, status: 400 | 513, problem: string, remote: SipAddress, conn: Connection | undefined): void {
    const host = this.local[0]?.host ?? '-';
    const response = malformedResponse(bytes, status, problem, { remote, maxBytes: this.maxBytes, host, newTag: () => this.randomTag() });
    if (!response) return;
    let out: Buffer;
    try { out = serialize(response); } catch { return; }
    try {
      this.transmit(response, out, remote, false, conn, undefined);
    } catch (e) {
      this.reportError(e as Error);
    }
  }

  // ---- plumbing ----

  private randomTag(): string {
    return Buffer.from(this.random(6)).toString('hex');
  }

  private emitWire(sent: boolean, local: SipAddress, remote: SipAddress, bytes: Buffer, message: SipMessage | undefined,
    retransmission: boolean): void {
    if (this.closed) return;
    const event = { at: this.now(), sent, local, remote, bytes, message, retransmission };
    this.callHandler((h) => h.wire(event));
  }

  /** @internal Runs a handler callback; an exception goes to handler.error, never into the socket's event loop. */
  callHandler(fn: (handler: StackHandler) => void): void {
    if (this.closed) return;
    try { fn(this.handler); } catch (e) { this.reportError(e instanceof Error ? e : new Error(String(e))); }
  }

  private guard(fn: () => void): void {
    try { fn(); } catch (e) { this.reportError(e instanceof Error ? e : new Error(String(e))); }
  }

  private reportError(error: Error): void {
    if (this.handler.error) {
      try { this.handler.error(error); return; } catch { /* fall through to a warning */ }
    }
    process.emitWarning(error);
  }
}

function bindUdp(host: string, port: number): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    socket.once('error', reject);
    socket.bind(port, host, () => { socket.off('error', reject); resolve(socket); });
  });
}

function listenOn(server: net.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => { server.off('error', reject); resolve(); });
  });
}

/** RFC 3261 17.2.3: branch, sent-by and method; requests without the magic cookie fall back to RFC 2543 matching. */
function serverKey(via: Via, method: string, request: SipRequest): string {
  if (via.branch !== undefined && via.branch.startsWith('z9hG4bK')) {
    return `${via.branch}\u0000${via.host}:${via.port ?? ''}\u0000${method}`;
  }
  let seq = '';
  try { seq = String(parseCSeq(header(request, 'CSeq') ?? '').seq); } catch { /* matched on the rest */ }
  return `2543\u0000${header(request, 'Call-ID')}\u0000${seq}\u0000${tagOf(header(request, 'From'))}\u0000${via.host}:${via.port ?? ''}\u0000${method}`;
}

/**
 * RFC 3261 18.2.1 and RFC 3581: the top Via gets `received` when the source address differs from sent-by or
 * when rport is asked for, and `rport` gets the source port. Returns the request unchanged when nothing is added.
 */
function withReceived(request: SipRequest, via: Via, remote: SipAddress): SipRequest {
  if (via.host === remote.host && !('rport' in via.params)) return request;
  const index = request.headers.findIndex((h) => h.name === 'Via');
  const parts = splitList(request.headers[index].value);
  parts[0] = receivedVia(parts[0], via, remote);
  const headers = request.headers.slice();
  headers[index] = { name: 'Via', value: parts.join(', ') };
  return { ...request, headers };
}
