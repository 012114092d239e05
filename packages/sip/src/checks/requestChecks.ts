import { canonicalHeaderName } from '../headerNames.js';
import { headerValues, type SipHeader, type SipRequest } from '../message.js';
import { parseAddress } from '../syntax/address.js';
import { checkHeaderSyntax } from '../syntax/headerRules.js';
import { isSipUri, parseUri } from '../syntax/uri.js';
import { parseViaValue } from '../syntax/via.js';
import { checkAcceptable, checkBody } from './bodyChecks.js';
import { rejection, type RequestCapabilities, type RequestRejection } from './rejection.js';

type Check = (request: SipRequest, capabilities: RequestCapabilities) => RequestRejection | undefined;

/**
 * The checks a UAS applies to a request before it acts on it, in RFC 3261's order: the SIP version, the headers
 * every request needs, method inspection (section 8.2.1), the CSeq method, Contact, the Request-URI scheme (section
 * 8.2.2.1), Max-Forwards (section 16.3 step 3), extensions (section 8.2.2.3), the body (section 8.2.3) and what the
 * answer may carry (section 21.4.7). Undefined means accept; a rejection says what to answer (for an ACK: drop it).
 * Pure: reads the request and the capabilities only.
 */
export function checkRequest(request: SipRequest, capabilities: RequestCapabilities): RequestRejection | undefined {
  for (const check of CHECKS) {
    const refusal = check(request, capabilities);
    if (refusal) return refusal;
  }
  return undefined;
}

/** The values of a header (list headers split on commas), any spelling or compact form. */
function values(request: SipRequest, name: string): string[] {
  return headerValues(request, name);
}

/** How many header lines of a name the request has (compact forms and any case counted). */
function lines(request: SipRequest, name: string): SipHeader[] {
  return request.headers.filter((h) => canonicalHeaderName(h.name) === name);
}

/** RFC 3261 section 7.1 and section 21.5.6: only SIP/2.0 is served; 505 for any other version. */
const version: Check = (request) =>
  request.version === undefined || request.version.toUpperCase() === 'SIP/2.0'
    ? undefined
    : rejection(505, `SIP version ${request.version} is not supported`);

const MANDATORY = ['To', 'From', 'CSeq', 'Call-ID', 'Via'];
/** Headers that are not lists (section 7.3.1), so may appear once only (RFC 4475 section 3.3.8). */
const SINGLE = ['To', 'From', 'CSeq', 'Call-ID', 'Max-Forwards', 'Content-Type', 'Expires'];

/**
 * RFC 3261 section 8.1.1: To, From, CSeq, Call-ID and Via are present (Max-Forwards may be missing: section 16.3
 * step 3 passes such a request, and RFC 2543 requests have none, RFC 4475 section 3.5), single-valued headers appear
 * once (section 7.3.1), and every header this package reads follows its grammar (section 25). 400 otherwise.
 */
const mandatory: Check = (request, capabilities) => {
  for (const name of MANDATORY) {
    if (lines(request, name).length === 0) return rejection(400, `missing ${name} header`);
  }
  for (const name of SINGLE) {
    if (lines(request, name).length > 1) return rejection(400, `more than one ${name} header`);
  }
  if (capabilities.headersChecked) return undefined;
  for (const h of request.headers) {
    try {
      checkHeaderSyntax(canonicalHeaderName(h.name), h.value);
    } catch (e) {
      return rejection(400, `malformed ${h.name} header: ${(e as Error).message}`);
    }
  }
  return undefined;
};

/**
 * Section 8.2.1: a method the UAS does not implement gets 501 with Allow listing those it does. Checked before the
 * CSeq method, so an unknown method with a mismatching CSeq gets 501 as RFC 4475 section 3.1.2.18 prefers.
 */
const method: Check = (request, capabilities) =>
  capabilities.methods.includes(request.method)
    ? undefined
    : rejection(501, `method ${request.method} is not implemented`, [
        { name: 'Allow', value: capabilities.methods.join(', ') },
      ]);

/** Section 8.1.1.5: the CSeq method matches the request method (RFC 4475 section 3.1.2.17); 400 otherwise. */
const cseqMethod: Check = (request) => {
  const cseq = /^\s*\d+\s+(\S+)\s*$/.exec(values(request, 'CSeq')[0] ?? '');
  return cseq && cseq[1] === request.method
    ? undefined
    : rejection(400, `CSeq method ${cseq?.[1]} does not match request method ${request.method}`);
};

/** Requests that can establish a dialog (RFC 3261 section 8.1.1.8; SUBSCRIBE and NOTIFY: RFC 6665; REFER: RFC 3515). */
const DIALOG_CREATING = new Set(['INVITE', 'SUBSCRIBE', 'NOTIFY', 'REFER']);

/**
 * Section 8.1.1.8: a request that can establish a dialog carries exactly one Contact with a SIP or SIPS URI; the
 * wildcard `*` belongs to REGISTER alone (section 10.2.2). 400 otherwise. A request from an RFC 2543 element (its
 * top Via branch lacks the z9hG4bK cookie, section 8.1.1.7) is not held to it: RFC 2543 made Contact optional, and
 * RFC 4475 section 3.5 asks elements to accept such an INVITE.
 */
function fromRfc3261(request: SipRequest): boolean {
  const branch = parseViaValue(values(request, 'Via')[0] ?? '').branch;
  return branch !== undefined && branch.startsWith('z9hG4bK');
}

const contact: Check = (request) => {
  const contacts = values(request, 'Contact');
  if (contacts.includes('*') && (request.method !== 'REGISTER' || contacts.length > 1))
    return rejection(400, 'Contact * is only for a REGISTER that removes every binding');
  if (!DIALOG_CREATING.has(request.method)) return undefined;
  if (contacts.length === 0 && !fromRfc3261(request)) return undefined;
  if (contacts.length !== 1) return rejection(400, `${request.method} needs exactly one Contact`);
  const uri = parseUri(parseAddress(contacts[0]).uri);
  return isSipUri(uri) ? undefined : rejection(400, `the Contact of ${request.method} must be a SIP or SIPS URI`);
};

/**
 * Section 10.2 (RFC 4475 section 3.3.4): the To of a REGISTER is an address-of-record, a SIP or SIPS URI; 400
 * otherwise.
 */
const registerTo: Check = (request) => {
  if (request.method !== 'REGISTER') return undefined;
  const uri = parseUri(parseAddress(values(request, 'To')[0]).uri);
  return isSipUri(uri) ? undefined : rejection(400, `the To of a REGISTER must be a SIP or SIPS URI`);
};

const DEFAULT_SCHEMES = ['sip', 'sips', 'tel'];

/** Section 8.2.2.1 (and section 16.3 step 2): a Request-URI scheme the UAS does not serve gets 416. */
const uriScheme: Check = (request, capabilities) => {
  let scheme: string;
  try {
    scheme = parseUri(request.uri).scheme;
  } catch (e) {
    return rejection(400, `malformed Request-URI: ${(e as Error).message}`);
  }
  const schemes = capabilities.uriSchemes ?? DEFAULT_SCHEMES;
  return schemes.some((s) => s.toLowerCase() === scheme)
    ? undefined
    : rejection(416, `URI scheme ${scheme} is not supported`);
};

/**
 * Section 16.3 step 3: Max-Forwards 0 on a request to pass on gets 483; a request the gateway answers itself
 * (OPTIONS by default, section 11) is served. A value over 255 is taken as absent (section 20.22, RFC 4475 section
 * 3.1.2.4), and so is a missing header.
 */
const maxForwards: Check = (request, capabilities) => {
  const value = values(request, 'Max-Forwards')[0];
  if (value === undefined || Number(value) !== 0) return undefined;
  const local = capabilities.answeredLocally ?? ['OPTIONS'];
  return local.includes(request.method) ? undefined : rejection(483, 'Max-Forwards is 0');
};

/**
 * Section 8.2.2.3: option tags of Require (and of Proxy-Require, the gateway passing requests on as a proxy would,
 * section 16.3 step 5; RFC 4475 section 3.3.5) that are not supported get 420 with Unsupported listing them. Both
 * headers are ignored in CANCEL and ACK.
 */
const extensions: Check = (request, capabilities) => {
  if (request.method === 'CANCEL' || request.method === 'ACK') return undefined;
  const supported = new Set((capabilities.optionTags ?? []).map((t) => t.toLowerCase()));
  const unknown: string[] = [];
  for (const tag of [...values(request, 'Require'), ...values(request, 'Proxy-Require')]) {
    if (!supported.has(tag.toLowerCase()) && !unknown.includes(tag)) unknown.push(tag);
  }
  return unknown.length === 0
    ? undefined
    : rejection(420, `unsupported extensions ${unknown.join(', ')}`, [
        { name: 'Unsupported', value: unknown.join(', ') },
      ]);
};

const CHECKS: Check[] = [
  version,
  mandatory,
  method,
  cseqMethod,
  contact,
  registerTo,
  uriScheme,
  maxForwards,
  extensions,
  checkBody,
  checkAcceptable,
];
