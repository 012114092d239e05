import { headerValues, parseNameAddr, type Dialog, type SipRequest, type SipResponse } from '@gwsim/sip';
import { firstHeader } from './wireMessages.js';

/**
 * The dialog a 2xx the gateway sent to an INVITE makes, as the gateway's (UAS) side sees it (RFC 3261 section
 * 12.1.1): local is the 2xx's To (with the gateway's tag), remote the INVITE's From, the remote target the INVITE's
 * Contact, the route set its Record-Route in order. Undefined when a header does not parse.
 */
export function uasDialog(invite: SipRequest, ok: SipResponse): Dialog | undefined {
  try {
    const contact = firstHeader(invite, 'Contact');
    return {
      callId: firstHeader(invite, 'Call-ID') ?? '',
      local: parseNameAddr(firstHeader(ok, 'To') ?? ''),
      remote: parseNameAddr(firstHeader(invite, 'From') ?? ''),
      remoteTarget: contact ? parseNameAddr(contact).uri : invite.uri,
      routeSet: headerValues(invite, 'Record-Route'),
      localSeq: 0,
    };
  } catch {
    return undefined;
  }
}
