import { canonicalHeaderName, parseCSeq, parseNameAddr, parseVia, type SipHeader, type SipMessage } from './message.js';

export class SipParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SipParseError';
  }
}

const TOKEN = /^[A-Za-z0-9.!%*_+`'~-]+$/;
const REQUIRED = ['Via', 'From', 'To', 'Call-ID', 'CSeq'];

/**
 * Parse one SIP message from text or bytes. Accepts compact header forms, any header-name case, folded header
 * lines, repeated headers and bare LF line ends; the body is read by Content-Length (bytes). Content-Length is not
 * kept in the headers (the serializer derives it). Throws SipParseError on malformed input.
 */
export function parseSip(input: string | Uint8Array): SipMessage {
  const bytes =
    typeof input === 'string'
      ? Buffer.from(input, 'utf8')
      : Buffer.isBuffer(input)
        ? input
        : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  let end = bytes.indexOf('\r\n\r\n');
  let sep = 4;
  const lfEnd = bytes.indexOf('\n\n');
  if (lfEnd >= 0 && (end < 0 || lfEnd < end)) {
    end = lfEnd;
    sep = 2;
  }
  if (end < 0) throw new SipParseError('no empty line ends the headers');
  const head = bytes.subarray(0, end).toString('utf8');
  const rest = bytes.subarray(end + sep);

  const rawLines = head.split(/\r?\n/);
  while (rawLines.length > 0 && rawLines[0] === '') rawLines.shift(); // RFC 3261 7.5: ignore leading CRLFs
  if (rawLines.length === 0) throw new SipParseError('empty message');
  const startLine = rawLines.shift() as string;

  const lines: string[] = [];
  for (const line of rawLines) {
    if (/^[ \t]/.test(line)) {
      if (lines.length === 0) throw new SipParseError('continuation line before any header');
      lines[lines.length - 1] += ` ${line.trim()}`;
    } else lines.push(line);
  }
  const headers: SipHeader[] = [];
  let contentLength: number | undefined;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new SipParseError(`malformed header line ${JSON.stringify(line)}`);
    const rawName = line.slice(0, colon).trim();
    if (!TOKEN.test(rawName)) throw new SipParseError(`malformed header name ${JSON.stringify(rawName)}`);
    const name = canonicalHeaderName(rawName);
    const value = line.slice(colon + 1).trim();
    if (name === 'Content-Length') {
      if (!/^\d+$/.test(value)) throw new SipParseError(`malformed Content-Length ${JSON.stringify(value)}`);
      const n = Number(value);
      if (contentLength !== undefined && contentLength !== n)
        throw new SipParseError('conflicting Content-Length headers');
      contentLength = n;
      continue;
    }
    headers.push({ name, value });
  }

  let body: Buffer;
  if (contentLength === undefined) body = rest;
  else {
    if (rest.length < contentLength)
      throw new SipParseError(`body is ${rest.length} bytes, Content-Length says ${contentLength}`);
    body = rest.subarray(0, contentLength);
  }

  let message: SipMessage;
  const status = /^SIP\/2\.0 ([1-6]\d\d) (.*)$/.exec(startLine);
  if (status)
    message = { kind: 'response', status: Number(status[1]), reason: status[2], headers, body: body.toString('utf8') };
  else {
    const req = /^([A-Za-z0-9.!%*_+`'~-]+) (\S+) SIP\/2\.0$/.exec(startLine);
    if (!req) throw new SipParseError(`malformed start line ${JSON.stringify(startLine)}`);
    message = { kind: 'request', method: req[1], uri: req[2], headers, body: body.toString('utf8') };
  }

  for (const name of REQUIRED) {
    if (!headers.some((h) => h.name === name)) throw new SipParseError(`missing ${name} header`);
  }
  try {
    for (const h of headers) {
      if (h.name === 'Via') for (const v of splitVias(h.value)) parseVia(v);
      if (h.name === 'From' || h.name === 'To') parseNameAddr(h.value);
    }
    const cseq = parseCSeq(headers.find((h) => h.name === 'CSeq')!.value);
    if (message.kind === 'request' && cseq.method !== message.method) {
      throw new Error(`CSeq method ${cseq.method} does not match request method ${message.method}`);
    }
  } catch (e) {
    throw new SipParseError((e as Error).message);
  }
  return message;
}

function splitVias(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
