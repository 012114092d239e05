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
  const { head, rest } = splitHead(toBuffer(input));
  const { startLine, lines } = headLines(head);
  const { headers, contentLength } = parseHeaders(lines);
  const body = readBody(rest, contentLength);
  const message = parseStartLine(startLine, headers, body.toString('utf8'));
  checkHeaders(message);
  return message;
}

function toBuffer(input: string | Uint8Array): Buffer {
  return typeof input === 'string'
    ? Buffer.from(input, 'utf8')
    : Buffer.isBuffer(input)
      ? input
      : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
}

/** The header section (as text) and the bytes after the empty line that ends it (CRLF CRLF, or LF LF). */
function splitHead(bytes: Buffer): { head: string; rest: Buffer } {
  let end = bytes.indexOf('\r\n\r\n');
  let sep = 4;
  const lfEnd = bytes.indexOf('\n\n');
  if (lfEnd >= 0 && (end < 0 || lfEnd < end)) {
    end = lfEnd;
    sep = 2;
  }
  if (end < 0) throw new SipParseError('no empty line ends the headers');
  return { head: bytes.subarray(0, end).toString('utf8'), rest: bytes.subarray(end + sep) };
}

/** The start line and the header lines, folded continuation lines joined to the header they continue. */
function headLines(head: string): { startLine: string; lines: string[] } {
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
  return { startLine, lines };
}

/** The headers in order, with canonical names; Content-Length is taken out and returned apart. */
function parseHeaders(lines: string[]): { headers: SipHeader[]; contentLength: number | undefined } {
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
      contentLength = contentLengthValue(value, contentLength);
      continue;
    }
    headers.push({ name, value });
  }
  return { headers, contentLength };
}

function contentLengthValue(value: string, previous: number | undefined): number {
  if (!/^\d+$/.test(value)) throw new SipParseError(`malformed Content-Length ${JSON.stringify(value)}`);
  const n = Number(value);
  if (previous !== undefined && previous !== n) throw new SipParseError('conflicting Content-Length headers');
  return n;
}

/** The body: Content-Length bytes of what follows the headers, or all of it when there is no Content-Length. */
function readBody(rest: Buffer, contentLength: number | undefined): Buffer {
  if (contentLength === undefined) return rest;
  if (rest.length < contentLength)
    throw new SipParseError(`body is ${rest.length} bytes, Content-Length says ${contentLength}`);
  return rest.subarray(0, contentLength);
}

/** A Status-Line makes a response, a Request-Line a request. */
function parseStartLine(startLine: string, headers: SipHeader[], body: string): SipMessage {
  const status = /^SIP\/2\.0 ([1-6]\d\d) (.*)$/.exec(startLine);
  if (status) return { kind: 'response', status: Number(status[1]), reason: status[2], headers, body };
  const req = /^([A-Za-z0-9.!%*_+`'~-]+) (\S+) SIP\/2\.0$/.exec(startLine);
  if (!req) throw new SipParseError(`malformed start line ${JSON.stringify(startLine)}`);
  return { kind: 'request', method: req[1], uri: req[2], headers, body };
}

/** The mandatory headers are present, Via, From, To and CSeq parse, and CSeq's method is the request's. */
function checkHeaders(message: SipMessage): void {
  const { headers } = message;
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
}

function splitVias(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
