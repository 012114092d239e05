import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildResponse } from '../build.js';
import {
  header,
  headerValues,
  parseCSeq,
  parseVia,
  serialize,
  splitList,
  type SipMessage,
  type SipRequest,
  type SipResponse,
  type Via,
  unsharedCopy,
} from '../message.js';
import { ackKeyOf } from './ackKeyOf.js';
import { ClientTx } from './clientTx.js';
import type { Connection } from './connection.js';
import { ExpiryQueue } from './expiryQueue.js';
import { receivedVia } from './receivedVia.js';
import { ServerTx } from './serverTx.js';
import { tagOf } from './tagOf.js';
import { Transport } from './transport.js';
import type {
  ClientCallbacks,
  ClientTransaction,
  SipAddress,
  SipStackOptions,
  StackHandler,
  StackTimers,
} from './types.js';

const DEFAULT_TIMERS: StackTimers = { T1: 500, T2: 4000, T4: 5000 };

/** A transaction whose end the stack's expiry queues carry out: `ended` with the ticket its end was set with. */
interface Ending {
  ended(ticket: number): void;
}

/**
 * A SIP transport and transaction layer (RFC 3261 sections 17 and 18) over UDP, TCP, TLS, WS and WSS (RFC 7118). The transaction
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
  private readonly now: () => number;
  private closed = false;
  private readonly random: (size: number) => Uint8Array;
  /** @internal The transport layer below the transactions: listeners, connections and framing. */
  readonly transport: Transport;

  private constructor(
    options: SipStackOptions,
    private readonly handler: StackHandler,
    transport: Transport,
  ) {
    this.transport = transport;
    this.local = transport.local;
    this.timers = { ...DEFAULT_TIMERS, ...options.timers };
    this.now = options.now ?? (() => performance.timeOrigin + performance.now());
    this.random = options.random ?? randomBytes;
    transport.start({
      received: (...message) => this.received(...message),
      wire: (...event) => this.emitWire(...event),
      error: (error) => this.reportError(error),
      newTag: () => this.randomTag(),
      refused: (refusal) => this.callHandler((h) => h.refused?.(refusal)),
      flowClosed: (remote, local) => this.callHandler((h) => h.flowClosed?.(remote, local)),
    });
  }

  /** Opens the listeners. With port 0, UDP gets an ephemeral port and TCP listens on the same number. */
  static async listen(options: SipStackOptions, handler: StackHandler): Promise<SipStack> {
    return new SipStack(options, handler, await Transport.listen(options));
  }

  /** @internal */
  get isClosed(): boolean {
    return this.closed;
  }

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

  /**
   * Starts a client transaction (INVITE: Timer A/B/D; others: E/F/K over UDP; no retransmission over TCP/TLS). On a
   * closed stack nothing can be sent: the request fails as a transport error would (RFC 3261 section 8.1.3.1), its
   * `timeout('transport')` called on a later turn, so a dialog that outlived its listener ends instead of throwing.
   */
  request(request: SipRequest, destination: SipAddress, callbacks: ClientCallbacks): ClientTransaction {
    if (this.closed) return unsent(request, destination, callbacks);
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

  /**
   * Sends a message outside any transaction: the ACK to a 2xx, or a 2xx retransmission done by hand. On a closed
   * stack it is dropped, as a datagram lost on the way would be (the peer's retransmissions find nobody either).
   */
  send(message: SipMessage, destination: SipAddress): void {
    if (this.closed) return;
    this.transport.transmit(message, serialize(message), destination, false, undefined, undefined);
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
    await this.transport.close();
  }

  // ---- receiving ----

  private received(
    message: SipMessage,
    bytes: Buffer,
    local: SipAddress,
    remote: SipAddress,
    conn: Connection | undefined,
  ): void {
    if (message.kind === 'response') this.onResponse(message, bytes, local, remote);
    else this.onRequest(message, bytes, local, remote, conn);
  }

  /** RFC 3261 17.1.3: a response matches the client transaction of its top Via's branch and its CSeq method. */
  private onResponse(response: SipResponse, bytes: Buffer, local: SipAddress, remote: SipAddress): void {
    let tx: ClientTx | undefined;
    try {
      const branch = parseVia(headerValues(response, 'Via')[0]).branch;
      const method = parseCSeq(header(response, 'CSeq') ?? '').method;
      if (branch !== undefined) tx = this.clients.get(`${branch}\u0000${method}`);
    } catch {
      /* the parser has checked both; nothing matches otherwise */
    }
    this.emitWire(false, local, remote, bytes, response, tx?.isRepeat(response, bytes) ?? false);
    tx?.receive(response, bytes);
  }

  private onRequest(
    request: SipRequest,
    bytes: Buffer,
    local: SipAddress,
    remote: SipAddress,
    conn: Connection | undefined,
  ): void {
    const topVia = headerValues(request, 'Via')[0];
    const via = parseVia(topVia);
    const method = request.method;
    if (method === 'ACK') {
      const tx = this.servers.get(serverKey(via, 'INVITE', request));
      if (tx && (tx.state === 'completed' || tx.state === 'confirmed')) {
        // The ACK of a non-2xx final belongs to the transaction (Timer I, RFC 3261 17.2.1) and goes no further.
        this.emitWire(false, local, remote, bytes, request, tx.state === 'confirmed');
        if (tx.state === 'completed') tx.confirm();
        return;
      }
      const accepted = this.accepted.get(
        ackKeyOf(header(request, 'Call-ID'), header(request, 'CSeq'), tagOf(header(request, 'To'))),
      );
      this.emitWire(false, local, remote, bytes, request, accepted?.acked ?? false);
      if (accepted?.acked) return;
      accepted?.ackReceived();
      this.callHandler((h) => h.ack(request, remote));
      return;
    }
    // kept as long as the transaction lingers: a copy, not slices of the received text
    const key = unsharedCopy(serverKey(via, method, request));
    const existing = this.servers.get(key);
    if (existing && header(existing.request, 'CSeq') !== header(request, 'CSeq')) {
      // the branch of another transaction (another CSeq): not a repeat, and a branch names one transaction only
      // (RFC 3261 sections 8.1.1.7 and 17.2.3), so it is refused, in a transaction of its own
      this.emitWire(false, local, remote, bytes, request, false);
      const refused = new ServerTx(this, withReceived(request, via, remote), remote, conn, `${key}\u0000reused`, false);
      refused.respond(
        buildResponse(refused.request, 400, {
          reason: 'Via Branch Reused',
          toTag: tagOf(header(request, 'To')) === undefined ? this.randomTag() : undefined,
        }),
      );
      return;
    }
    if (existing) {
      // a repeat, absorbed by its transaction (RFC 3261 17.2.1, 17.2.2)
      this.emitWire(false, local, remote, bytes, request, true);
      existing.resendLast();
      return;
    }
    this.emitWire(false, local, remote, bytes, request, false);
    const adjusted = withReceived(request, via, remote);
    const tx = new ServerTx(this, adjusted, remote, conn, key, method === 'INVITE');
    this.servers.set(key, tx);
    if (method === 'CANCEL') {
      // RFC 3261 9.2: the CANCEL is answered at once, 481 when it matches no transaction.
      const invite = this.servers.get(serverKey(via, 'INVITE', request));
      if (!invite) {
        tx.respond(buildResponse(adjusted, 481, { toTag: this.randomTag() }));
        return;
      }
      tx.respond(buildResponse(adjusted, 200, { toTag: invite.toTag ?? this.randomTag() }));
      if (!invite.finalSent) this.callHandler((h) => h.cancel(invite, request));
      return;
    }
    if (method === 'INVITE') tx.respond(buildResponse(adjusted, 100)); // RFC 3261 17.2.1: 100 Trying at once
    this.callHandler((h) => h.request(tx));
  }

  // ---- plumbing ----

  private randomTag(): string {
    return Buffer.from(this.random(6)).toString('hex');
  }

  private emitWire(
    sent: boolean,
    local: SipAddress,
    remote: SipAddress,
    bytes: Buffer,
    message: SipMessage | undefined,
    retransmission: boolean,
  ): void {
    if (this.closed) return;
    const event = { at: this.now(), sent, local, remote, bytes, message, retransmission };
    this.callHandler((h) => h.wire(event));
  }

  /** @internal Runs a handler callback; an exception goes to handler.error, never into the socket's event loop. */
  callHandler(fn: (handler: StackHandler) => void): void {
    if (this.closed) return;
    try {
      fn(this.handler);
    } catch (e) {
      this.reportError(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private reportError(error: Error): void {
    if (this.handler.error) {
      try {
        this.handler.error(error);
        return;
      } catch {
        /* fall through to a warning */
      }
    }
    process.emitWarning(error);
  }
}

/** RFC 3261 17.2.3: branch, sent-by and method; requests without the magic cookie fall back to RFC 2543 matching. */
function serverKey(via: Via, method: string, request: SipRequest): string {
  if (via.branch !== undefined && via.branch.startsWith('z9hG4bK')) {
    return `${via.branch}\u0000${via.host}:${via.port ?? ''}\u0000${method}`;
  }
  let seq = '';
  try {
    seq = String(parseCSeq(header(request, 'CSeq') ?? '').seq);
  } catch {
    /* matched on the rest */
  }
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

/** A request a closed stack could not send: reported as a transport error on a later turn, unless abandoned first. */
function unsent(request: SipRequest, destination: SipAddress, callbacks: ClientCallbacks): ClientTransaction {
  let abandoned = false;
  setImmediate(() => {
    if (!abandoned) callbacks.timeout('transport');
  });
  return {
    request,
    destination,
    abandon: () => {
      abandoned = true;
    },
  };
}
