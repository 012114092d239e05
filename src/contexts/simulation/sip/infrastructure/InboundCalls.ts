import {
  buildResponse,
  parseNameAddr,
  sdpOf,
  unsharedCopy,
  type ServerTransaction,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import type { PlanNode } from '../../../configuration/index.js';
import type { Lazy } from '../../calls/domain/SipDialogs.js';
import { codecOf } from './codecOf.js';
import type { EarlyRecords } from './EarlyRecords.js';
import type { LabSip, NodeListener } from './LabSip.js';
import { localResponse, refusedResponse } from './localResponse.js';
import { screenOffer } from './requestScreen.js';
import { sessionTimerRefusal } from './sessionTimerMessages.js';
import { uasDialog } from './uasDialog.js';
import {
  allowOf,
  inviteSeqOf,
  namesOptionTag,
  RELIABLE,
  ReliableResponses,
  reliableEnabled,
} from './ReliableResponses.js';
import { sdpMediaAddress } from '../../media/infrastructure/index.js';
import type { MediaWiring } from './MediaWiring.js';
import type { PageMessages } from './PageMessages.js';
import { CallMedia, SocketLeg } from './SocketLeg.js';
import type { SocketLegs } from './SocketLegs.js';
import type { SocketReports } from './SocketReports.js';
import { firstHeader, q850Of, tagOf, uriUser, withBody, withContact, withHeader } from './wireMessages.js';

/**
 * What an INVITE says of the transfer it carries out: the transferor (the user of its Referred-By, RFC 3892 section
 * 3) and the dialog it replaces (its Replaces, RFC 3891), both passed on as the call is routed.
 */
function transferOf(request: SipRequest): { transferrer?: string; replaces?: string } {
  const referredBy = firstHeader(request, 'Referred-By');
  const transferrer = referredBy === undefined ? undefined : uriUser(referredBy);
  const replaces = firstHeader(request, 'Replaces')?.trim();
  return {
    ...(transferrer === undefined ? {} : { transferrer }),
    ...(replaces ? { replaces } : {}),
  };
}

/** The display name a name-addr header gives (RFC 3261 section 25.1 display-name), as `sourceName`. */
function displayNameOf(value: string | undefined): { sourceName?: string } {
  try {
    const name = value === undefined ? undefined : parseNameAddr(value).displayName;
    return name === undefined || name === '' ? {} : { sourceName: name };
  } catch {
    return {};
  }
}

/** Whether the relay can take the offer's audio (an address and port it names, in SDP anchorSdp rewrites). */
function anchorable(offer: string): boolean {
  try {
    return sdpMediaAddress(offer) !== undefined;
  } catch {
    return false;
  }
}

/** How many media descriptions (m= lines) an SDP has. */
function mediaLines(sdp: string): number {
  return sdp.split(/\r?\n/).filter((line) => line.startsWith('m=')).length;
}

/**
 * The Retry-After of a 503 for want of media ports (RFC 3261 section 20.33): calls end every few minutes, so a
 * port pair is likely free again after a short while; a caller that retries at once would only be refused again.
 */
const MEDIA_RETRY_AFTER_SECONDS = 5;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * What real SIP endpoints send the lab's listeners outside a dialog, and the calls of real callers. An INVITE on an
 * enabled node is an inbound SocketLeg and an arrival for the gateway (dial strings from the From user and the
 * Request-URI user, the codec from the SDP, a seed from the Call-ID), its media anchored; the gateway's responses
 * go back through the INVITE's server transaction; the caller's CANCEL and a missing ACK reach the gateway. OPTIONS
 * is answered 200, REGISTER by the registrar of a registrar node, anything else 405.
 */
export class InboundCalls {
  /** The inbound legs by their INVITE's server transaction (the stack names it for a CANCEL and an ACK timeout). */
  private readonly byInvite = new WeakMap<ServerTransaction, SocketLeg>();
  /** How many calls arrived on the transport (each call's seed is its Call-ID's and its ordinal's). */
  private arrivals = 0;

  constructor(
    private readonly sip: LabSip,
    private readonly reports: SocketReports,
    private readonly legs: SocketLegs,
    private readonly early: EarlyRecords,
    private readonly media: MediaWiring,
    private readonly pages: PageMessages,
  ) {}

  /** A request outside a dialog on the node's listener (not an ACK to a 2xx, nor a CANCEL: those come separately). */
  async received(
    nodeId: string,
    listener: NodeListener,
    transaction: ServerTransaction,
    callId: string,
  ): Promise<void> {
    const request = transaction.request;
    // the committed plan as of now (the engine's may not have taken a commit just answered yet)
    const node = (await this.sip.plan()).nodes.get(nodeId);
    switch (request.method) {
      case 'INVITE':
        if (!node || !node.enabled) {
          transaction.respond(localResponse(request, 503, callId));
          return;
        }
        if (!reliableEnabled(node) && namesOptionTag(request, 'Require', RELIABLE)) {
          // RFC 3262 section 4 and RFC 3261 section 8.2.2.3: a node with 100rel disabled cannot honour the Require
          transaction.respond(withHeader(localResponse(request, 420, callId), 'Unsupported', RELIABLE));
          return;
        }
        const timerRefusal = sessionTimerRefusal(node, request, callId); // RFC 4028 section 9: 422, or 420
        if (timerRefusal) return void transaction.respond(timerRefusal);
        const host = listener.address(transaction.source.transport)?.host ?? 'gwsim';
        const refusal = screenOffer(request, node.sip.media.audioCodecs, host);
        if (refusal) return void transaction.respond(refusedResponse(request, refusal, callId, false));
        // the leg keeps its Call-ID while it lingers: a copy, not a slice that would keep the whole INVITE's text
        await this.arrive(node, listener, transaction, unsharedCopy(callId));
        return;
      case 'OPTIONS': {
        // keep-alive and capability query
        let ok = localResponse(request, 200, callId);
        ok = withHeader(
          withHeader(withHeader(ok, 'Allow', allowOf(node)), 'Accept', 'application/sdp'),
          'Supported',
          node && reliableEnabled(node) ? `${RELIABLE}, replaces, timer` : 'replaces, timer',
        );
        transaction.respond(ok);
        this.sip.optionsAnswered(nodeId, 200);
        return;
      }
      case 'MESSAGE':
        if (!node || !node.enabled) transaction.respond(localResponse(request, 503, callId));
        else await this.pages.received(node, transaction);
        return;
      case 'REGISTER':
        if (node?.sip.registrar) this.sip.register(node, transaction);
        else
          transaction.respond(
            withHeader(localResponse(request, 405, callId), 'Allow', allowOf(node).replace(', REGISTER', '')),
          );
        return;
      default:
        transaction.respond(withHeader(localResponse(request, 405, callId), 'Allow', allowOf(node)));
    }
  }

  /** The gateway's response to the caller's INVITE on the inbound leg. */
  respond(leg: SocketLeg, status: number, response: Lazy<SipResponse>): void {
    // the stack's INVITE transaction answered 100 Trying the moment the INVITE arrived
    if (status === 100 || leg.ended) return;
    const transaction = leg.inviteTransaction;
    if (!transaction) return;
    // the gateway's own Contact, but a redirect's: those name where the caller may try instead
    let message = status < 300 ? withContact(response(), leg.local) : response();
    if (message.body !== '' && status < 300) {
      const sdp = this.media.answerSdp(leg, message.body);
      message = withBody(message, sdp);
      leg.lastSdp = sdp;
    }
    if (status >= 200) leg.finalStatus = status;
    if (status >= 200 && status < 300 && !leg.dialog) {
      // the dialog the gateway's requests on the leg (a relayed re-INVITE, its BYE) are built in
      leg.dialog = uasDialog(transaction.request, message);
      if (leg.media) leg.media.legs[0] = leg;
    }
    // a caller with 100rel gets its 18x reliably, and the 2xx once they are acknowledged (ReliableResponses)
    if (leg.reliable) leg.reliable.respond(message);
    else transaction.respond(message);
    // the media timeout counts from the answer: a phone ringing without early media sends no RTP
    if (status >= 200 && status < 300) leg.media?.relay?.arm();
    if (status >= 300) this.legs.finish(leg);
  }

  /** The leg is dropped (its call ended by the gateway's safety net): a caller with no final answer yet gets 500. */
  release(leg: SocketLeg): void {
    if (leg.ended) return;
    const transaction = leg.inviteTransaction;
    if (leg.index === 0 && transaction && leg.finalStatus < 200) {
      leg.finalStatus = 500;
      transaction.respond(localResponse(transaction.request, 500, leg.callId));
    }
    this.legs.finish(leg);
  }

  /**
   * The caller's ACK of the gateway's 2xx. After a late offer it carries the answer to the 200's offer; an ACK
   * without one, or with one that does not answer the offer (another number of m= lines, RFC 3264 section 6),
   * leaves the session with no agreed media, and the gateway ends the call with a BYE on both legs (RFC 3264
   * section 5, RFC 3261 section 13.2.2.4).
   */
  acked(ack: SipRequest): void {
    const leg = this.legs.get(firstHeader(ack, 'Call-ID') ?? '');
    if (!leg || leg.index !== 0 || leg.ended || !leg.lateOffer) return;
    leg.lateOffer = false;
    const answers = ack.body !== '' && mediaLines(ack.body) === mediaLines(leg.lastSdp ?? '');
    if (answers) this.media.callerAnswer(leg, ack.body);
    else this.reports.post(() => this.reports.listener?.timedOut(leg));
  }

  /**
   * A reliable 18x the caller never PRACKed within 64·T1: its INVITE is refused 500 (RFC 3262 section 3, in the 18x's
   * dialog) and the gateway ends the call.
   */
  private unacknowledged(leg: SocketLeg, provisional: SipResponse): void {
    this.reports.post(() => {
      const transaction = leg.inviteTransaction;
      if (leg.ended || !transaction) return;
      leg.finalStatus = 500;
      const toTag = tagOf(firstHeader(provisional, 'To'));
      transaction.respond(buildResponse(transaction.request, 500, toTag === undefined ? {} : { toTag }));
      this.legs.finish(leg);
      this.reports.listener?.timedOut(leg);
    });
  }

  /** The caller CANCELs its INVITE (the stack answered the CANCEL 200). */
  cancelled(invite: ServerTransaction, cancel: SipRequest): void {
    const leg = this.byInvite.get(invite);
    if (!leg || leg.ended) return;
    this.reports.post(() => this.reports.listener?.cancelled(leg, () => cancel, q850Of(cancel)));
  }

  /** The caller never ACKed the gateway's 200 (64·T1): the gateway ends the call. */
  ackTimedOut(invite: ServerTransaction): void {
    const leg = this.byInvite.get(invite);
    if (!leg || leg.ended) return;
    this.reports.post(() => this.reports.listener?.timedOut(leg));
  }

  private async arrive(
    node: PlanNode,
    listener: NodeListener,
    transaction: ServerTransaction,
    callId: string,
  ): Promise<void> {
    const request = transaction.request;
    const media = new CallMedia();
    // an INVITE without SDP (a late offer) is anchored too: the caller's answer comes in its ACK
    const body = sdpOf(request);
    const offer = body.kind === 'sdp' ? body.text : undefined;
    if (body.kind === 'none' || (offer !== undefined && anchorable(offer))) {
      const anchoring = await this.media.anchorCaller(media, node, offer, () =>
        this.reports.post(() => {
          const leg = this.legs.get(callId);
          if (leg && !leg.ended) this.reports.listener?.timedOut(leg);
        }),
      );
      if (anchoring.kind === 'refused') {
        // no media ports: refused before it is carried (RFC 3261 section 21.5.4), never carried without its relay
        this.sip.mediaRefused(node, anchoring.error);
        const refusal = localResponse(request, 503, callId);
        transaction.respond(withHeader(refusal, 'Retry-After', String(MEDIA_RETRY_AFTER_SECONDS)));
        return;
      }
    }
    if (this.reports.disposed) {
      media.close();
      transaction.respond(localResponse(request, 503, callId));
      return;
    }
    const leg = new SocketLeg(
      0,
      node,
      '',
      listener.stack,
      listener.address(transaction.source.transport) ?? transaction.source,
      transaction.source,
      callId,
      media,
      0,
    );
    leg.inviteTransaction = transaction;
    media.legs[0] = leg; // the caller's side from the start: a far end's request right after its 2xx finds it (MidDialogRelay)
    leg.peerSdp = offer;
    leg.lateOffer = body.kind === 'none';
    if (
      reliableEnabled(node) &&
      (namesOptionTag(request, 'Supported', RELIABLE) || namesOptionTag(request, 'Require', RELIABLE))
    )
      leg.reliable = new ReliableResponses(
        callId,
        inviteSeqOf(request),
        listener.stack.timers.T1,
        (response) => transaction.respond(response),
        (response) => this.unacknowledged(leg, response),
      );
    this.legs.add(leg);
    this.byInvite.set(transaction, leg);
    for (const event of this.early.claim(callId)) this.reports.wire(leg, event);
    const codec = codecOf(request.body);
    this.reports.post(() =>
      this.reports.listener?.callArrived({
        leg,
        source: uriUser(firstHeader(request, 'From') ?? '') ?? 'anonymous',
        ...displayNameOf(firstHeader(request, 'From')),
        destination: uriUser(request.uri) ?? '',
        codec,
        recorded: false,
        media: { lossPercent: 0, jitterMs: 0 },
        // the Call-ID and the arrival's ordinal: two INVITEs with one Call-ID (different From tags) are two calls
        seed: fnv1a(`${callId}#${this.arrivals++}`),
        invite: () => request,
        ...transferOf(request),
      }),
    );
  }
}
