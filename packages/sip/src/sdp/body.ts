import { headerValues, type SipMessage } from '../message.js';
import { parseMediaType } from '../syntax/mediaType.js';
import { parseMultipart } from '../syntax/multipart.js';
import type { SdpSessionDescription } from './model.js';
import { readSdp } from './read.js';

/**
 * The session description a message carries: none (no body, as in a late-offer INVITE, or a body without SDP),
 * the description, or the reason it is malformed (to answer 488 with a Warning 399).
 */
export type SdpBody =
  { kind: 'none' } | { kind: 'sdp'; sdp: SdpSessionDescription; text: string } | { kind: 'malformed'; reason: string };

/**
 * The SDP of a message: the body when its Content-Type is application/sdp, or the first application/sdp part of a
 * multipart body (RFC 5621). Never throws.
 */
export function sdpOf(message: SipMessage): SdpBody {
  if (message.body === '') return { kind: 'none' };
  const type = parseMediaType(headerValues(message, 'Content-Type')[0] ?? '');
  if (!type) return { kind: 'none' };
  let text: string | undefined;
  if (type.type === 'application' && type.subtype === 'sdp') text = message.body;
  else if (type.type === 'multipart') {
    const parts = type.params.boundary === undefined ? undefined : parseMultipart(message.body, type.params.boundary);
    if (!parts) return { kind: 'malformed', reason: 'malformed multipart body' };
    text = parts.find((p) => p.contentType?.type === 'application' && p.contentType.subtype === 'sdp')?.body;
  }
  if (text === undefined) return { kind: 'none' };
  const read = readSdp(text);
  return read.ok ? { kind: 'sdp', sdp: read.sdp, text } : { kind: 'malformed', reason: read.reason };
}
