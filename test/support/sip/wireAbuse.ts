import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { connect } from 'node:net';

/** Where abuse is sent. */
export interface WireTarget {
  readonly host: string;
  readonly port: number;
}

export type AbuseKind = 'random' | 'huge' | 'truncated' | 'no-via' | 'bad-cseq';
export type WireTransport = 'UDP' | 'TCP';

/** What came back within the window after sending. */
export interface WireReplies {
  /**
   * UDP: one entry per datagram received on the sending socket. TCP: everything received on the connection as
   * one entry (none when nothing came). Bytes are decoded as latin1, one character per byte.
   */
  readonly replies: string[];
  /** TCP only: whether the other side closed (or reset) the connection within the window. */
  readonly closed?: boolean;
}

/** The local address the message is sent from, for messages that name it (Via, Contact). */
export interface LocalAddress {
  readonly host: string;
  readonly port: number;
}

/** How long replies are collected after sending, by default. */
export const DEFAULT_WINDOW_MS = 500;

/** The largest payload one UDP datagram over IPv4 can carry. */
export const MAX_UDP_PAYLOAD = 65_507;

const ONE_MEGABYTE = 1024 * 1024;

function invite(
  target: WireTarget,
  local: LocalAddress,
  transport: WireTransport,
  options: { via?: boolean; cseq?: string; body?: string } = {},
): string {
  const branch = `z9hG4bK-${randomBytes(6).toString('hex')}`;
  const body = options.body ?? '';
  return [
    `INVITE sip:abuse@${target.host}:${target.port} SIP/2.0`,
    ...(options.via === false ? [] : [`Via: SIP/2.0/${transport} ${local.host}:${local.port};rport;branch=${branch}`]),
    `From: <sip:abuser@${local.host}:${local.port}>;tag=${randomBytes(4).toString('hex')}`,
    `To: <sip:abuse@${target.host}:${target.port}>`,
    `Call-ID: ${randomBytes(8).toString('hex')}@${local.host}`,
    `CSeq: ${options.cseq ?? '1 INVITE'}`,
    `Contact: <sip:abuser@${local.host}:${local.port}>`,
    'Max-Forwards: 70',
    ...(body ? ['Content-Type: application/octet-stream'] : []),
    `Content-Length: ${Buffer.byteLength(body, 'latin1')}`,
    '',
    body,
  ].join('\r\n');
}

/**
 * The bytes of one kind of abuse sent from `local`: random bytes; an INVITE of 1 MB (over UDP, the largest
 * datagram instead: a 1 MB datagram cannot be sent); an INVITE cut in the middle of a header; an INVITE with no
 * Via; an INVITE whose CSeq has no number.
 */
export function abusePayload(
  kind: AbuseKind,
  target: WireTarget,
  local: LocalAddress,
  transport: WireTransport,
): Buffer {
  switch (kind) {
    case 'random':
      return randomBytes(1024);
    case 'huge': {
      const size = transport === 'UDP' ? MAX_UDP_PAYLOAD : ONE_MEGABYTE;
      // The body is sized so that the whole message, headers included, is exactly `size` bytes.
      const headers = invite(target, local, transport, { body: 'x' }).length - 1;
      let bodyLength = size - headers;
      // The Content-Length value may have more digits than the one-byte placeholder's.
      bodyLength -= String(bodyLength).length - 1;
      return Buffer.from(invite(target, local, transport, { body: 'x'.repeat(bodyLength) }), 'latin1');
    }
    case 'truncated': {
      const whole = invite(target, local, transport);
      const cut = whole.indexOf('Call-ID: ') + 'Call-ID: '.length + 4;
      return Buffer.from(whole.slice(0, cut), 'latin1');
    }
    case 'no-via':
      return Buffer.from(invite(target, local, transport, { via: false }), 'latin1');
    case 'bad-cseq':
      return Buffer.from(invite(target, local, transport, { cseq: 'one INVITE' }), 'latin1');
  }
}

/** Sends one kind of abuse to `target` and collects what comes back within `windowMs`. */
export async function sendGarbage(
  target: WireTarget,
  kind: AbuseKind,
  transport: WireTransport,
  windowMs = DEFAULT_WINDOW_MS,
): Promise<WireReplies> {
  return sendRaw(target, (local) => abusePayload(kind, target, local, transport), transport, windowMs);
}

/**
 * Sends one message (text, bytes, or a function of the local address it is sent from) to `target` and collects
 * what comes back within `windowMs`.
 */
export async function sendRaw(
  target: WireTarget,
  message: string | Buffer | ((local: LocalAddress) => string | Buffer),
  transport: WireTransport,
  windowMs = DEFAULT_WINDOW_MS,
): Promise<WireReplies> {
  const bytes = (local: LocalAddress): Buffer => {
    const value = typeof message === 'function' ? message(local) : message;
    return typeof value === 'string' ? Buffer.from(value, 'latin1') : value;
  };
  return transport === 'UDP' ? sendUdp(target, bytes, windowMs) : sendTcp(target, bytes, windowMs);
}

async function sendUdp(
  target: WireTarget,
  bytes: (local: LocalAddress) => Buffer,
  windowMs: number,
): Promise<WireReplies> {
  const socket = createSocket('udp4');
  const replies: string[] = [];
  socket.on('message', (datagram) => replies.push(datagram.toString('latin1')));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve());
    });
    // An ICMP port unreachable shows as an error on the socket: nothing listens, so nothing replies.
    socket.on('error', () => undefined);
    const payload = bytes({ host: '127.0.0.1', port: socket.address().port });
    await new Promise<void>((resolve, reject) =>
      socket.send(payload, target.port, target.host, (error) => (error ? reject(error) : resolve())),
    );
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    return { replies };
  } finally {
    socket.close();
  }
}

async function sendTcp(
  target: WireTarget,
  bytes: (local: LocalAddress) => Buffer,
  windowMs: number,
): Promise<WireReplies> {
  const chunks: Buffer[] = [];
  let closed = false;
  const socket = connect({ host: target.host, port: target.port });
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => {
    socket.once('close', () => {
      closed = true;
      resolve();
    });
  });
  // A reset while sending or reading is the other side closing the connection, which the result reports.
  socket.on('error', () => undefined);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.write(bytes({ host: socket.localAddress ?? '127.0.0.1', port: socket.localPort ?? 0 }));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      ended,
      new Promise((resolve) => {
        timer = setTimeout(resolve, windowMs);
      }),
    ]);
    clearTimeout(timer);
    const received = Buffer.concat(chunks);
    return { replies: received.length > 0 ? [received.toString('latin1')] : [], closed };
  } finally {
    socket.destroy();
  }
}
