/**
 * Header names: the canonical spelling of the headers of RFC 3261 section 20 and of the common extensions, their
 * compact forms, and which of them are comma-separated lists. Header names are case-insensitive (RFC 3261 section
 * 7.3.1); the parser stores the canonical spelling of known names and unknown names as they came.
 */
const KNOWN = [
  'Accept',
  'Accept-Contact',
  'Accept-Encoding',
  'Accept-Language',
  'Alert-Info',
  'Allow',
  'Allow-Events',
  'Authentication-Info',
  'Authorization',
  'Call-ID',
  'Call-Info',
  'Contact',
  'Content-Disposition',
  'Content-Encoding',
  'Content-Language',
  'Content-Length',
  'Content-Type',
  'CSeq',
  'Date',
  'Error-Info',
  'Event',
  'Expires',
  'From',
  'Identity',
  'Identity-Info',
  'In-Reply-To',
  'Max-Forwards',
  'MIME-Version',
  'Min-Expires',
  'Min-SE',
  'Organization',
  'P-Asserted-Identity',
  'P-Preferred-Identity',
  'Path',
  'Priority',
  'Privacy',
  'Proxy-Authenticate',
  'Proxy-Authorization',
  'Proxy-Require',
  'RAck',
  'Reason',
  'Record-Route',
  'Refer-To',
  'Referred-By',
  'Reject-Contact',
  'Replaces',
  'Reply-To',
  'Request-Disposition',
  'Require',
  'Retry-After',
  'Route',
  'RSeq',
  'Server',
  'Service-Route',
  'Session-Expires',
  'Subject',
  'Subscription-State',
  'Supported',
  'Timestamp',
  'To',
  'Unsupported',
  'User-Agent',
  'Via',
  'Warning',
  'WWW-Authenticate',
];

const CANONICAL: Record<string, string> = Object.fromEntries(KNOWN.map((name) => [name.toLowerCase(), name]));

/**
 * Compact forms: RFC 3261 section 7.3.3 (i m e l c f s k t v) and the extensions that registered one: o Event and
 * u Allow-Events (RFC 6665), r Refer-To (RFC 3515), b Referred-By (RFC 3892), x Session-Expires (RFC 4028), y Identity
 * and n Identity-Info (RFC 4474), a Accept-Contact, j Reject-Contact and d Request-Disposition (RFC 3841).
 */
export const COMPACT_FORMS: Record<string, string> = {
  i: 'Call-ID',
  f: 'From',
  t: 'To',
  v: 'Via',
  m: 'Contact',
  l: 'Content-Length',
  c: 'Content-Type',
  e: 'Content-Encoding',
  k: 'Supported',
  s: 'Subject',
  o: 'Event',
  u: 'Allow-Events',
  r: 'Refer-To',
  b: 'Referred-By',
  x: 'Session-Expires',
  y: 'Identity',
  n: 'Identity-Info',
  a: 'Accept-Contact',
  j: 'Reject-Contact',
  d: 'Request-Disposition',
};

/** Names already spelled as they are kept (the common case: the names this package writes and the parser keeps). */
const SPELLED = new Map(KNOWN.map((name) => [name, name]));

/** The canonical spelling of a header name (compact forms expanded, case normalised for known headers). */
export function canonicalHeaderName(name: string): string {
  const known = SPELLED.get(name);
  if (known !== undefined) return known;
  const lower = name.toLowerCase();
  if (lower.length === 1) return COMPACT_FORMS[lower] ?? name;
  return CANONICAL[lower] ?? name;
}

/** Headers whose values are comma-separated lists (RFC 3261 section 7.3.1 and the grammar of each). */
export const LIST_HEADERS = new Set([
  'Accept',
  'Accept-Contact',
  'Accept-Encoding',
  'Accept-Language',
  'Alert-Info',
  'Allow',
  'Allow-Events',
  'Call-Info',
  'Contact',
  'Content-Encoding',
  'Content-Language',
  'Error-Info',
  'In-Reply-To',
  'P-Asserted-Identity',
  'P-Preferred-Identity',
  'Path',
  'Proxy-Require',
  'Reason',
  'Record-Route',
  'Reject-Contact',
  'Require',
  'Route',
  'Service-Route',
  'Supported',
  'Unsupported',
  'Via',
  'Warning',
]);
