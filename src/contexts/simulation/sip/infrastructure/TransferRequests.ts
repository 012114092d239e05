import { buildResponse, headerValues, REASON_PHRASES, type ServerTransaction, type SipRequest } from '@gwsim/sip';
import type { TransferAnswer } from '../../calls/domain/SessionTransport.js';
import type { MidDialogRelay } from './MidDialogRelay.js';
import type { SocketLeg } from './SocketLeg.js';
import type { SocketReports } from './SocketReports.js';
import { firstHeader, uriAt, uriUser, withHeader } from './wireMessages.js';

/** How long the implicit subscription of an accepted REFER lasts while its transfer is under way (RFC 3515 section 2.4.4). */
const SUBSCRIPTION_SECONDS = 60;

/** The Refer-To URI and what it carries: its user (the dial string) and a Replaces among its headers (RFC 3891). */
interface ReferTarget {
  readonly destination: string;
  readonly replaces: string | undefined;
}

/** The one Refer-To of a REFER (RFC 3515 section 2.4.1), or why it is refused. */
function referTargetOf(request: SipRequest): ReferTarget | { status: number; reason: string } {
  const values = headerValues(request, 'Refer-To');
  if (values.length !== 1) return { status: 400, reason: 'Exactly One Refer-To Required' };
  const value = values[0]!;
  const uri = (/<([^>]*)>/.exec(value)?.[1] ?? value.split(';')[0] ?? '').trim();
  if (!/^sips?:/i.test(uri)) return { status: 403, reason: 'Refer-To Is Not A SIP URI' };
  const query = uri.includes('?') ? uri.slice(uri.indexOf('?') + 1) : '';
  let replaces: string | undefined;
  for (const pair of query.split('&')) {
    const [name = '', text = ''] = pair.split('=', 2);
    if (name.toLowerCase() !== 'replaces') continue;
    try {
      replaces = decodeURIComponent(text);
    } catch {
      return { status: 400, reason: 'Bad Replaces In Refer-To' };
    }
  }
  return { destination: uriUser(uri.split('?')[0]!) ?? '', replaces };
}

/**
 * REFER inside a call (RFC 3515): checked (exactly one Refer-To, a SIP URI), reported to the gateway, answered as
 * it decides — relayed to the other side (MidDialogRelay), accepted with 202 and the transfer's progress in NOTIFYs
 * of the implicit subscription (Event: refer, a message/sipfrag body; none when the REFER asked for none with
 * Refer-Sub: false, RFC 4488), or refused. One REFER at a time per leg: another meanwhile is 491.
 */
export class TransferRequests {
  constructor(
    private readonly reports: SocketReports,
    private readonly relay: MidDialogRelay,
  ) {}

  received(leg: SocketLeg, transaction: ServerTransaction): void {
    const request = transaction.request;
    const target = referTargetOf(request);
    if ('status' in target) {
      transaction.respond(buildResponse(request, target.status, { reason: target.reason }));
      return;
    }
    if (leg.refer || leg.referSubscribed) {
      transaction.respond(buildResponse(request, 491));
      return;
    }
    leg.refer = transaction;
    const relayable = this.relay.partnerOf(leg) !== undefined;
    this.reports.post(() => this.reports.listener?.transferRequested(leg, { ...target, relayable }));
  }

  /** The gateway's answer to the leg's REFER. */
  answer(leg: SocketLeg, answer: TransferAnswer): void {
    const transaction = leg.refer;
    leg.refer = undefined;
    if (!transaction || leg.ended) return;
    if (answer === 'relay') return this.relay.received(leg, transaction);
    const request = transaction.request;
    if (answer !== 202) {
      transaction.respond(buildResponse(request, answer));
      return;
    }
    const subscribed = !/^\s*false\s*$/i.test(firstHeader(request, 'Refer-Sub') ?? '');
    let accepted = withHeader(buildResponse(request, 202), 'Contact', `<${uriAt(undefined, leg.local)}>`);
    if (!subscribed) accepted = withHeader(accepted, 'Refer-Sub', 'false');
    transaction.respond(accepted);
    // RFC 3515 section 2.4.4: the first NOTIFY follows the acceptance at once (the gateway's progress, sent next)
    leg.referSubscribed = subscribed;
  }

  /** The transfer's progress as a NOTIFY with the target's status line; the subscription ends with a final one. */
  progress(leg: SocketLeg, status: number): void {
    if (!leg.referSubscribed) return;
    const final = status >= 200;
    if (final) leg.referSubscribed = false;
    const state = final ? 'terminated;reason=noresource' : `active;expires=${SUBSCRIPTION_SECONDS}`;
    const fragment = `SIP/2.0 ${status} ${REASON_PHRASES[status] ?? 'Unknown'}\r\n`;
    this.relay.own(
      leg,
      'NOTIFY',
      [
        ['Event', 'refer'],
        ['Subscription-State', state],
        ['Content-Type', 'message/sipfrag;version=2.0'],
      ],
      fragment,
    );
  }
}
