import {
  formatNameAddr,
  header,
  headerValues,
  parseCSeq,
  parseNameAddr,
  parseVia,
  type NameAddr,
  type SipHeader,
  type SipRequest,
  type SipResponse,
} from './message.js';

/** A source of random bytes; pass a seeded one in tests for deterministic output. */
export type RandomSource = (size: number) => Uint8Array;

export const BRANCH_COOKIE = 'z9hG4bK';

/**
 * Generates Via branches: the RFC 3261 magic cookie, random bytes from the source, and a per-generator counter
 * so that two transactions from one generator never share a branch even if the source repeats itself.
 */
export function createBranchGenerator(random: RandomSource): () => string {
  let counter = 0;
  return () => `${BRANCH_COOKIE}${hex(random(8))}${(counter++).toString(36)}`;
}

/** Generates tags (From/To) and Call-IDs from a random source. */
export function createIdGenerator(random: RandomSource): { tag(): string; callId(host: string): string } {
  return {
    tag: () => hex(random(6)),
    callId: (host: string) => `${hex(random(12))}@${host}`,
  };
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

export interface ViaSpec {
  transport?: string;
  host: string;
  port?: number;
  branch: string;
  rport?: boolean;
}

export function formatVia(via: ViaSpec): string {
  const port = via.port === undefined ? '' : `:${via.port}`;
  return `SIP/2.0/${(via.transport ?? 'UDP').toUpperCase()} ${via.host}${port}${via.rport ? ';rport' : ''};branch=${via.branch}`;
}

export interface RequestSpec {
  method: string;
  uri: string;
  via: ViaSpec;
  from: NameAddr;
  to: NameAddr;
  callId: string;
  cseq: number;
  contact?: NameAddr;
  maxForwards?: number;
  route?: string[];
  recordRoute?: string[];
  userAgent?: string;
  contentType?: string;
  body?: string;
}

/**
 * Build a request with headers in the order a UA sends them: Via, Max-Forwards, Route, Record-Route, From, To,
 * Call-ID, CSeq, Contact, User-Agent, Content-Type (Content-Length is added by the serializer).
 */
export function buildRequest(spec: RequestSpec): SipRequest {
  if (!spec.via.branch.startsWith(BRANCH_COOKIE))
    throw new Error(`branch ${spec.via.branch} lacks the ${BRANCH_COOKIE} cookie`);
  if (!('tag' in spec.from.params) && spec.method !== 'CANCEL' && spec.method !== 'ACK')
    throw new Error('From needs a tag');
  const headers: SipHeader[] = [
    { name: 'Via', value: formatVia(spec.via) },
    { name: 'Max-Forwards', value: String(spec.maxForwards ?? 70) },
    ...(spec.route ?? []).map((value) => ({ name: 'Route', value })),
    ...(spec.recordRoute ?? []).map((value) => ({ name: 'Record-Route', value })),
    { name: 'From', value: formatNameAddr(spec.from) },
    { name: 'To', value: formatNameAddr(spec.to) },
    { name: 'Call-ID', value: spec.callId },
    { name: 'CSeq', value: `${spec.cseq} ${spec.method}` },
  ];
  if (spec.contact) headers.push({ name: 'Contact', value: formatNameAddr(spec.contact) });
  if (spec.userAgent) headers.push({ name: 'User-Agent', value: spec.userAgent });
  const body = spec.body ?? '';
  if (body !== '') headers.push({ name: 'Content-Type', value: spec.contentType ?? 'application/sdp' });
  return { kind: 'request', method: spec.method, uri: spec.uri, headers, body };
}

export const REASON_PHRASES: Record<number, string> = {
  100: 'Trying',
  180: 'Ringing',
  181: 'Call Is Being Forwarded',
  182: 'Queued',
  183: 'Session Progress',
  200: 'OK',
  202: 'Accepted',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Moved Temporarily',
  305: 'Use Proxy',
  380: 'Alternative Service',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  410: 'Gone',
  413: 'Request Entity Too Large',
  414: 'Request-URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Unsupported URI Scheme',
  420: 'Bad Extension',
  421: 'Extension Required',
  422: 'Session Interval Too Small',
  423: 'Interval Too Brief',
  480: 'Temporarily Unavailable',
  481: 'Call/Transaction Does Not Exist',
  482: 'Loop Detected',
  483: 'Too Many Hops',
  484: 'Address Incomplete',
  485: 'Ambiguous',
  486: 'Busy Here',
  487: 'Request Terminated',
  488: 'Not Acceptable Here',
  489: 'Bad Event',
  491: 'Request Pending',
  493: 'Undecipherable',
  500: 'Server Internal Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Server Time-out',
  505: 'Version Not Supported',
  513: 'Message Too Large',
  600: 'Busy Everywhere',
  603: 'Decline',
  604: 'Does Not Exist Anywhere',
  606: 'Not Acceptable',
};

export interface ResponseSpec {
  /** Added to To when the request's To has no tag (required for every response but 100). */
  toTag?: string;
  reason?: string;
  contact?: NameAddr;
  userAgent?: string;
  contentType?: string;
  body?: string;
}

/**
 * Build a response to a request (RFC 3261 section 8.2.6): copies every Via, From, To, Call-ID and CSeq, and
 * Record-Route for 18x/2xx to dialog-creating requests; adds the To tag when the request had none.
 */
export function buildResponse(request: SipRequest, status: number, spec: ResponseSpec = {}): SipResponse {
  if (!Number.isInteger(status) || status < 100 || status > 699) throw new Error(`status ${status} is not 100..699`);
  const headers: SipHeader[] = [];
  const copy = (name: string): void => {
    for (const h of request.headers) if (h.name === name) headers.push({ name: h.name, value: h.value });
  };
  const to = parseNameAddr(header(request, 'To') ?? '');
  if (!('tag' in to.params) && status !== 100) {
    if (!spec.toTag) throw new Error(`a ${status} response needs a To tag`);
    to.params.tag = spec.toTag;
  }
  copy('Via');
  if (status > 100 && status < 300) copy('Record-Route');
  copy('From');
  headers.push({ name: 'To', value: formatNameAddr(to) });
  copy('Call-ID');
  copy('CSeq');
  if (spec.contact) headers.push({ name: 'Contact', value: formatNameAddr(spec.contact) });
  if (spec.userAgent) headers.push({ name: 'Server', value: spec.userAgent });
  const body = spec.body ?? '';
  if (body !== '') headers.push({ name: 'Content-Type', value: spec.contentType ?? 'application/sdp' });
  return { kind: 'response', status, reason: spec.reason ?? REASON_PHRASES[status] ?? 'Unknown', headers, body };
}

/** The UAC's view of a dialog established by a 18x/2xx response to its INVITE (RFC 3261 section 12.1.2). */
export interface Dialog {
  callId: string;
  local: NameAddr;
  remote: NameAddr;
  remoteTarget: string;
  routeSet: string[];
  localSeq: number;
}

/**
 * The dialog a 2xx to an INVITE establishes (RFC 3261 section 12.1.2). As the section asks, a response without a
 * To tag is taken with a null tag (RFC 2543 did not mandate one); one without Contact, which RFC 2543 peers also
 * send, leaves the remote target at the INVITE's Request-URI.
 */
export function dialogFromResponse(invite: SipRequest, response: SipResponse): Dialog {
  const contact = header(response, 'Contact');
  const remote = parseNameAddr(header(response, 'To') ?? '');
  return {
    callId: header(invite, 'Call-ID') as string,
    local: parseNameAddr(header(invite, 'From') ?? ''),
    remote,
    remoteTarget: contact ? parseNameAddr(contact).uri : invite.uri,
    routeSet: headerValues(response, 'Record-Route').reverse(),
    localSeq: parseCSeq(header(invite, 'CSeq') ?? '').seq,
  };
}

export interface InDialogSpec {
  via: Omit<ViaSpec, 'branch'>;
  branch: string;
  contact?: NameAddr;
  userAgent?: string;
}

/** Whether a route's URI names a loose router (the `lr` parameter, RFC 3261 section 19.1.1). */
export function isLooseRouter(uri: string): boolean {
  return /;lr(=[^;?]*)?(;|\?|$)/i.test(uri);
}

/**
 * The Request-URI and Route headers of a request in the dialog (RFC 3261 section 12.2.1.1): with an empty route set
 * or a loose router first (`;lr`), the remote target and the route set as it is; with a strict router first, that
 * router's URI as the Request-URI and the remote target as the last Route.
 */
export function dialogRequestTarget(dialog: Dialog): { uri: string; route: string[] } {
  const first = dialog.routeSet[0];
  if (first === undefined) return { uri: dialog.remoteTarget, route: [] };
  const router = parseNameAddr(first);
  if (isLooseRouter(router.uri)) return { uri: dialog.remoteTarget, route: [...dialog.routeSet] };
  return { uri: router.uri, route: [...dialog.routeSet.slice(1), `<${dialog.remoteTarget}>`] };
}

/** Build a request within a dialog (BYE, re-INVITE...): new CSeq (the dialog's local sequence is advanced). */
export function buildInDialog(dialog: Dialog, method: string, spec: InDialogSpec, body?: string): SipRequest {
  dialog.localSeq += 1;
  const target = dialogRequestTarget(dialog);
  return buildRequest({
    method,
    uri: target.uri,
    via: { ...spec.via, branch: spec.branch },
    from: dialog.local,
    to: dialog.remote,
    callId: dialog.callId,
    cseq: dialog.localSeq,
    route: target.route,
    contact: spec.contact,
    userAgent: spec.userAgent,
    body,
  });
}

export function buildBye(dialog: Dialog, spec: InDialogSpec): SipRequest {
  return buildInDialog(dialog, 'BYE', spec);
}

/**
 * Build the ACK for a final response to an INVITE. For 2xx: a new transaction in the dialog (new branch, sent to
 * the remote target through the route set, CSeq number of the INVITE). For 3xx-6xx (RFC 3261 section 17.1.1.3):
 * same Request-URI, top Via and Route as the INVITE, To from the response.
 */
export function buildAck(invite: SipRequest, response: SipResponse, spec?: InDialogSpec): SipRequest {
  const cseq = parseCSeq(header(invite, 'CSeq') ?? '');
  if (cseq.method !== 'INVITE') throw new Error('ACK answers an INVITE');
  if (response.status < 200) throw new Error('no ACK for a provisional response');
  if (response.status < 300) {
    if (!spec) throw new Error('an ACK for a 2xx needs its own Via and branch');
    const dialog = dialogFromResponse(invite, response);
    const target = dialogRequestTarget(dialog);
    return buildRequest({
      method: 'ACK',
      uri: target.uri,
      via: { ...spec.via, branch: spec.branch },
      from: dialog.local,
      to: dialog.remote,
      callId: dialog.callId,
      cseq: cseq.seq,
      route: target.route,
      contact: spec.contact,
      userAgent: spec.userAgent,
    });
  }
  return sameTransaction(invite, 'ACK', header(response, 'To') as string);
}

/** Build a CANCEL for a pending INVITE (RFC 3261 section 9.1): same URI, top Via, From, To, Call-ID, Route. */
export function buildCancel(invite: SipRequest): SipRequest {
  if (invite.method !== 'INVITE') throw new Error('CANCEL is built for an INVITE');
  return sameTransaction(invite, 'CANCEL', header(invite, 'To') as string);
}

function sameTransaction(invite: SipRequest, method: string, to: string): SipRequest {
  const topVia = headerValues(invite, 'Via')[0];
  parseVia(topVia);
  const cseq = parseCSeq(header(invite, 'CSeq') ?? '');
  const headers: SipHeader[] = [
    { name: 'Via', value: topVia },
    { name: 'Max-Forwards', value: '70' },
    ...invite.headers.filter((h) => h.name === 'Route').map((h) => ({ ...h })),
    { name: 'From', value: header(invite, 'From') as string },
    { name: 'To', value: to },
    { name: 'Call-ID', value: header(invite, 'Call-ID') as string },
    { name: 'CSeq', value: `${cseq.seq} ${method}` },
  ];
  return { kind: 'request', method, uri: invite.uri, headers, body: '' };
}
