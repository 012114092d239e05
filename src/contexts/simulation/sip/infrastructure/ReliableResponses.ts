import { headerValues, type SipMessage, type SipRequest, type SipResponse } from '@gwsim/sip';
import type { PlanNode } from '../../../configuration/index.js';
import { mix } from '../../calls/domain/Randomness.js';
import { ALLOW, cseqOf, firstHeader, withHeader } from './wireMessages.js';

/** The option tag of reliable provisional responses (RFC 3262 section 3). */
export const RELIABLE = '100rel';

/** Whether a message names the option tag in a Supported or Require header (compact `k` included). */
export function namesOptionTag(message: SipMessage, header: 'Supported' | 'Require', tag: string): boolean {
  return headerValues(message, header).some((value) => value.trim().toLowerCase() === tag);
}

/** Whether the node's user agent takes reliable provisional responses at all (not DISABLED). */
export function reliableEnabled(node: PlanNode): boolean {
  return node.sip.reliableProvisionals !== 'DISABLED';
}

/** The methods a node takes (an Allow header): PRACK among them unless its user agent has 100rel disabled. */
export function allowOf(node: PlanNode | undefined): string {
  return node && reliableEnabled(node) ? ALLOW.replace(', UPDATE', ', UPDATE, PRACK') : ALLOW;
}

/**
 * The gateway's INVITE toward a far end with the node's 100rel: Supported (SUPPORTED) or Require (REQUIRED) names
 * it beside the tags the INVITE names already (RFC 3262 section 4); DISABLED leaves the INVITE as it is.
 */
export function offeringReliability(invite: SipRequest, node: PlanNode): SipRequest {
  const setting = node.sip.reliableProvisionals;
  if (setting === 'DISABLED') return invite;
  const name = setting === 'REQUIRED' ? 'Require' : 'Supported';
  if (namesOptionTag(invite, name, RELIABLE)) return invite;
  const present = firstHeader(invite, name);
  return withHeader(invite, name, present === undefined ? RELIABLE : `${present}, ${RELIABLE}`);
}

/** The answer a PRACK gets: 200 when it acknowledges the response waiting for it, else why not. */
export type PrackVerdict = 200 | 400 | 481;

/**
 * The gateway's 18x to a caller that supports or requires 100rel, sent reliably (RFC 3262 section 3): each carries
 * Require: 100rel and an RSeq, the first one random in 1..2^31-1, each next one higher by one; it goes again T1
 * later, then at doubling intervals, until its PRACK comes or 64·T1 passed. The next reliable 18x, and the final
 * 2xx, wait for that PRACK: a second reliable provisional may not go before the first is acknowledged, and a 2xx may
 * not go before the PRACK of an 18x that carried a session description (RFC 3262 section 3; waiting for every
 * one keeps the order simple). A failure (3xx to 6xx) goes at once and ends the wait.
 */
export class ReliableResponses {
  private nextRseq: number;
  /** The reliable provisional sent and not acknowledged yet. */
  private unacknowledged: { readonly rseq: number; readonly response: SipResponse } | undefined;
  /** The responses that wait for its PRACK, in order. */
  private readonly waiting: SipResponse[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Seeds the first RSeq (the call's Call-ID). */
    seed: string,
    /** The INVITE's CSeq number (a PRACK's RAck names it). */
    private readonly inviteSeq: number,
    private readonly t1Ms: number,
    /** Puts a response on the wire (the INVITE's server transaction). */
    private readonly send: (response: SipResponse) => void,
    /** No PRACK came for `provisional` within 64·T1 (RFC 3262 section 3: the INVITE is to be refused with a 5xx). */
    private readonly expired: (provisional: SipResponse) => void,
  ) {
    // RFC 3262 section 3: between 1 and 2^31 - 1, chosen at random (here from the Call-ID), room left to count up
    this.nextRseq = 1 + ((mix(seed, 'rseq') >>> 0) % 0x3fffffff);
  }

  /** Whether a response waits for a PRACK (the 2xx among them: the caller has not been answered on the wire yet). */
  get holding(): boolean {
    return this.unacknowledged !== undefined;
  }

  /** A response of the gateway's to the INVITE (not 100): sent now, reliably for an 18x, or after the PRACK awaited. */
  respond(response: SipResponse): void {
    if (response.status >= 300) {
      this.stop();
      this.send(response);
      return;
    }
    if (this.unacknowledged) this.waiting.push(response);
    else this.emit(response);
  }

  /**
   * A PRACK on the leg (RFC 3262 section 3), answered through `answer`: 400 without an RAck (a malformed one the
   * parser refused already), 481 when it acknowledges no reliable provisional waiting for one, else 200, and then
   * what waited goes (the PRACK's 200 before the INVITE's).
   */
  prack(request: SipRequest, answer: (verdict: PrackVerdict) => void): void {
    const rack = /^\s*(\d+)\s+(\d+)\s+(\S+)\s*$/.exec(firstHeader(request, 'RAck') ?? '');
    if (!rack) return answer(400);
    const waiting = this.unacknowledged;
    const matches =
      waiting !== undefined &&
      Number(rack[1]) === waiting.rseq &&
      Number(rack[2]) === this.inviteSeq &&
      rack[3] === 'INVITE';
    if (!matches) return answer(481);
    answer(200);
    this.acknowledged();
  }

  /** The leg ended: no more retransmissions, nothing waits. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.unacknowledged = undefined;
    this.waiting.length = 0;
  }

  private acknowledged(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.unacknowledged = undefined;
    while (this.waiting.length > 0 && !this.unacknowledged) this.emit(this.waiting.shift()!);
  }

  private emit(response: SipResponse): void {
    if (response.status >= 200) {
      this.send(response);
      return;
    }
    const rseq = this.nextRseq;
    this.nextRseq += 1;
    const reliable = withHeader(withHeader(response, 'Require', RELIABLE), 'RSeq', String(rseq));
    this.unacknowledged = { rseq, response: reliable };
    this.send(reliable);
    this.retransmit(reliable, this.t1Ms, 0);
  }

  /** Sends the response again `interval` after `at` (ms since it first went), then at double the interval, until 64·T1. */
  private retransmit(response: SipResponse, interval: number, at: number): void {
    const delay = Math.min(interval, 64 * this.t1Ms - at);
    this.timer = setTimeout(() => {
      if (this.unacknowledged?.response !== response) return;
      const now = at + delay;
      if (now >= 64 * this.t1Ms) {
        this.stop();
        this.expired(response);
        return;
      }
      this.send(response);
      this.retransmit(response, interval * 2, now);
    }, delay);
    this.timer.unref();
  }
}

/** The CSeq number of an INVITE (1 when it has none that parses). */
export function inviteSeqOf(invite: SipRequest): number {
  return cseqOf(invite)?.seq ?? 1;
}
