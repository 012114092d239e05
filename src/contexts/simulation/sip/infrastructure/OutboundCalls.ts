import {
  buildCancel,
  buildResponse,
  digestAuthorization,
  parseDigestChallenge,
  type ClientCallbacks,
  type SipAddress,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import type { PlanNode } from '../../../configuration/index.js';
import { mix } from '../../calls/domain/Randomness.js';
import type { Offer } from '../../calls/domain/SessionTransport.js';
import type { Lazy } from '../../calls/domain/SipDialogs.js';
import type { LabSip, NodeListener } from './LabSip.js';
import { localResponse } from './localResponse.js';
import type { MediaWiring } from './MediaWiring.js';
import { SocketLeg } from './SocketLeg.js';
import type { SocketLegs } from './SocketLegs.js';
import type { SocketReports } from './SocketReports.js';
import {
  cseqOf,
  firstHeader,
  retarget,
  toContact,
  uriAddress,
  withBody,
  withContact,
  withCSeq,
  withHeader,
  withVia,
} from './wireMessages.js';

/**
 * The attempts the gateway makes toward real far ends: the INVITE goes on the listener of the node the call leaves
 * from, to the node's peer (its transport connection's destination) or, at a registrar node, to the phone
 * registered under the called number (480 when none is), with the real Via, Contact and Request-URI and the
 * caller's SDP anchored on the relay. A 401/407 is answered once with the node's digest credentials; the 2xx is
 * ACKed (again each time the far end resends it); a CANCEL follows the INVITE as it went on the wire; no final
 * answer within the client transaction's Timer B is a 408.
 */
export class OutboundCalls {
  constructor(
    private readonly sip: LabSip,
    private readonly reports: SocketReports,
    private readonly legs: SocketLegs,
    private readonly media: MediaWiring,
  ) {}

  /** Whether an attempt toward the node goes on the wire: real SIP is on, the node listens, its far end is real (or it is a registrar). */
  reaches(node: PlanNode): boolean {
    return this.listenerToward(node) !== undefined;
  }

  /** A new attempt toward the node's real far end (its INVITE leaves once the called side's media ports are the node's). */
  invite(offer: Offer): SocketLeg {
    const node = offer.node;
    const listener = this.listenerToward(node);
    if (!listener) throw new Error("the node's far end is not reached on the lab's listeners");
    const registrar = node.sip.registrar !== undefined;
    const built = offer.invite();
    const phone = registrar ? this.sip.registered(node, offer.destination) : undefined;
    const destination = registrar ? phone?.address : this.peerOf(node);
    const local =
      listener.address(destination?.transport ?? node.local.transport) ??
      listener.address('UDP') ??
      listener.address('TCP')!;
    const caller = offer.caller instanceof SocketLeg ? offer.caller : undefined;
    const callId = firstHeader(built, 'Call-ID') ?? '';
    const leg = new SocketLeg(
      offer.index,
      node,
      offer.sessionIdentifier,
      listener.stack,
      local,
      destination ?? local,
      callId,
      caller?.media,
      1,
    );
    this.legs.add(leg);
    if (!destination) {
      // a registrar node with no phone registered under the number: the phone is not reachable
      this.reports.post(() => {
        leg.finalStatus = 480;
        this.reports.listener?.responded(leg, 'INVITE', 480, () =>
          buildResponse(built, 480, { toTag: 'gw' + (mix(callId, 'to') >>> 0).toString(16) }),
        );
        this.legs.finish(leg);
      });
      return leg;
    }
    // the called side's media ports come from the range of the node the call leaves from
    this.media.calledSideReady(leg, () => this.sendFirst(leg, built, destination, phone?.contact));
    return leg;
  }

  /** The ACK of the far end's 2xx (a failure's ACK is the client transaction's). */
  ack(leg: SocketLeg, ack: Lazy<SipRequest>): void {
    // the client INVITE transaction ACKs a failure itself (RFC 3261 17.1.1.3)
    if (leg.finalStatus < 200 || leg.finalStatus >= 300 || !leg.sentInvite) return;
    const built = ack();
    const target = uriAddress(built.uri, leg.peer.transport) ?? leg.peer;
    let message = withVia(built, leg.local);
    message = withCSeq(message, cseqOf(leg.sentInvite)?.seq ?? cseqOf(message)?.seq ?? 1);
    leg.peer = target;
    leg.ackSent = message;
    leg.stack.send(message, target);
  }

  /** CANCEL of the attempt's INVITE (one that has not left yet ends with 487 when it would). */
  cancel(leg: SocketLeg): void {
    if (leg.starting) leg.cancelPending = true;
    if (!leg.sentInvite || leg.finalStatus >= 200) return;
    // a CANCEL names the INVITE exactly as it went on the wire (its URI, top Via, Call-ID, CSeq number)
    leg.stack.request(buildCancel(leg.sentInvite), leg.peer, {
      response: (response) =>
        this.reports.post(() => this.reports.listener?.responded(leg, 'CANCEL', response.status, () => response)),
      timeout: () => undefined,
    });
  }

  /**
   * The gateway's INVITE goes on the wire, rewritten for it (not when the transport or the attempt ended meanwhile):
   * toward a registered phone, its Request-URI is the phone's Contact (RFC 3261 section 16.5).
   */
  private sendFirst(leg: SocketLeg, built: SipRequest, destination: SipAddress, contact?: string): void {
    if (this.reports.disposed || leg.ended) return;
    if (leg.cancelPending) {
      // the caller cancelled before the INVITE left: nothing reached the far end, the attempt ends here
      leg.finalStatus = 487;
      this.reports.post(() =>
        this.reports.listener?.responded(leg, 'INVITE', 487, () => localResponse(built, 487, leg.callId)),
      );
      this.legs.finish(leg);
      return;
    }
    const addressed = contact !== undefined ? toContact(built, contact) : retarget(built, destination);
    let invite = withContact(withVia(addressed, leg.local), leg.local);
    invite = withHeader(invite, 'User-Agent', leg.node.sip.userAgent);
    const sdp = this.media.offerSdp(leg, built.body);
    if (sdp !== undefined) invite = withBody(invite, sdp);
    leg.lastSdp = invite.body;
    this.sendInvite(leg, invite);
  }

  private sendInvite(leg: SocketLeg, invite: SipRequest): void {
    leg.sentInvite = invite;
    leg.inviteAttempt += 1;
    leg.inviteClient = leg.stack.request(invite, leg.peer, this.inviteCallbacks(leg, leg.inviteAttempt));
  }

  /**
   * What the INVITE's client transaction reports to. The callbacks live as long as the transaction (64·T1 after a
   * 2xx), so they hold the leg and the attempt's number, never the INVITE itself (the leg lets it go when it ends).
   */
  private inviteCallbacks(leg: SocketLeg, attempt: number): ClientCallbacks {
    return {
      response: (response, retransmission) => {
        if (retransmission) {
          // the far end did not get the ACK: it goes again
          if (response.status >= 200 && response.status < 300 && leg.ackSent) leg.stack.send(leg.ackSent, leg.peer);
          return;
        }
        this.reports.post(() => this.onInviteResponse(leg, attempt, response));
      },
      timeout: () =>
        this.reports.post(() => {
          const invite = leg.sentInvite;
          if (leg.finalStatus >= 200 || invite === undefined) return;
          leg.finalStatus = 408;
          this.reports.listener?.responded(leg, 'INVITE', 408, () => localResponse(invite, 408, leg.callId));
          this.legs.finish(leg);
        }),
    };
  }

  private onInviteResponse(leg: SocketLeg, attempt: number, response: SipResponse): void {
    const invite = leg.sentInvite;
    if (leg.finalStatus >= 200 || leg.inviteAttempt !== attempt || invite === undefined) return;
    const status = response.status;
    if ((status === 401 || status === 407) && !leg.authenticated && leg.node.sip.credentials) {
      const retried = this.authenticated(leg, invite, response);
      if (retried) {
        leg.authenticated = true;
        this.sendInvite(leg, retried);
        return;
      }
    }
    if (response.body !== '' && status < 300) this.media.farAnswer(leg, response.body);
    if (status >= 200) leg.finalStatus = status;
    if (status >= 200 && status < 300) {
      // in-dialog requests go to the far end's Contact
      const contact = firstHeader(response, 'Contact');
      const target = contact
        ? uriAddress(contact.replace(/^[^<]*</, '').replace(/>.*$/, ''), leg.peer.transport)
        : undefined;
      if (target && leg.peer.transport === 'UDP') leg.peer = target;
    }
    this.reports.listener?.responded(leg, 'INVITE', status, () => response);
    if (status >= 300) this.legs.finish(leg);
  }

  /** The INVITE again with the digest answer to the far end's challenge (new branch, next CSeq); undefined when it cannot be answered. */
  private authenticated(leg: SocketLeg, invite: SipRequest, challenge: SipResponse): SipRequest | undefined {
    const credentials = leg.node.sip.credentials!;
    const header = challenge.status === 401 ? 'WWW-Authenticate' : 'Proxy-Authenticate';
    const parsed = parseDigestChallenge(firstHeader(challenge, header) ?? '');
    if (!parsed) return undefined;
    if (credentials.realm && parsed.realm !== credentials.realm) return undefined;
    const value = digestAuthorization(
      parsed,
      { username: credentials.authorizationUsername ?? credentials.username, password: credentials.password },
      'INVITE',
      invite.uri,
    );
    const seq = (cseqOf(invite)?.seq ?? 1) + 1;
    const branch = `z9hG4bK${(mix(leg.callId, 'auth', seq) >>> 0).toString(16)}${Date.now().toString(16)}`;
    let retried = withCSeq(invite, seq);
    retried = {
      ...retried,
      headers: retried.headers.map((h, i) =>
        h.name === 'Via' && retried.headers.findIndex((x) => x.name === 'Via') === i
          ? { name: 'Via', value: h.value.replace(/branch=[^;]+/, `branch=${branch}`) }
          : h,
      ),
    };
    return withHeader(retried, challenge.status === 401 ? 'Authorization' : 'Proxy-Authorization', value);
  }

  /** Where a node's far end is on the wire: its transport connection's destination (a host name is taken as it is). */
  private peerOf(node: PlanNode): SipAddress | undefined {
    const remote = node.remote;
    if (!remote) return undefined;
    const host =
      /^\d+\.\d+\.\d+\.\d+$/.test(remote.host) || remote.host.includes(':')
        ? remote.host
        : remote.host === 'localhost'
          ? '127.0.0.1'
          : remote.host;
    return { transport: remote.transport, host, port: remote.port };
  }

  /** The node's listener an attempt toward it leaves on (undefined: its far end is simulated). */
  private listenerToward(node: PlanNode): NodeListener | undefined {
    const listener = this.sip.enabled() ? this.sip.listener(node.id) : undefined;
    const registrar = node.sip.registrar !== undefined;
    const realFarEnd = listener !== undefined && (registrar || this.sip.farEndIsReal(node));
    return realFarEnd ? listener : undefined;
  }
}
