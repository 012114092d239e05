import { headerValues, type SipRequest } from '../message.js';
import { mediaRangeCovers, parseMediaType, type MediaType } from '../syntax/mediaType.js';
import { parseMultipart } from '../syntax/multipart.js';
import { rejection, type RequestCapabilities, type RequestRejection } from './rejection.js';

const DEFAULT_TYPES = ['application/sdp'];

function typeName(media: MediaType): string {
  return `${media.type}/${media.subtype}`;
}

function accepted(media: MediaType | undefined, types: readonly string[]): boolean {
  return media !== undefined && types.some((t) => t.toLowerCase() === typeName(media));
}

/** RFC 3261 section 20.11: a body whose disposition says handling=optional may be ignored rather than refused. */
function optional(dispositions: string[]): boolean {
  return dispositions.some((d) => /;\s*handling\s*=\s*optional\b/i.test(d));
}

/**
 * RFC 3261 section 8.2.3 and the framing rules it relies on:
 * - a Content-Length header kept in the request is 1*DIGIT and equal to the body's length in bytes (section 20.14;
 *   RFC 4475 sections 3.1.2.2, 3.1.2.3): 400 otherwise;
 * - a non-empty body has a Content-Type (section 20.15): 400 otherwise;
 * - a content coding other than identity that the UAS does not understand: 415 with Accept-Encoding;
 * - a type the UAS does not understand, unless its disposition is handling=optional: 415 with Accept (RFC 4475
 *   section 3.3.6). A multipart body of an understood multipart type is understood when one of its parts is and
 *   every part it does not understand says handling=optional (handling is "required" when not given: section
 *   20.11, RFC 5621 section 9).
 */
export function checkBody(request: SipRequest, capabilities: RequestCapabilities): RequestRejection | undefined {
  const length = headerValues(request, 'Content-Length');
  const bytes = Buffer.byteLength(request.body, 'utf8');
  if (length.some((l) => !/^\d+$/.test(l.trim()) || Number(l) !== bytes))
    return rejection(400, `Content-Length ${length.join(', ')} does not match a body of ${bytes} bytes`);
  if (request.body === '') return undefined;
  const typeValue = headerValues(request, 'Content-Type')[0];
  if (typeValue === undefined) return rejection(400, 'a body without Content-Type');
  if (capabilities.carriedBodies?.includes(request.method)) return undefined;
  const encodings = capabilities.contentEncodings ?? [];
  const unknownCoding = headerValues(request, 'Content-Encoding').find(
    (c) => c.toLowerCase() !== 'identity' && !encodings.some((e) => e.toLowerCase() === c.toLowerCase()),
  );
  if (unknownCoding !== undefined)
    return rejection(415, `content coding ${unknownCoding} is not understood`, [
      { name: 'Accept-Encoding', value: ['identity', ...encodings].join(', ') },
    ]);
  const types = capabilities.contentTypes ?? DEFAULT_TYPES;
  const refusal = (why: string): RequestRejection => rejection(415, why, [{ name: 'Accept', value: types.join(', ') }]);
  const media = parseMediaType(typeValue);
  if (!media) return rejection(400, `malformed Content-Type ${typeValue}`);
  if (!accepted(media, types))
    return optional(headerValues(request, 'Content-Disposition'))
      ? undefined
      : refusal(`body type ${typeName(media)} is not understood`);
  if (media.type !== 'multipart') return undefined;
  return checkParts(request.body, media, types, refusal);
}

function checkParts(
  body: string,
  media: MediaType,
  types: readonly string[],
  refusal: (why: string) => RequestRejection,
): RequestRejection | undefined {
  const boundary = media.params.boundary;
  const parts = boundary === undefined ? undefined : parseMultipart(body, boundary);
  if (!parts) return rejection(400, `malformed ${typeName(media)} body (no boundary or no delimiter)`);
  const understood = (type: MediaType | undefined): boolean => type?.type !== 'multipart' && accepted(type, types);
  if (!parts.some((p) => understood(p.contentType)))
    return refusal(`no part of the ${typeName(media)} body is of a type understood`);
  for (const part of parts) {
    const disposition = part.headers.filter((h) => h.name === 'Content-Disposition').map((h) => h.value);
    if (!understood(part.contentType) && !optional(disposition))
      return refusal(
        `a required part of type ${part.contentType ? typeName(part.contentType) : '?'} is not understood`,
      );
  }
  return undefined;
}

/**
 * RFC 3261 section 21.4.7 (406) with section 20.1: the answer to an INVITE carries a session description (the
 * answer to its offer, or an offer), so an INVITE whose Accept admits no application/sdp cannot be served (RFC 4475
 * section 3.3.15). No Accept header means application/sdp.
 */
export function checkAcceptable(request: SipRequest): RequestRejection | undefined {
  if (request.method !== 'INVITE') return undefined;
  const lines = request.headers.filter((h) => h.name.toLowerCase() === 'accept');
  if (lines.length === 0) return undefined;
  const ranges = headerValues(request, 'Accept').map(parseMediaType);
  return ranges.some((r) => r !== undefined && mediaRangeCovers(r, 'application', 'sdp'))
    ? undefined
    : rejection(406, 'the Accept header admits no application/sdp answer');
}
