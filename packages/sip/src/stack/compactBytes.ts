import { serialize, type SipRequest } from '../message.js';

/**
 * Headers a lingering transaction keeps: those that match it and route a response back, and those a dialog is
 * formed from (RFC 3261 12.1: the remote target and the route set), so a user can still build in-dialog requests.
 */
const IDENTIFYING = new Set(['Via', 'From', 'To', 'Call-ID', 'CSeq', 'Contact', 'Record-Route']);

/** The request with only its identifying headers and its body, as bytes (parsed again when it is asked for). */
export function compactBytes(request: SipRequest): Buffer {
  return serialize({ ...request, headers: request.headers.filter((h) => IDENTIFYING.has(h.name)) });
}
