import dgram from 'node:dgram';
import net from 'node:net';
import { expect } from 'chai';
import {
  buildRequest,
  parseSip,
  SipStack,
  type SipAddress,
  type SipMessage,
  type SipRequest,
  type SipResponse,
  type RefusedPeer,
  type ServerTransaction,
  type SipStackOptions,
  type StackHandler,
  type WireEvent,
} from '../src/index.js';

/** Short timers so retransmission and timeout paths run in milliseconds. */
export const FAST = { T1: 20, T2: 80, T4: 100 };

/** Waits until a condition holds; the deadline only guards against a hang, it asserts nothing about speed. */
export async function until(condition: () => boolean, what: string, deadlineMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > deadlineMs) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A transaction user that records everything the stack reports, and answers requests through `onRequest`. */
export class Recorder implements StackHandler {
  readonly requests: ServerTransaction[] = [];
  readonly acks: { request: SipRequest; source: SipAddress }[] = [];
  readonly cancels: { invite: ServerTransaction; cancel: SipRequest }[] = [];
  readonly ackTimeouts: ServerTransaction[] = [];
  readonly wires: WireEvent[] = [];
  readonly errors: Error[] = [];
  readonly refusals: RefusedPeer[] = [];
  onRequest: (tx: ServerTransaction) => void = () => {};
  onCancel: (invite: ServerTransaction, cancel: SipRequest) => void = () => {};

  request(tx: ServerTransaction): void {
    this.requests.push(tx);
    this.onRequest(tx);
  }
  ack(request: SipRequest, source: SipAddress): void {
    this.acks.push({ request, source });
  }
  cancel(invite: ServerTransaction, cancel: SipRequest): void {
    this.cancels.push({ invite, cancel });
    this.onCancel(invite, cancel);
  }
  ackTimeout(invite: ServerTransaction): void {
    this.ackTimeouts.push(invite);
  }
  wire(event: WireEvent): void {
    this.wires.push(event);
  }
  error(error: Error): void {
    this.errors.push(error);
  }
  refused(refusal: RefusedPeer): void {
    this.refusals.push(refusal);
  }
  /** A WebSocket connection closed (set by a test that watches flows). */
  flowClosed?: (remote: SipAddress, local: SipAddress) => void;

  /** Start lines of the wire events, `>` sent or `<` received, `*` for a retransmission. */
  lines(): string[] {
    return this.wires.map((w) => `${w.sent ? '>' : '<'}${w.retransmission ? '*' : ' '} ${label(w.message)}`);
  }

  sent(text: string): WireEvent[] {
    return this.wires.filter((w) => w.sent && label(w.message) === text);
  }
}

export function label(message: SipMessage | undefined): string {
  if (!message) return '(unparsed)';
  return message.kind === 'request' ? message.method : `${message.status}`;
}

export async function stack(recorder: Recorder, options: Partial<SipStackOptions> = {}): Promise<SipStack> {
  return SipStack.listen(
    { host: '127.0.0.1', port: 0, transports: ['UDP', 'TCP'], timers: FAST, ...options },
    recorder,
  );
}

/**
 * Alice's stack `a` and Bob's `b` (UDP and TCP on 127.0.0.1, FAST timers) with their recorders, opened before each
 * test of the suite that calls `eachTest` and closed after it with the raw peers the test opened; neither stack may
 * have reported an error.
 */
export class LoopbackPair {
  alice!: Recorder;
  bob!: Recorder;
  a!: SipStack;
  b!: SipStack;
  private readonly raws: RawUdp[] = [];

  static eachTest(): LoopbackPair {
    const pair = new LoopbackPair();
    beforeEach(async () => {
      pair.alice = new Recorder();
      pair.bob = new Recorder();
      pair.a = await stack(pair.alice);
      pair.b = await stack(pair.bob);
    });
    afterEach(async () => {
      await pair.a.close();
      await pair.b.close();
      for (const raw of pair.raws.splice(0)) await raw.close();
      expect(pair.alice.errors.concat(pair.bob.errors)).to.deep.equal([]);
    });
    return pair;
  }

  /** A raw UDP peer, closed after the test. */
  async raw(): Promise<RawUdp> {
    const r = await RawUdp.open();
    this.raws.push(r);
    return r;
  }
}

export function address(s: SipStack, transport: 'UDP' | 'TCP' | 'TLS'): SipAddress {
  const found = s.local.find((a) => a.transport === transport);
  if (!found) throw new Error(`no ${transport} listener`);
  return found;
}

let counter = 0;

/** A request from `from` (its Via and Contact) to `to`, with a fresh branch and Call-ID unless given. */
export function request(
  method: string,
  from: SipAddress,
  to: SipAddress,
  spec: { branch?: string; callId?: string; cseq?: number; rport?: boolean; body?: string } = {},
): SipRequest {
  counter++;
  return buildRequest({
    method,
    uri: `sip:bob@${to.host}:${to.port};transport=${to.transport.toLowerCase()}`,
    via: {
      transport: from.transport,
      host: from.host,
      port: from.port,
      branch: spec.branch ?? `z9hG4bKtest${counter}x${Date.now()}`,
      rport: spec.rport,
    },
    from: { uri: `sip:alice@${from.host}`, params: { tag: `ft${counter}` } },
    to: { uri: `sip:bob@${to.host}`, params: {} },
    callId: spec.callId ?? `call${counter}@test`,
    cseq: spec.cseq ?? 1,
    contact: { uri: `sip:alice@${from.host}:${from.port}`, params: {} },
    body: spec.body,
  });
}

/** A raw UDP socket that records every datagram it gets, parsed. */
export class RawUdp {
  readonly received: { bytes: Buffer; message: SipMessage | undefined }[] = [];
  private constructor(readonly socket: dgram.Socket) {
    socket.on('message', (bytes) => {
      let message: SipMessage | undefined;
      try {
        message = parseSip(bytes);
      } catch {
        message = undefined;
      }
      this.received.push({ bytes, message });
    });
  }

  static async open(): Promise<RawUdp> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    return new RawUdp(socket);
  }

  get address(): SipAddress {
    return { transport: 'UDP', host: '127.0.0.1', port: this.socket.address().port };
  }

  send(data: string | Buffer, to: SipAddress): void {
    this.socket.send(data, to.port, to.host);
  }

  responses(status?: number): SipResponse[] {
    return this.received
      .map((r) => r.message)
      .filter((m): m is SipResponse => m?.kind === 'response' && (status === undefined || m.status === status));
  }

  requests(method: string): SipRequest[] {
    return this.received
      .map((r) => r.message)
      .filter((m): m is SipRequest => m?.kind === 'request' && m.method === method);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

/** A raw TCP client that collects everything it reads and knows when the far end closed. */
export class RawTcp {
  data = Buffer.alloc(0);
  closed = false;
  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.data = Buffer.concat([this.data, chunk]);
    });
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => {
      /* the test looks at closed */
    });
  }

  static async connect(to: SipAddress): Promise<RawTcp> {
    const socket = net.connect(to.port, to.host);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RawTcp(socket);
  }

  get address(): SipAddress {
    return { transport: 'TCP', host: '127.0.0.1', port: this.socket.localPort! };
  }

  /** The messages read so far, cut by Content-Length. */
  messages(): SipMessage[] {
    const out: SipMessage[] = [];
    let rest = this.data;
    for (;;) {
      const end = rest.indexOf('\r\n\r\n');
      if (end < 0) break;
      const length = Number(/Content-Length: (\d+)/i.exec(rest.subarray(0, end).toString())?.[1] ?? 0);
      if (rest.length < end + 4 + length) break;
      out.push(parseSip(rest.subarray(0, end + 4 + length)));
      rest = rest.subarray(end + 4 + length);
    }
    return out;
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => this.socket.write(data, () => resolve()));
  }
}
