import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { performance } from 'node:perf_hooks';
import { expect } from 'chai';
import {
  buildRequest,
  buildResponse,
  digestAuthorization,
  header,
  parseDigestChallenge,
  SipStack,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import type { ApiClient } from '../../support/ApiClient.js';

/** Where a message goes, or where it came from. */
export interface Endpoint {
  readonly host: string;
  readonly port: number;
}

/** A request outside any dialog from `local` to `target` (Via with rport, a fresh branch, tag and Call-ID). */
export function request(method: string, local: Endpoint, target: Endpoint, user = '4930123456'): string {
  const callId = `${randomBytes(8).toString('hex')}@${local.host}`;
  return [
    `${method} sip:${user}@${target.host}:${target.port} SIP/2.0`,
    `Via: SIP/2.0/UDP ${local.host}:${local.port};rport;branch=z9hG4bK-${randomBytes(6).toString('hex')}`,
    'Max-Forwards: 70',
    `From: <sip:caller@${local.host}:${local.port}>;tag=${randomBytes(4).toString('hex')}`,
    `To: <sip:${user}@${target.host}:${target.port}>`,
    `Call-ID: ${callId}`,
    `CSeq: 1 ${method}`,
    `Contact: <sip:caller@${local.host}:${local.port}>`,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

/** A UDP socket bound to `host` (any address of this machine: 127.0.0.2 is another peer to the gateway) that keeps what it gets. */
export class UdpPeer {
  readonly received: string[] = [];

  private constructor(readonly socket: Socket) {
    socket.on('message', (datagram) => this.received.push(datagram.toString('latin1')));
    socket.on('error', () => undefined); // an ICMP unreachable: nothing listens, nothing replies
  }

  static async open(host: string, port = 0): Promise<UdpPeer> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, host, () => resolve());
    });
    return new UdpPeer(socket);
  }

  get local(): Endpoint {
    const address = this.socket.address();
    return { host: address.address, port: address.port };
  }

  send(text: string, to: Endpoint): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.send(Buffer.from(text, 'latin1'), to.port, to.host, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** The status lines of what came back (`SIP/2.0 403 Forbidden` → 403). */
  statuses(): number[] {
    return this.received.map((text) => Number(/^SIP\/2\.0 (\d{3}) /.exec(text)?.[1] ?? 0));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

/** Sends `method` from a fresh socket on `host` to `target` and answers the statuses that came back within `windowMs`. */
export async function ask(host: string, target: Endpoint, method: string, windowMs = 700): Promise<number[]> {
  const peer = await UdpPeer.open(host);
  try {
    await peer.send(request(method, peer.local, target), target);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    return peer.statuses();
  } finally {
    await peer.close();
  }
}

/** Connects over TCP from `host` and answers whether the gateway closed the connection within `windowMs`. */
export function closedAtOnce(host: string, target: Endpoint, windowMs = 700): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: target.host, port: target.port, localAddress: host });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, windowMs);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** An IPv4 address of this machine that is not the loopback (undefined when it has none). */
export function lanAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces()))
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  return undefined;
}

/** A node's entry of the lab's SIP state: its whitelists and what they refused. */
export interface NodePeers {
  nodeId: string;
  nodeName: string;
  sip?: { name: string; peers: string[] };
  media?: { name: string; peers: string[] };
  outsidePeers: 'drop' | 'forbid';
  refused: { sip: number; answered: number; rtp: number };
}

/** The lab's SIP state (GET /_sim/labs/default/sip). */
export async function sipState(admin: ApiClient): Promise<any> {
  const response = await admin.get('/_sim/labs/default/sip', { version: null });
  expect(response.status, response.text).to.equal(200);
  return response.json;
}

/** The node's whitelists and refusals, as the lab's SIP state shows them. */
export async function nodePeers(admin: ApiClient, nodeId: string): Promise<NodePeers> {
  const found = ((await sipState(admin)).peers as NodePeers[]).find((n) => n.nodeId === nodeId);
  expect(found, `node ${nodeId} in the SIP state`).to.not.equal(undefined);
  return found!;
}

/** Changes the lab's SIP setting (PUT /_sim/labs/default/sip); answers the state. */
export async function setSip(admin: ApiClient, body: Record<string, unknown>): Promise<any> {
  const response = await admin.put('/_sim/labs/default/sip', { version: null, json: body });
  expect(response.status, response.text).to.equal(200);
  return response.json;
}

/** What a REGISTER came to: the first answer, the last (after a digest), and ms from sending the last to its answer. */
export interface Registered {
  readonly first: SipResponse;
  readonly last: SipResponse;
  readonly lastMs: number;
}

/** A phone on `host` (any loopback address: each is a source of its own) that registers at a registrar node over UDP. */
export class GuardPhone {
  private seq = 0;
  private readonly callId = `${randomBytes(8).toString('hex')}@guard.test`;

  private constructor(
    private readonly stack: SipStack,
    private readonly registrar: Endpoint,
    private readonly domain: string,
  ) {}

  static async open(host: string, registrar: Endpoint, domain: string): Promise<GuardPhone> {
    const stack = await SipStack.listen(
      { host, port: 0, transports: ['UDP'], timers: { T1: 200 } },
      {
        request: (tx) => tx.respond(buildResponse(tx.request, 405, { toTag: 'phone' })),
        ack: () => undefined,
        cancel: () => undefined,
        ackTimeout: () => undefined,
        wire: () => undefined,
      },
    );
    return new GuardPhone(stack, registrar, domain);
  }

  /** REGISTERs `user`, answering a 401 with the digest of `username` (default `user`) and `password`. */
  async register(user: string, password: string, username = user): Promise<Registered> {
    const first = await this.send(this.build(user));
    if (first.status !== 401) return { first, last: first, lastMs: 0 };
    const challenge = parseDigestChallenge(header(first, 'WWW-Authenticate') ?? '')!;
    const authorization = digestAuthorization(challenge, { username, password }, 'REGISTER', `sip:${this.domain}`);
    const started = performance.now();
    const last = await this.send(this.build(user, authorization));
    return { first, last, lastMs: performance.now() - started };
  }

  private build(user: string, authorization?: string): SipRequest {
    this.seq += 1;
    const local = this.stack.local[0]!;
    const request = buildRequest({
      method: 'REGISTER',
      uri: `sip:${this.domain}`,
      via: { transport: 'UDP', host: local.host, port: local.port, branch: `z9hG4bK${randomBytes(6).toString('hex')}` },
      from: { uri: `sip:${user}@${this.domain}`, params: { tag: randomBytes(4).toString('hex') } },
      to: { uri: `sip:${user}@${this.domain}`, params: {} },
      callId: this.callId,
      cseq: this.seq,
      contact: { uri: `sip:${user}@${local.host}:${local.port}`, params: {} },
    });
    return {
      ...request,
      headers: [
        ...request.headers,
        { name: 'Expires', value: '600' },
        ...(authorization ? [{ name: 'Authorization', value: authorization }] : []),
      ],
    };
  }

  private send(request: SipRequest): Promise<SipResponse> {
    return new Promise((resolve, reject) => {
      this.stack.request(
        request,
        { transport: 'UDP', ...this.registrar },
        {
          response: (response) => {
            if (response.status >= 200) resolve(response);
          },
          timeout: (reason) => reject(new Error(`REGISTER got no final response (${reason})`)),
        },
      );
    });
  }

  close(): Promise<void> {
    return this.stack.close();
  }
}
