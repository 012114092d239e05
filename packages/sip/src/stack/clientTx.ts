import { buildAck } from '../build.js';
import { header, serialize, type SipRequest, type SipResponse, unsharedCopy } from '../message.js';
import { parseSip } from '../parse.js';
import { after } from './after.js';
import { compactBytes } from './compactBytes.js';
import type { Connection } from './connection.js';
import type { SipStack } from './stack.js';
import { tagOf } from './tagOf.js';
import type { ClientCallbacks, ClientTransaction, SipAddress } from './types.js';

type ClientState = 'calling' | 'proceeding' | 'completed' | 'accepted' | 'terminated';

/** RFC 3261 section 17.1 client transaction (INVITE: Timers A, B, D; non-INVITE: E, F, K), plus 2xx forks. */
export class ClientTx implements ClientTransaction {
  state: ClientState = 'calling';
  readonly isInvite: boolean;
  bytes: Buffer;
  connection: Connection | undefined;
  private ack: { message: SipRequest; bytes: Buffer } | undefined;
  private readonly acceptedTags = new Set<string>();
  private lastProvisional: Buffer | undefined;
  private retransmitTimer: NodeJS.Timeout | undefined;
  private timeoutTimer: NodeJS.Timeout | undefined;
  /** Which end the stack's expiry queue may carry out (any earlier one was dropped; see `endIn`). */
  private endTicket = 0;
  private interval: number;

  /** The request, until the transaction lingers (then parsed again from `bytes` when asked for). */
  private sent: SipRequest | undefined;

  constructor(
    private readonly stack: SipStack,
    request: SipRequest,
    readonly destination: SipAddress,
    private readonly callbacks: ClientCallbacks,
    readonly key: string,
  ) {
    this.sent = request;
    this.isInvite = request.method === 'INVITE';
    this.bytes = serialize(request);
    this.interval = stack.timers.T1;
  }

  /** The request; once a final response came, only its identifying headers and body (see `lingering`). */
  get request(): SipRequest {
    return (this.sent ??= parseSip(this.bytes) as SipRequest);
  }

  /**
   * A final response came: what lingers only absorbs repeats (and acknowledges them), not the request itself; its
   * identifying headers and body stay as bytes, parsed again if asked for.
   */
  private lingering(): void {
    this.bytes = compactBytes(this.request);
    this.sent = undefined;
    this.lastProvisional = undefined;
  }

  /**
   * Sends the request; over UDP it is repeated by Timer A (INVITE, RFC 3261 17.1.1.2) or Timer E (non-INVITE,
   * 17.1.2.2), and Timer B or F ends a transaction that got no final response.
   */
  start(): void {
    const { T1, T2 } = this.stack.timers;
    this.stack.transport.transmit(this.request, this.bytes, this.destination, false, undefined, this);
    if (this.destination.transport === 'UDP') {
      const resend = (): void => {
        if (this.state !== 'calling' && !(this.state === 'proceeding' && !this.isInvite)) return;
        this.stack.transport.transmit(this.request, this.bytes, this.destination, true, this.connection, this);
        // Timer A doubles without bound (17.1.1.2); Timer E doubles up to T2, and stays at T2 once a provisional
        // came (17.1.2.2).
        this.interval = this.isInvite
          ? this.interval * 2
          : this.state === 'proceeding'
            ? T2
            : Math.min(this.interval * 2, T2);
        this.retransmitTimer = after(this.interval, resend);
      };
      this.retransmitTimer = after(this.interval, resend);
    }
    this.timeoutTimer = after(64 * T1, () => this.fail('timer')); // Timer B / F (17.1.1.2, 17.1.2.2)
  }

  /** Classifies a response: true when it repeats one already handled (for the wire record). */
  isRepeat(response: SipResponse, bytes: Buffer): boolean {
    if (response.status < 200) return this.lastProvisional?.equals(bytes) ?? false;
    if (this.state === 'completed') return true;
    if (this.state === 'accepted')
      return response.status < 300 && this.acceptedTags.has(tagOf(header(response, 'To')) ?? '');
    return false;
  }

  receive(response: SipResponse, bytes: Buffer): void {
    const { T1, T2, T4 } = this.stack.timers;
    const unreliable = this.destination.transport === 'UDP';
    if (this.state === 'terminated') return;
    if (response.status < 200) {
      // A provisional repeated byte for byte (a UAS refreshing its 180, RFC 3261 13.3.1.1) is reported once.
      if (this.lastProvisional?.equals(bytes)) return;
      this.lastProvisional = bytes;
      if (this.state === 'calling') {
        // RFC 3261 17.1.1.2: an INVITE is no longer repeated (nor Timer B run); 17.1.2.2: a non-INVITE is, every T2.
        this.state = 'proceeding';
        if (this.isInvite) this.clearTimers();
        else this.interval = T2;
      }
      if (this.state === 'proceeding') this.report(response, false);
      return;
    }
    // A 2xx ends an INVITE client transaction (RFC 3261 17.1.1.2) in "Accepted" for 64*T1 (RFC 6026, Timer M):
    // every 2xx goes up, a repeat for its ACK to be sent again, another fork's as new (13.2.2.4).
    if (this.isInvite && response.status < 300) {
      const tag = tagOf(header(response, 'To')) ?? '';
      if (this.state === 'calling' || this.state === 'proceeding') {
        this.state = 'accepted';
        this.clearTimers();
        this.acceptedTags.add(unsharedCopy(tag));
        this.lingering();
        this.endIn(64 * T1);
        this.report(response, false);
      } else if (this.state === 'accepted') {
        const repeat = this.acceptedTags.has(tag);
        if (!repeat) this.acceptedTags.add(unsharedCopy(tag));
        this.report(response, repeat);
      }
      return;
    }
    if (this.state === 'calling' || this.state === 'proceeding') {
      this.state = 'completed';
      this.clearTimers();
      if (this.isInvite) {
        // RFC 3261 17.1.1.3: the transaction itself acknowledges a non-2xx final.
        const ack = buildAck(this.request, response);
        this.ack = { message: ack, bytes: serialize(ack) };
        this.lingering();
        this.stack.transport.transmit(ack, this.ack.bytes, this.destination, false, this.connection, undefined);
        if (unreliable) this.endIn(64 * T1); // Timer D (17.1.1.2)
      } else {
        this.lingering();
        if (unreliable) this.endIn(T4); // Timer K (17.1.2.2)
      }
      // Over TCP or TLS, Timers D and K are zero: the transaction ends at once (17.1.1.2, 17.1.2.2).
      const reliableEnd = !unreliable;
      this.report(response, false);
      if (reliableEnd) this.terminate();
    } else if (this.state === 'completed' && this.ack) {
      // RFC 3261 17.1.1.2: a repeat of the final response gets the ACK again.
      this.stack.transport.transmit(
        this.ack.message,
        this.ack.bytes,
        this.destination,
        true,
        this.connection,
        undefined,
      );
    }
  }

  /** Timer B/F, or the transport failed before a final response (RFC 3261 17.1.1.2, 17.1.2.2, 17.1.4). */
  fail(reason: 'timer' | 'transport'): void {
    if (this.state !== 'calling' && !(this.state === 'proceeding' && (reason === 'transport' || !this.isInvite)))
      return;
    this.terminate();
    if (!this.stack.isClosed) this.stack.callHandler(() => this.callbacks.timeout(reason));
  }

  private report(response: SipResponse, retransmission: boolean): void {
    if (!this.stack.isClosed) this.stack.callHandler(() => this.callbacks.response(response, retransmission));
  }

  clearTimers(): void {
    for (const t of [this.retransmitTimer, this.timeoutTimer]) if (t) clearTimeout(t);
    this.endTicket += 1;
    this.retransmitTimer = undefined;
    this.timeoutTimer = undefined;
  }

  /** The end set by `endIn` came (Timer D or K, or the end of "Accepted"). */
  ended(ticket: number): void {
    if (ticket === this.endTicket) this.terminate();
  }

  /** Ends the transaction `ms` from now, unless its timers are cleared or another end is set meanwhile. */
  private endIn(ms: number): void {
    this.endTicket += 1;
    this.stack.endAfter(this, ms, this.endTicket);
  }

  abandon(): void {
    this.terminate();
  }

  terminate(): void {
    this.state = 'terminated';
    this.clearTimers();
    if (this.stack.clients.get(this.key) === this) this.stack.clients.delete(this.key);
    this.connection?.clients.delete(this);
  }
}
