import { canonicalHeaderName, parseVia, type SipHeader, type SipResponse, splitList } from '../message.js';
import { receivedVia } from './receivedVia.js';
import type { SipAddress } from './types.js';

/**
 * A request line of any SIP version (another version's request gets its 505 from here, RFC 3261 section 21.5.6),
 * read liberally so that a malformed one is still answered 400: LWS inside the Request-URI, several SP between the
 * elements, SP at its end (RFC 4475 sections 3.1.2.8 to 3.1.2.10).
 */
const REQUEST_LINE = /^([A-Za-z0-9.!%*_+`'~-]+) +(\S.*?) +SIP\/\d+\.\d+ *$/i;
const REASONS = { 400: 'Bad Request', 505: 'Version Not Supported', 513: 'Message Too Large' } as const;
const RECOVERED = new Set(['Via', 'From', 'To', 'Call-ID', 'CSeq']);
/**
 * What a request must still have to be answered: a Via to send the answer by and a CSeq to match it (RFC 3261
 * sections 18.2.2 and 17.1.3). From, To and Call-ID are copied when there; a request missing them gets its 400 too
 * (RFC 4475 section 3.3.1).
 */
const REQUIRED = ['Via', 'CSeq'] as const;

/**
 * The answer to input that did not parse when it still reads as a request with a Via and a CSeq (never an ACK);
 * undefined for anything else, which is dropped. The Warning header names the problem, from `host`; a To without a
 * tag gets `newTag()`.
 */
export function malformedResponse(
  bytes: Buffer,
  status: 400 | 505 | 513,
  problem: string,
  from: { remote: SipAddress; maxBytes: number; host: string; newTag: () => string },
): SipResponse | undefined {
  const recovered = recoverRequest(bytes, from.maxBytes);
  if (!recovered || recovered.method === 'ACK') return undefined;
  const headers = answerHeaders(recovered.headers, from.remote, from.newTag);
  const text = problem.replace(/[\u0000-\u001f\u007f"\\]/g, ' ').slice(0, 200);
  headers.push({ name: 'Warning', value: `399 ${from.host} "${text}"` });
  return { kind: 'response', status, reason: REASONS[status], headers, body: '' };
}

/** The recovered headers as an answer carries them: the top Via with received and rport, the To with a tag. */
function answerHeaders(recovered: SipHeader[], remote: SipAddress, newTag: () => string): SipHeader[] {
  const headers: SipHeader[] = [];
  let viaDone = false;
  for (const h of recovered) {
    if (h.name === 'Via' && !viaDone) {
      viaDone = true;
      try {
        const parts = splitList(h.value);
        parts[0] = receivedVia(parts[0], parseVia(parts[0]), remote);
        headers.push({ name: 'Via', value: parts.join(', ') });
        continue;
      } catch {
        /* a malformed Via is copied as it came */
      }
    }
    if (h.name === 'To' && !/;\s*tag=/i.test(h.value))
      headers.push({ name: 'To', value: `${h.value};tag=${newTag()}` });
    else headers.push(h);
  }
  return headers;
}

/**
 * Reads what can be read of a message that did not parse: a request line and the Via, From, To, Call-ID and
 * CSeq headers, as raw values. Undefined without a Via and a CSeq, or with one of the others twice.
 */
function recoverRequest(bytes: Buffer, maxBytes: number): { method: string; headers: SipHeader[] } | undefined {
  const limit = Math.min(bytes.length, maxBytes);
  let end = bytes.indexOf('\r\n\r\n');
  if (end < 0 || end > limit) end = limit;
  const lines = bytes.toString('utf8', 0, end).split(/\r?\n/);
  while (lines.length > 0 && lines[0] === '') lines.shift();
  const start = REQUEST_LINE.exec(lines.shift() ?? '');
  if (!start) return undefined;
  const unfolded: string[] = [];
  for (const line of lines) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && unfolded.length > 0)
      unfolded[unfolded.length - 1] += ` ${line.trim()}`;
    else unfolded.push(line);
  }
  const headers: SipHeader[] = [];
  for (const line of unfolded) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = canonicalHeaderName(line.slice(0, colon).trim());
    const value = line.slice(colon + 1).trim();
    if (RECOVERED.has(name) && value !== '' && !/[\r\n]/.test(value)) headers.push({ name, value });
  }
  for (const name of REQUIRED) if (!headers.some((h) => h.name === name)) return undefined;
  // A response names these once each at most; a repeated one would make a confusing answer.
  for (const name of ['From', 'To', 'Call-ID', 'CSeq'])
    if (headers.filter((h) => h.name === name).length > 1) return undefined;
  return { method: start[1], headers };
}
