import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import {
  buildResponse,
  digestAuthorization,
  parseDigestChallenge,
  parseSip,
  serialize,
  type SipMessage,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import { until } from '../../support/sip/sipPhone.js';

const hex = (n: number): string => randomBytes(n).toString('hex');

function header(message: SipMessage, name: string): string | undefined {
  return message.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
}

/** An SDP offer or answer of plain RTP audio (PCMU) on a port nothing listens on: signalling is what is tested. */
function sdp(port: number): string {
  return [
    'v=0',
    `o=- ${port} 1 IN IP4 127.0.0.1`,
    's=-',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=audio ${port} RTP/AVP 0`,
    'a=rtpmap:0 PCMU/8000',
    'a=sendrecv',
    '',
  ].join('\r\n');
}

/** The text of a request as a browser's SIP stack writes it (Via WS with a `.invalid` sent-by, no Content-Length unless a body). */
function requestText(lines: string[], body = ''): string {
  const withBody = body
    ? [...lines, 'Content-Type: application/sdp', `Content-Length: ${Buffer.byteLength(body)}`]
    : lines;
  return `${withBody.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * A browser's SIP over WebSocket phone for the tests (RFC 7118): a `ws` client with the `sip` subprotocol that
 * registers with its digest, calls, answers the calls it gets (180, then 200 with SDP) and hangs up. Its Contact is
 * `sip:user@<random>.invalid;transport=ws`, as browsers' are: only its connection reaches it.
 */
export class WsPhone {
  readonly received: SipMessage[] = [];
  closed: { code: number } | undefined;
  private readonly host = `${hex(5)}.invalid`;
  private seq = 0;
  /** The dialog of its call: the INVITE it got (answered) or sent, and the other side's To tag. */
  private dialog: { invite: SipRequest; remoteTag: string; mine: boolean; route: string } | undefined;

  private constructor(
    readonly ws: WebSocket,
    readonly user: string,
    readonly domain: string,
    /** WS, or WSS over TLS: what its Via and Contact name (RFC 7118 sections 5.2 and 5.3). */
    readonly transport: 'WS' | 'WSS',
  ) {
    ws.on('message', (data: Buffer) => {
      let message: SipMessage;
      try {
        message = parseSip(data);
      } catch {
        return;
      }
      this.received.push(message);
      if (message.kind === 'request') this.onRequest(message);
    });
    ws.on('close', (code) => (this.closed = { code }));
  }

  static open(url: string, user: string, domain: string): Promise<WsPhone> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, ['sip'], { rejectUnauthorized: false });
      ws.once('open', () => resolve(new WsPhone(ws, user, domain, url.startsWith('wss:') ? 'WSS' : 'WS')));
      ws.once('error', reject);
    });
  }

  get contact(): string {
    return `sip:${this.user}@${this.host};transport=${this.transport.toLowerCase()}`;
  }

  /** REGISTER, the 401's challenge answered with the password: the final status. */
  async register(password: string, expires = 600): Promise<number> {
    const callId = `${hex(6)}-reg`;
    const send = (authorization?: string) => {
      const branch = `z9hG4bK${hex(6)}`;
      this.send(
        requestText([
          `REGISTER sip:${this.domain} SIP/2.0`,
          `Via: SIP/2.0/${this.transport} ${this.host};branch=${branch}`,
          'Max-Forwards: 70',
          `To: <sip:${this.user}@${this.domain}>`,
          `From: <sip:${this.user}@${this.domain}>;tag=${hex(4)}`,
          `Call-ID: ${callId}`,
          `CSeq: ${++this.seq} REGISTER`,
          `Contact: <${this.contact}>;expires=${expires}`,
          ...(authorization ? [`Authorization: ${authorization}`] : []),
        ]),
      );
      return this.final(callId, this.seq);
    };
    const first = await send();
    if (first.status !== 401) return first.status;
    const challenge = parseDigestChallenge(header(first, 'WWW-Authenticate') ?? '')!;
    const authorization = digestAuthorization(
      challenge,
      { username: this.user, password },
      'REGISTER',
      `sip:${this.domain}`,
    );
    return (await send(authorization)).status;
  }

  /** Calls `number`: the INVITE's final status (the 2xx ACKed). */
  async call(number: string): Promise<number> {
    const callId = `${hex(6)}-call`;
    const branch = `z9hG4bK${hex(6)}`;
    const invite = requestText(
      [
        `INVITE sip:${number}@${this.domain} SIP/2.0`,
        `Via: SIP/2.0/${this.transport} ${this.host};branch=${branch}`,
        'Max-Forwards: 70',
        `To: <sip:${number}@${this.domain}>`,
        `From: <sip:${this.user}@${this.domain}>;tag=${hex(4)}`,
        `Call-ID: ${callId}`,
        `CSeq: ${++this.seq} INVITE`,
        `Contact: <${this.contact};ob>`,
      ],
      sdp(41000),
    );
    this.send(invite);
    const final = await this.final(callId, this.seq, 20_000);
    if (final.status >= 200 && final.status < 300) {
      const sent = parseSip(Buffer.from(invite)) as SipRequest;
      const route = header(final, 'Contact')!
        .replace(/^[^<]*</, '')
        .replace(/>.*$/, '');
      this.dialog = {
        invite: sent,
        remoteTag: /tag=([^;\s]+)/.exec(header(final, 'To') ?? '')![1]!,
        mine: true,
        route,
      };
      this.inDialog('ACK', this.seq);
    } else {
      // the ACK of a failure is the INVITE transaction's: its branch, the response's To (RFC 3261 section 17.1.1.3)
      const sent = parseSip(Buffer.from(invite)) as SipRequest;
      this.send(
        requestText([
          `ACK sip:${number}@${this.domain} SIP/2.0`,
          `Via: SIP/2.0/${this.transport} ${this.host};branch=${branch}`,
          'Max-Forwards: 70',
          `To: ${header(final, 'To')}`,
          `From: ${header(sent, 'From')}`,
          `Call-ID: ${callId}`,
          `CSeq: ${this.seq} ACK`,
        ]),
      );
    }
    return final.status;
  }

  /** Hangs up its call: the BYE's final status. */
  async hangUp(): Promise<number> {
    this.inDialog('BYE', ++this.seq);
    return (await this.final(header(this.dialog!.invite, 'Call-ID')!, this.seq)).status;
  }

  /** The requests of `method` it received. */
  requests(method: string): SipRequest[] {
    return this.received.filter((m): m is SipRequest => m.kind === 'request' && m.method === method);
  }

  send(text: string): void {
    this.ws.send(text);
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    const done = new Promise((resolve) => this.ws.once('close', resolve));
    this.ws.close(1000);
    return done.then(() => undefined);
  }

  private inDialog(method: 'ACK' | 'BYE', seq: number): void {
    const d = this.dialog!;
    const from = header(d.invite, d.mine ? 'From' : 'To')!.replace(/;tag=.*$/, '');
    const localTag = d.mine ? /tag=([^;\s]+)/.exec(header(d.invite, 'From')!)![1] : 'wsphone';
    const to = header(d.invite, d.mine ? 'To' : 'From')!.replace(/;tag=.*$/, '');
    this.send(
      requestText([
        `${method} ${d.route} SIP/2.0`,
        `Via: SIP/2.0/${this.transport} ${this.host};branch=z9hG4bK${hex(6)}`,
        'Max-Forwards: 70',
        `From: ${from};tag=${localTag}`,
        `To: ${to};tag=${d.remoteTag}`,
        `Call-ID: ${header(d.invite, 'Call-ID')}`,
        `CSeq: ${method === 'ACK' ? /^\d+/.exec(header(d.invite, 'CSeq')!)![0] : seq} ${method}`,
      ]),
    );
  }

  /** An INVITE is answered 180 then 200 with SDP; a BYE 200. */
  private onRequest(request: SipRequest): void {
    const respond = (status: number, body?: string): void => {
      let response = buildResponse(request, status, { toTag: 'wsphone' });
      response = {
        ...response,
        headers: [
          ...response.headers,
          { name: 'Contact', value: `<${this.contact}>` },
          ...(body ? [{ name: 'Content-Type', value: 'application/sdp' }] : []),
        ],
        body: body ?? '',
      };
      this.ws.send(serialize(response));
    };
    if (request.method === 'INVITE') {
      const contact = header(request, 'Contact') ?? '';
      this.dialog = {
        invite: request,
        remoteTag: /tag=([^;\s]+)/.exec(header(request, 'From') ?? '')![1]!,
        mine: false,
        route: contact.replace(/^[^<]*</, '').replace(/>.*$/, ''),
      };
      respond(180);
      respond(200, sdp(42000));
    } else if (request.method === 'BYE' || request.method === 'OPTIONS') respond(200);
  }

  private async final(callId: string, seq: number, ms = 10_000): Promise<SipResponse> {
    const match = (m: SipMessage): m is SipResponse =>
      m.kind === 'response' &&
      m.status >= 200 &&
      header(m, 'Call-ID') === callId &&
      (header(m, 'CSeq') ?? '').startsWith(`${seq} `);
    await until(async () => this.received.some(match), `a final answer to ${callId} CSeq ${seq}`, ms);
    return this.received.find(match)!;
  }
}
