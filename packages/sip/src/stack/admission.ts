import type net from 'node:net';
import { buildResponse } from '../build.js';
import type { SipResponse } from '../message.js';
import { parseSip } from '../parse.js';
import type { Connection } from './connection.js';
import type { PeerAdmission, RefusedPeer, SipAddress } from './types.js';

/**
 * The stateless 403 to a request from a peer the stack refuses (SipStackOptions.admit said `forbid`): RFC 3261
 * section 8.2.7 (a stateless UAS: no transaction, so a repeat is answered again and nothing is kept) and section
 * 21.4.4 (403: the server understood the request and refuses it; authorization will not help). Undefined for what
 * is not answered: input that does not parse, an ACK (never answered: it is no transaction, section 17), a response, a message
 * over `maxBytes`.
 */
export function forbiddenAnswer(bytes: Buffer, maxBytes: number, newTag: () => string): SipResponse | undefined {
  if (bytes.length > maxBytes) return undefined;
  try {
    const message = parseSip(bytes);
    if (message.kind !== 'request' || message.method === 'ACK') return undefined;
    // a To that has a tag keeps it (buildResponse adds one only where there is none)
    return buildResponse(message, 403, { toTag: newTag() });
  } catch {
    return undefined;
  }
}

/**
 * The transport's door for peers (SipStackOptions.admit, a network peer whitelist): asked before anything a peer
 * sends is parsed, recorded or answered. Without `admit` every peer passes.
 */
export class PeerGate {
  constructor(
    private readonly admit: ((remote: SipAddress) => PeerAdmission) | undefined,
    private readonly maxBytes: number,
    private readonly user: { refused(refusal: RefusedPeer): void; newTag(): string },
    private readonly send: (answer: SipResponse, to: SipAddress, conn: Connection | undefined) => void,
  ) {}

  /** Closes an accepted connection whose peer is dropped (told to the user); false when the peer may connect. */
  refusesConnection(socket: net.Socket, transport: 'TCP' | 'TLS' | 'WS' | 'WSS'): boolean {
    if (!this.admit) return false;
    const remote: SipAddress = { transport, host: socket.remoteAddress ?? '', port: socket.remotePort ?? 0 };
    if (this.admit(remote) !== 'drop') return false;
    socket.destroy();
    const local: SipAddress = { transport, host: socket.localAddress ?? '', port: socket.localPort ?? 0 };
    this.user.refused({ remote, local, what: 'connection', answered: false });
    return true;
  }

  /**
   * Whether what a peer sent is refused: then it has been dropped (a stream's connection closed with it), or with
   * `forbid` a request answered 403 statelessly, and the user told; nothing else of it goes further.
   */
  refuses(bytes: Buffer, local: SipAddress, remote: SipAddress, conn: Connection | undefined): boolean {
    const admission = this.admit?.(remote) ?? 'accept';
    if (admission === 'accept') return false;
    const answer = admission === 'forbid' ? forbiddenAnswer(bytes, this.maxBytes, () => this.user.newTag()) : undefined;
    if (answer) this.send(answer, remote, conn);
    if (admission === 'drop' && conn) conn.destroy();
    this.user.refused({ remote, local, what: conn ? 'message' : 'datagram', answered: answer !== undefined });
    return true;
  }
}
