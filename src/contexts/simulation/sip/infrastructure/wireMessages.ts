import {
  buildRequest,
  dialogRequestTarget,
  formatNameAddr,
  isLooseRouter,
  isWebSocket,
  parseCSeq,
  parseNameAddr,
  parseVia,
  type Dialog,
  type InDialogSpec,
  type SipAddress,
  type SipHeader,
  type SipMessage,
  type SipRequest,
  type SipTransportName,
} from '@gwsim/sip';

/**
 * What the gateway's messages need before they go on a socket. The gateway (B2bua and its dialogs) builds its
 * messages with the addresses of the committed configuration; on the wire they must name where this process really
 * listens (Via sent-by, Contact), where the peer really is (Request-URI) and where media really flows (SDP). The
 * helpers here make those copies; nothing else of a message changes.
 */

/** The methods the gateway's listeners take (the Allow header of an OPTIONS answer and of a 405). */
export const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, UPDATE, MESSAGE, REFER, NOTIFY, REGISTER';

/** A copy of `message` whose first header `name` is mapped (headers with other names and order unchanged). */
function mapFirst<T extends SipMessage>(message: T, name: string, map: (value: string) => string): T {
  let done = false;
  const headers: SipHeader[] = message.headers.map((h) => {
    if (done || h.name !== name) return h;
    done = true;
    return { name: h.name, value: map(h.value) };
  });
  return { ...message, headers };
}

/** The message with header `name` set to `value` (the first one replaced, or appended when there is none). */
export function withHeader<T extends SipMessage>(message: T, name: string, value: string): T {
  if (message.headers.some((h) => h.name === name)) return mapFirst(message, name, () => value);
  return { ...message, headers: [...message.headers, { name, value }] };
}

/** The message without any header `name`. */
export function withoutHeader<T extends SipMessage>(message: T, name: string): T {
  return { ...message, headers: message.headers.filter((h) => h.name !== name) };
}

export function firstHeader(message: SipMessage, name: string): string | undefined {
  return message.headers.find((h) => h.name === name)?.value;
}

/** A host as a URI or a Via's sent-by carries it: an IPv6 address in brackets (RFC 3261 section 25.1, IPv6reference). */
export function uriHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The top Via's sent-by is where this process takes responses (RFC 3261 sections 18.2.1 and 20.42): the listener's
 * transport, the address it advertises and its port; branch and other parameters kept, rport asked for.
 */
export function withVia(request: SipRequest, at: SipAddress): SipRequest {
  return mapFirst(request, 'Via', (value) => {
    const via = parseVia(value);
    const params = Object.entries(via.params)
      .filter(([name]) => name !== 'rport' && name !== 'received')
      .map(([name, v]) => (v === '' ? name : `${name}=${v}`));
    return `SIP/2.0/${at.transport} ${uriHost(at.host)}:${at.port};rport${params.length > 0 ? `;${params.join(';')}` : ''}`;
  });
}

/** The SIP URI of `user` at an address (with the transport parameter for TCP and TLS). */
export function uriAt(user: string | undefined, at: SipAddress): string {
  const scheme = 'sip';
  const transport = at.transport === 'UDP' ? '' : `;transport=${at.transport.toLowerCase()}`;
  return `${scheme}:${user ? `${escapeUser(user)}@` : ''}${uriHost(at.host)}:${at.port}${transport}`;
}

/**
 * A user part as a URI carries it (RFC 3261 section 25.1: unreserved, user-unreserved and escaped characters): a
 * user read unescaped (`sips:user@example.com`, RFC 4475 esc01) goes back on the wire escaped.
 */
export function escapeUser(user: string): string {
  return [...Buffer.from(user, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.!~*'()&=+$,;?/]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/**
 * Contact names this process's listener at the address it advertises (RFC 3261 section 8.1.1.8: where the peer sends
 * its requests in the dialog, and its ACK); the user part and header parameters kept.
 */
export function withContact<T extends SipMessage>(message: T, at: SipAddress): T {
  return mapFirst(message, 'Contact', (value) => {
    if (value.trim() === '*') return value;
    const contact = parseNameAddr(value);
    return formatNameAddr({ ...contact, uri: uriAt(uriUser(contact.uri), at) });
  });
}

/** The request sent to `destination`: its Request-URI's host and port replaced (the user part kept). */
export function retarget(request: SipRequest, destination: SipAddress): SipRequest {
  return { ...request, uri: uriAt(uriUser(request.uri), destination) };
}

/**
 * The request sent to a registered Contact: its Request-URI is the Contact's URI (RFC 3261 section 16.5), less what
 * a Request-URI may not carry (a method parameter and headers, section 19.1.1).
 */
export function toContact(request: SipRequest, contact: string): SipRequest {
  // the user part may hold ';' and '?' (user-unreserved), the rest of the URI no '@'
  const at = contact.indexOf('@') + 1;
  const rest = contact
    .slice(at)
    .replace(/\?.*$/, '')
    .split(';')
    .filter((part, index) => index === 0 || !/^method=/i.test(part))
    .join(';');
  return { ...request, uri: `${contact.slice(0, at)}${rest}` };
}

export function withBody<T extends SipMessage>(message: T, body: string): T {
  return { ...message, body };
}

/** The request with its CSeq number replaced (the method kept). */
export function withCSeq(request: SipRequest, seq: number): SipRequest {
  return mapFirst(request, 'CSeq', (value) => `${seq} ${parseCSeq(value).method}`);
}

export function cseqOf(message: SipMessage): { seq: number; method: string } | undefined {
  const value = firstHeader(message, 'CSeq');
  if (value === undefined) return undefined;
  try {
    return parseCSeq(value);
  } catch {
    return undefined;
  }
}

/** The user part of a SIP URI (percent-escapes decoded); undefined when it has none. */
export function uriUser(uri: string): string | undefined {
  // a name-addr's URI is the one between its angle brackets (its display name may hold anything, RFC 3261 section 20.20)
  const angled = /<([^>]*)>/.exec(uri)?.[1] ?? uri;
  const match = /^\s*sips?:([^@;>]+)@/i.exec(angled);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!.split(':')[0]!);
  } catch {
    return match[1];
  }
}

/** Where a SIP URI sends to: its host, port (5060, or 5061 for sips) and transport parameter; undefined when it names no host. */
export function uriAddress(uri: string, fallback: SipTransportName = 'UDP'): SipAddress | undefined {
  const match = /^\s*<?\s*(sips?):(?:[^@;>]*@)?(\[[^\]]+\]|[^:;>?\s]+)(?::(\d+))?([^>?]*)/i.exec(uri);
  if (!match) return undefined;
  const secure = match[1]!.toLowerCase() === 'sips';
  const params = match[4] ?? '';
  const transportParam = /;transport=([a-z]+)/i.exec(params)?.[1]?.toUpperCase();
  const transport: SipTransportName =
    secure || transportParam === 'TLS'
      ? 'TLS'
      : transportParam === 'TCP'
        ? 'TCP'
        : transportParam === 'UDP'
          ? 'UDP'
          : fallback;
  const port = match[3] !== undefined ? Number(match[3]) : transport === 'TLS' ? 5061 : 5060;
  return { transport, host: match[2]!.replace(/^\[|\]$/g, ''), port };
}

/** The tag parameter of a From or To header value. */
export function tagOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return parseNameAddr(value).params['tag'];
  } catch {
    return undefined;
  }
}

/** The Q.850 cause of a Reason header (`Q.850;cause=19;text="No answer"`), if it gives one. */
export function q850Of(message: SipMessage): number | undefined {
  for (const h of message.headers) {
    if (h.name.toLowerCase() !== 'reason') continue;
    const match = /^\s*Q\.850\s*;(?:.*;)?\s*cause\s*=\s*(\d+)/i.exec(h.value);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/**
 * Where a request in a leg's dialog goes: to a caller (`inbound`), the address its requests come from; to a far end,
 * the first Route's URI when it is a loose router (RFC 3261 section 12.2.1.1), else its Request-URI (the remote
 * target, or a strict router); `peer` when neither names an address.
 */
export function inDialogDestination(inbound: boolean, peer: SipAddress, message: SipRequest): SipAddress {
  // a WebSocket client is reached over its connection only, whatever its Contact says (RFC 7118 section 5.3)
  if (inbound || isWebSocket(peer.transport)) return peer;
  const route = firstHeader(message, 'Route');
  let uri = message.uri;
  try {
    // a loose router is the next hop; after a strict one (no ;lr) the Request-URI names it (RFC 3261 section 8.1.2)
    const first = route ? parseNameAddr(route).uri : undefined;
    if (first && isLooseRouter(first)) uri = first;
  } catch {
    /* a Route that does not parse: the Request-URI */
  }
  return uriAddress(uri, peer.transport) ?? peer;
}

/**
 * The ACK of a 2xx to the gateway's INVITE inside a dialog (a re-INVITE): in the dialog, with the INVITE's CSeq
 * number (RFC 3261 section 13.2.2.4), its Via the leg's address; after a re-INVITE without SDP it carries the answer.
 */
export function dialogAck(
  dialog: Dialog,
  spec: InDialogSpec,
  invite: SipRequest,
  at: SipAddress,
  body?: string,
): SipRequest {
  const to = dialogRequestTarget(dialog);
  const ack = buildRequest({
    method: 'ACK',
    uri: to.uri,
    via: { ...spec.via, branch: spec.branch },
    from: dialog.local,
    to: dialog.remote,
    callId: dialog.callId,
    cseq: cseqOf(invite)?.seq ?? dialog.localSeq,
    route: to.route,
    ...(body === undefined ? {} : { body }),
  });
  return withVia(ack, at);
}
