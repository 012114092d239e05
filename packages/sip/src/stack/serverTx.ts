import { header, serialize, type SipRequest, type SipResponse, unsharedCopy } from '../message.js';
import { parseSip } from '../parse.js';
import { ackKeyOf } from './ackKeyOf.js';
import { after } from './after.js';
import { compactBytes } from './compactBytes.js';
import type { Connection } from './connection.js';
import type { SipStack } from './stack.js';
import { tagOf } from './tagOf.js';
import type { ServerTransaction, SipAddress } from './types.js';

type ServerState = 'proceeding' | 'completed' | 'confirmed' | 'accepted' | 'terminated';

/** RFC 3261 section 17.2 server transaction, with the 2xx retransmission of section 13.3.1.4 (RFC 6026 "Accepted"). */
export class ServerTx implements ServerTransaction {
  state: ServerState = 'proceeding';
  /** The last response sent: its bytes, and the message itself until the final one (parsed again to resend it). */
  lastResponse: { message: SipResponse | undefined; bytes: Buffer } | undefined;
  toTag: string | undefined;
  ackKey: string | undefined;
  acked = false;
  private retransmitTimer: NodeJS.Timeout | undefined;
  /** Which end the stack's expiry queue may carry out (any earlier one was dropped; see `endIn`). */
  private endTicket = 0;
  /** The request, until the transaction lingers (then parsed again from `lingered` when asked for). */
  private received: SipRequest | undefined;
  private lingered: Buffer | undefined;

  constructor(
    private readonly stack: SipStack,
    request: SipRequest,
    readonly source: SipAddress,
    readonly connection: Connection | undefined,
    readonly key: string,
    readonly isInvite: boolean,
  ) {
    this.received = request;
  }

  /** The request; once the final response is sent, only its identifying headers and body (see `lingering`). */
  get request(): SipRequest {
    return (this.received ??= parseSip(this.lingered!) as SipRequest);
  }

  /** The last response as a message (parsed again from its bytes once the transaction let it go). */
  private lastMessage(): SipResponse {
    const last = this.lastResponse!;
    return last.message ?? (parseSip(last.bytes) as SipResponse);
  }

  /**
   * The final response is out: the transaction lingers (up to 64*T1) only to absorb repeats and resend its response,
   * so it keeps the request's identifying headers and body and the response as bytes (outside the JavaScript
   * heap), not as messages: at hundreds of calls per second, what lingers for 64*T1 is what each young-generation
   * collection copies.
   */
  private lingering(): void {
    this.lingered = compactBytes(this.request);
    this.received = undefined;
    if (this.lastResponse) this.lastResponse.message = undefined;
  }

  get terminated(): boolean {
    return this.state === 'terminated';
  }

  get finalSent(): boolean {
    return this.state !== 'proceeding';
  }

  respond(response: SipResponse): void {
    if (this.state !== 'proceeding' || this.stack.isClosed) return;
    const bytes = serialize(response);
    this.lastResponse = { message: response, bytes };
    const toTag = tagOf(header(response, 'To'));
    if (toTag !== undefined) this.toTag = unsharedCopy(toTag);
    this.stack.transport.sendResponse(this, response, bytes, false);
    if (response.status < 200) return; // still "Proceeding" (RFC 3261 17.2.1, 17.2.2)
    const { T1 } = this.stack.timers;
    const unreliable = this.source.transport === 'UDP';
    if (this.isInvite && response.status < 300) {
      this.state = 'accepted';
      this.ackKey = unsharedCopy(ackKeyOf(header(this.request, 'Call-ID'), header(this.request, 'CSeq'), this.toTag));
      this.stack.accepted.set(this.ackKey, this);
      this.lingering();
      // RFC 3261 13.3.1.4: the 2xx is repeated on every transport, because the ACK is end to end.
      this.repeat(bytes);
      this.endIn(64 * T1); // the end of "Accepted" (RFC 6026): an unacknowledged 2xx is reported then
    } else if (this.isInvite) {
      this.state = 'completed';
      this.lingering();
      if (unreliable) this.repeat(bytes); // Timer G (RFC 3261 17.2.1)
      this.endIn(64 * T1); // Timer H (17.2.1)
    } else {
      this.state = 'completed';
      this.lingering();
      if (unreliable)
        this.endIn(64 * T1); // Timer J (RFC 3261 17.2.2)
      else this.terminate(); // Timer J is zero over TCP or TLS
    }
  }

  /** Sends the final response again T1 from now, then at intervals doubling up to T2, until `retransmitTimer` is cleared. */
  private repeat(bytes: Buffer): void {
    const { T1, T2 } = this.stack.timers;
    let interval = T1;
    const resend = (): void => {
      this.stack.transport.sendResponse(this, this.lastMessage(), bytes, true);
      interval = Math.min(interval * 2, T2);
      this.retransmitTimer = after(interval, resend);
    };
    this.retransmitTimer = after(interval, resend);
  }

  /** A repeat of the request: the last response again, if any (RFC 3261 17.2.1, 17.2.2). */
  resendLast(): void {
    if (this.lastResponse) this.stack.transport.sendResponse(this, this.lastMessage(), this.lastResponse.bytes, true);
  }

  /** The ACK of a non-2xx final: Timer I (RFC 3261 17.2.1; T4 over UDP, none over TCP/TLS). */
  confirm(): void {
    this.state = 'confirmed';
    this.clearTimers();
    if (this.source.transport === 'UDP') this.endIn(this.stack.timers.T4);
    else this.terminate();
  }

  /**
   * The ACK of the 2xx: no more retransmissions (RFC 3261 13.3.1.4); the transaction stays to absorb repeats until
   * 64*T1.
   */
  ackReceived(): void {
    this.acked = true;
    if (this.retransmitTimer) clearTimeout(this.retransmitTimer);
    this.retransmitTimer = undefined;
  }

  clearTimers(): void {
    if (this.retransmitTimer) clearTimeout(this.retransmitTimer);
    this.retransmitTimer = undefined;
    this.endTicket += 1;
  }

  /** Ends the transaction `ms` from now, unless its timers are cleared or another end is set meanwhile. */
  private endIn(ms: number): void {
    this.endTicket += 1;
    this.stack.endAfter(this, ms, this.endTicket);
  }

  /**
   * The end set by `endIn` came: in "Accepted", a 2xx that was never acknowledged is reported to the handler
   * (RFC 3261 13.3.1.4: the session is then to be ended).
   */
  ended(ticket: number): void {
    if (ticket !== this.endTicket) return;
    const unacknowledged = this.state === 'accepted' && !this.acked;
    this.terminate();
    if (unacknowledged) this.stack.callHandler((h) => h.ackTimeout(this));
  }

  terminate(): void {
    this.state = 'terminated';
    this.clearTimers();
    if (this.stack.servers.get(this.key) === this) this.stack.servers.delete(this.key);
    if (this.ackKey !== undefined && this.stack.accepted.get(this.ackKey) === this)
      this.stack.accepted.delete(this.ackKey);
  }
}
