import dgram from 'node:dgram';
import {
  buildAck,
  buildBye,
  buildCancel,
  buildOffer,
  buildRequest,
  buildResponse,
  dialogFromResponse,
  header,
  parseNameAddr,
  serializeSdp,
  SipStack,
  type Dialog,
  type ServerTransaction,
  type SipAddress,
  type SipRequest,
  type SipResponse,
  type SipStackOptions,
  type SipTransportName,
  type StackHandler,
} from '@gwsim/sip';

/** Waits until a condition holds; the deadline only guards against a hang, it asserts nothing about speed. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  deadlineMs = 20_000,
): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > deadlineMs) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The audio address an SDP names (c= and the first m=audio port). */
export function sdpAddress(sdp: string): { host: string; port: number } {
  const host = /^c=IN IP4 (\S+)/m.exec(sdp)?.[1];
  const port = /^m=audio (\d+)/m.exec(sdp)?.[1];
  if (host === undefined || port === undefined) throw new Error(`no audio address in ${JSON.stringify(sdp)}`);
  return { host, port: Number(port) };
}

/** A UDP socket that sends and counts RTP packets (12-byte header, PT 8 PCMA, 160 bytes of payload). */
export class RtpEndpoint {
  received = 0;
  private seq = 1;
  private timestamp = 0;
  private readonly ssrc = Math.floor(Math.random() * 0xffffffff) >>> 0;

  private constructor(readonly socket: dgram.Socket) {
    socket.on('message', (packet) => {
      if (packet.length >= 12 && packet[0]! >> 6 === 2) this.received += 1;
    });
  }

  static async open(): Promise<RtpEndpoint> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    return new RtpEndpoint(socket);
  }

  get port(): number {
    return this.socket.address().port;
  }

  /** Sends `count` packets to `to`, one every few ms (the pace does not matter to the relay). */
  async send(to: { host: string; port: number }, count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const packet = Buffer.alloc(12 + 160, 0xd5);
      packet[0] = 0x80;
      packet[1] = 8;
      packet.writeUInt16BE(this.seq & 0xffff, 2);
      packet.writeUInt32BE(this.timestamp >>> 0, 4);
      packet.writeUInt32BE(this.ssrc, 8);
      this.seq += 1;
      this.timestamp += 160;
      await new Promise<void>((resolve, reject) =>
        this.socket.send(packet, to.port, to.host, (error) => (error ? reject(error) : resolve())),
      );
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

/** How a phone answers an INVITE it receives. */
export type AnswerPlan =
  | { readonly kind: 'answer' }
  | { readonly kind: 'ring' }
  | { readonly kind: 'challenge'; readonly respond: (invite: SipRequest) => SipResponse | undefined };

/** An outgoing call of a phone: every response, the dialog once answered. */
export class OutgoingCall {
  readonly responses: SipResponse[] = [];
  final: SipResponse | undefined;
  dialog: Dialog | undefined;
  timedOut = false;
  constructor(
    readonly invite: SipRequest,
    readonly target: SipAddress,
  ) {}
  /** The SDP of the 2xx (the gateway's answer). */
  get answerSdp(): string {
    return this.final?.body ?? '';
  }
}

let sequence = 0;

/**
 * A minimal SIP phone on 127.0.0.1 built on @gwsim/sip's SipStack: it places calls (INVITE with a PCMA offer naming
 * its RTP socket, ACK, BYE, CANCEL) and answers them (180 then 200 with an answer naming its RTP socket, or as
 * `plan` says), answers BYEs 200, and records every request it got.
 */
export class SipPhone implements StackHandler {
  readonly requests: SipRequest[] = [];
  readonly invites: ServerTransaction[] = [];
  readonly cancels: SipRequest[] = [];
  readonly acks: SipRequest[] = [];
  plan: AnswerPlan = { kind: 'answer' };
  private readonly tag = `ph${(sequence += 1)}x${Date.now().toString(36)}`;

  private constructor(
    readonly rtp: RtpEndpoint,
    private readonly transport: SipTransportName,
  ) {}

  stack!: SipStack;

  static async open(
    options: { transport?: SipTransportName; tls?: SipStackOptions['tls']; t1Ms?: number } = {},
  ): Promise<SipPhone> {
    const transport = options.transport ?? 'UDP';
    const phone = new SipPhone(await RtpEndpoint.open(), transport);
    const t1 = options.t1Ms ?? 50;
    phone.stack = await SipStack.listen(
      {
        host: '127.0.0.1',
        port: 0,
        transports: [transport],
        ...(options.tls ? { tls: options.tls } : {}),
        timers: { T1: t1, T2: 8 * t1, T4: 10 * t1 },
      },
      phone,
    );
    return phone;
  }

  /** The phone's SIP address. */
  get address(): SipAddress {
    return this.stack.local.find((a) => a.transport === this.transport)!;
  }

  /** Requests of a method the phone received. */
  received(method: string): SipRequest[] {
    return this.requests.filter((r) => r.method === method);
  }

  /** The SDP offer or answer naming this phone's RTP socket. */
  sdp(): string {
    return serializeSdp(
      buildOffer({ codecs: ['PCMA'], address: '127.0.0.1', port: this.rtp.port, sessionId: String(Date.now()) }),
    );
  }

  /** Places a call to `number` at `target`. */
  call(target: SipAddress, number: string): OutgoingCall {
    sequence += 1;
    const local = this.address;
    const invite = buildRequest({
      method: 'INVITE',
      uri: `sip:${number}@${target.host}:${target.port}`,
      via: {
        transport: local.transport,
        host: local.host,
        port: local.port,
        branch: `z9hG4bKph${sequence}x${Date.now().toString(36)}`,
      },
      from: { uri: `sip:4921155500@${local.host}`, params: { tag: `${this.tag}c${sequence}` } },
      to: { uri: `sip:${number}@${target.host}`, params: {} },
      callId: `phone${sequence}x${Date.now().toString(36)}@127.0.0.1`,
      cseq: 1,
      contact: { uri: `sip:phone@${local.host}:${local.port};transport=${local.transport.toLowerCase()}`, params: {} },
      body: this.sdp(),
    });
    const call = new OutgoingCall(invite, target);
    this.stack.request(invite, target, {
      response: (response, retransmission) => {
        if (!retransmission) call.responses.push(response);
        if (response.status < 200) return;
        if (response.status < 300) {
          call.final ??= response;
          call.dialog ??= dialogFromResponse(invite, response);
          this.stack.send(
            buildAck(invite, response, {
              via: { transport: local.transport, host: local.host, port: local.port },
              branch: this.branch(),
            }),
            target,
          );
        } else call.final ??= response;
      },
      timeout: () => {
        call.timedOut = true;
      },
    });
    return call;
  }

  /** Cancels a call still ringing. */
  cancelCall(call: OutgoingCall): void {
    this.stack.request(buildCancel(call.invite), call.target, { response: () => undefined, timeout: () => undefined });
  }

  /** Hangs up an answered call; resolves with the status of the BYE's response. */
  hangUp(call: OutgoingCall): Promise<number> {
    const local = this.address;
    const bye = buildBye(call.dialog!, {
      via: { transport: local.transport, host: local.host, port: local.port },
      branch: this.branch(),
    });
    return new Promise((resolve) => {
      this.stack.request(bye, call.target, {
        response: (response) => {
          if (response.status >= 200) resolve(response.status);
        },
        timeout: () => resolve(408),
      });
    });
  }

  /**
   * Hangs up a call the phone answered (the `index`th INVITE it got, answered with this phone's tag): the BYE goes
   * to the INVITE's Contact, over the transport its URI names. Resolves with the status of the BYE's response.
   */
  hangUpAnswered(index: number): Promise<number> {
    const invite = this.invites[index]!.request;
    const contact = parseNameAddr(header(invite, 'Contact') ?? '').uri;
    const match = /^sips?:(?:[^@]*@)?([^:;]+):(\d+)(?:;transport=(\w+))?/i.exec(contact);
    if (!match) throw new Error(`no address in the Contact ${contact}`);
    const target: SipAddress = {
      transport: (match[3]?.toUpperCase() ?? 'UDP') as SipTransportName,
      host: match[1]!,
      port: Number(match[2]),
    };
    const dialog: Dialog = {
      callId: header(invite, 'Call-ID')!,
      local: { ...parseNameAddr(header(invite, 'To') ?? ''), params: { tag: `${this.tag}a${index + 1}` } },
      remote: parseNameAddr(header(invite, 'From') ?? ''),
      remoteTarget: contact,
      routeSet: [],
      localSeq: 1,
    };
    const local = this.stack.local.find((a) => a.transport === target.transport) ?? this.address;
    const bye = buildBye(dialog, {
      via: { transport: local.transport, host: local.host, port: local.port },
      branch: this.branch(),
    });
    return new Promise((resolve) => {
      this.stack.request(bye, target, {
        response: (response) => {
          if (response.status >= 200) resolve(response.status);
        },
        timeout: () => resolve(408),
      });
    });
  }

  close(): Promise<void> {
    return Promise.all([this.stack.close(), this.rtp.close()]).then(() => undefined);
  }

  // ---- StackHandler ----------------------------------------------------------------------------------------

  request(transaction: ServerTransaction): void {
    const request = transaction.request;
    this.requests.push(request);
    if (request.method !== 'INVITE') {
      transaction.respond(buildResponse(request, 200));
      return;
    }
    this.invites.push(transaction);
    const plan = this.plan;
    if (plan.kind === 'challenge') {
      const refusal = plan.respond(request);
      if (refusal) {
        transaction.respond(refusal);
        return;
      }
    }
    const toTag = `${this.tag}a${this.invites.length}`;
    const local = this.address;
    transaction.respond(buildResponse(request, 180, { toTag }));
    if (plan.kind === 'ring') return;
    transaction.respond(
      buildResponse(request, 200, {
        toTag,
        body: this.sdp(),
        contact: {
          uri: `sip:phone@${local.host}:${local.port};transport=${local.transport.toLowerCase()}`,
          params: {},
        },
      }),
    );
  }

  ack(request: SipRequest): void {
    this.acks.push(request);
  }

  cancel(invite: ServerTransaction, cancel: SipRequest): void {
    this.cancels.push(cancel);
    invite.respond(buildResponse(invite.request, 487, { toTag: `${this.tag}a${this.invites.indexOf(invite) + 1}` }));
  }

  ackTimeout(): void {
    // the gateway's ACK never came: the phone keeps the call (the tests look at the gateway's side)
  }

  wire(): void {
    // the phones keep no wire history
  }

  error(): void {
    // a failed connection only concerns that call
  }

  private branch(): string {
    sequence += 1;
    return `z9hG4bKph${sequence}y${Date.now().toString(36)}`;
  }
}
