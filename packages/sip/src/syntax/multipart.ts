import { canonicalHeaderName } from '../headerNames.js';
import type { SipHeader } from '../message.js';
import { parseMediaType, type MediaType } from './mediaType.js';

/** One part of a multipart body: its headers (canonical names), its media type (text/plain when absent) and its body. */
export interface BodyPart {
  headers: SipHeader[];
  contentType: MediaType | undefined;
  body: string;
}

const TEXT_PLAIN: MediaType = { type: 'text', subtype: 'plain', params: {} };

/**
 * The parts of a multipart body (RFC 2046 section 5.1.1): the preamble before the first `--boundary` line and the
 * epilogue after `--boundary--` are dropped; line ends may be CRLF or LF. Undefined when no delimiter line is found.
 * A part's Content-Type that does not parse is undefined; a missing one means text/plain (RFC 2046 section 5.1).
 */
export function parseMultipart(body: string, boundary: string): BodyPart[] | undefined {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?:\\r?\\n|$)`, 'g');
  const parts: BodyPart[] = [];
  let start = -1;
  let found = false;
  for (let m = delimiter.exec(body); m !== null; m = delimiter.exec(body)) {
    found = true;
    if (start >= 0) parts.push(readPart(body.slice(start, m.index)));
    if (m[1] === '--') return parts;
    start = m.index + m[0].length;
  }
  if (!found) return undefined;
  if (start >= 0 && start < body.length) parts.push(readPart(body.slice(start)));
  return parts;
}

function readPart(text: string): BodyPart {
  const match = /\r?\n\r?\n/.exec(text);
  const noHeaders = /^\r?\n/.test(text);
  const head = noHeaders || !match ? '' : text.slice(0, match.index);
  const body = noHeaders ? text.replace(/^\r?\n/, '') : match ? text.slice(match.index + match[0].length) : text;
  const headers: SipHeader[] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && headers.length > 0) headers[headers.length - 1].value += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers.push({ name: canonicalHeaderName(line.slice(0, colon).trim()), value: line.slice(colon + 1).trim() });
    }
  }
  const type = headers.find((h) => h.name === 'Content-Type');
  return { headers, contentType: type ? parseMediaType(type.value) : TEXT_PLAIN, body };
}
