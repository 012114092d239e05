import { canonicalHeaderName } from './headerNames.js';
import { header, parseCSeq, type SipHeader, type SipMessage } from './message.js';
import { isToken } from './syntax/chars.js';
import { checkHeaderSyntax } from './syntax/headerRules.js';
import { isSipUri, parseUri } from './syntax/uri.js';

export class SipParseError extends Error {
  /**
   * The status a request refused so is answered with: 400 (RFC 3261 section 21.4.1) or 505 (section 21.5.6).
   * Undefined when nothing is to be answered: the input is a response (a malformed response is discarded, RFC 3261
   * section 18.1.2 and RFC 4475 section 3.1.2.19) or nothing that reads as a SIP start line.
   */
  readonly status: 400 | 505 | undefined;

  /** `status` defaults to 400; pass undefined explicitly for input that is not to be answered. */
  constructor(message: string, ...status: [] | [400 | 505 | undefined]) {
    super(message);
    this.name = 'SipParseError';
    this.status = status.length === 0 ? 400 : status[0];
  }
}

export type SipParseResult = { ok: true; message: SipMessage } | { ok: false; error: SipParseError };

const REQUIRED = ['Via', 'From', 'To', 'Call-ID', 'CSeq'];
const VERSION = /^SIP\/\d+\.\d+$/i;

/**
 * Parse one SIP message from text or bytes, checking its syntax only (RFC 3261 section 25): the start line (single
 * spaces, a token method, a well-formed Request-URI without headers, a three-digit status), every header line, the
 * grammar of the headers this package reads (Via, From, To, Contact, Route, Record-Route, Call-ID, CSeq,
 * Max-Forwards, Expires, Content-Type, Accept, Require, Proxy-Require, Supported, Unsupported, Allow, Date, RSeq,
 * RAck), and the body against Content-Length. Compact forms, any header-name case, folded lines, repeated headers,
 * bare LF line ends and leading CRLFs are accepted. Missing headers, a CSeq method that differs from the request's
 * and a SIP version other than 2.0 are not syntax: `checkRequest` answers them. Never throws.
 */
export function parseSipMessage(input: string | Uint8Array): SipParseResult {
  try {
    return { ok: true, message: readMessage(input) };
  } catch (e) {
    return { ok: false, error: e instanceof SipParseError ? e : new SipParseError(String(e), 400) };
  }
}

/**
 * Parse one SIP message (as `parseSipMessage`) and also insist on what every transaction needs: SIP/2.0, Via, From,
 * To, Call-ID and CSeq present, and the CSeq method equal to the request's. Content-Length is not kept in the
 * headers (the serializer derives it). Throws SipParseError, whose `status` says how to answer.
 */
export function parseSip(input: string | Uint8Array): SipMessage {
  const message = readMessage(input);
  const status = message.kind === 'request' ? 400 : undefined;
  if (message.version !== undefined) {
    throw new SipParseError(
      `unsupported SIP version ${message.version} in the start line`,
      message.kind === 'request' ? 505 : undefined,
    );
  }
  for (const name of REQUIRED) {
    if (!message.headers.some((h) => h.name === name)) throw new SipParseError(`missing ${name} header`, status);
  }
  if (message.kind === 'request') {
    const method = parseCSeq(header(message, 'CSeq')!).method;
    if (method !== message.method)
      throw new SipParseError(`CSeq method ${method} does not match request method ${message.method}`, 400);
  }
  return message;
}

function readMessage(input: string | Uint8Array): SipMessage {
  const { head, rest } = splitHead(toBuffer(input));
  const { startLine, lines } = headLines(head);
  const start = readStartLine(startLine);
  const status = start.kind === 'request' ? 400 : undefined;
  const { headers, contentLength } = readHeaders(lines, status);
  const body = readBody(rest, contentLength, status).toString('utf8');
  const message: SipMessage =
    start.kind === 'request'
      ? { kind: 'request', method: start.method, uri: start.uri, headers, body }
      : { kind: 'response', status: start.status, reason: start.reason, headers, body };
  if (start.version !== 'SIP/2.0') message.version = start.version;
  return message;
}

function toBuffer(input: string | Uint8Array): Buffer {
  return typeof input === 'string'
    ? Buffer.from(input, 'utf8')
    : Buffer.isBuffer(input)
      ? input
      : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
}

/**
 * The header section (as text) and the bytes after the empty line that ends it (CRLF CRLF, or LF LF). CRLFs before
 * the start line are skipped (RFC 3261 section 7.5).
 */
function splitHead(input: Buffer): { head: string; rest: Buffer } {
  let skip = 0;
  while (skip < input.length && (input[skip] === 0x0d || input[skip] === 0x0a)) skip++;
  const bytes = skip === 0 ? input : input.subarray(skip);
  let end = bytes.indexOf('\r\n\r\n');
  let sep = 4;
  const lfEnd = bytes.indexOf('\n\n');
  if (lfEnd >= 0 && (end < 0 || lfEnd < end)) {
    end = lfEnd;
    sep = 2;
  }
  if (end < 0) throw new SipParseError('no empty line ends the headers', startsAsResponse(bytes) ? undefined : 400);
  return { head: bytes.subarray(0, end).toString('utf8'), rest: bytes.subarray(end + sep) };
}

function startsAsResponse(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).toString('latin1').toUpperCase() === 'SIP/';
}

/** The start line and the header lines, folded continuation lines joined to the header they continue. */
function headLines(head: string): { startLine: string; lines: string[] } {
  const rawLines = head.split(/\r?\n/);
  const startLine = rawLines.shift() as string;
  const status = /^SIP\//i.test(startLine) ? undefined : 400;
  const lines: string[] = [];
  for (const line of rawLines) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) throw new SipParseError('continuation line before any header', status);
      lines[lines.length - 1] += ` ${line.trim()}`;
    } else lines.push(line);
  }
  return { startLine, lines };
}

type StartLine =
  | { kind: 'request'; method: string; uri: string; version: string }
  | { kind: 'response'; status: number; reason: string; version: string };

/**
 * Status-Line = SIP-Version SP Status-Code SP Reason-Phrase; Request-Line = Method SP Request-URI SP SIP-Version,
 * single spaces and nothing after the version (RFC 3261 section 7.1; RFC 4475 sections 3.1.2.7 to 3.1.2.11).
 */
function readStartLine(line: string): StartLine {
  if (/^SIP\//i.test(line)) {
    const status = /^(SIP\/\d+\.\d+) ([1-6]\d\d)(?: (.*))?$/i.exec(line);
    if (!status) throw new SipParseError(`malformed start line ${JSON.stringify(line)}`, undefined);
    return { kind: 'response', status: Number(status[2]), reason: status[3] ?? '', version: status[1].toUpperCase() };
  }
  const parts = line.split(' ');
  if (parts.length !== 3 || !isToken(parts[0]) || !VERSION.test(parts[2]))
    throw new SipParseError(`malformed start line ${JSON.stringify(line)}`, 400);
  const [method, uri, version] = parts;
  let parsed: ReturnType<typeof parseUri>;
  try {
    parsed = parseUri(uri);
  } catch (e) {
    throw new SipParseError(`malformed Request-URI in the start line: ${(e as Error).message}`, 400);
  }
  if (isSipUri(parsed) && Object.keys(parsed.headers).length > 0)
    throw new SipParseError(`headers are not allowed in a Request-URI (RFC 3261 section 19.1.1): ${uri}`, 400);
  return { kind: 'request', method, uri, version: version.toUpperCase() };
}

/**
 * The headers in order, with canonical names, each checked against its grammar; Content-Length is taken out and
 * returned apart (1*DIGIT, the same in every copy: RFC 4475 sections 3.1.2.3 and 3.3.9).
 */
function readHeaders(lines: string[], status: 400 | undefined): { headers: SipHeader[]; contentLength?: number } {
  const headers: SipHeader[] = [];
  let contentLength: number | undefined;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new SipParseError(`malformed header line ${JSON.stringify(line)}`, status);
    const rawName = line.slice(0, colon).trimEnd();
    if (!isToken(rawName)) throw new SipParseError(`malformed header name ${JSON.stringify(rawName)}`, status);
    const name = canonicalHeaderName(rawName);
    const value = line.slice(colon + 1).trim();
    if (name === 'Content-Length') {
      if (!/^\d+$/.test(value)) throw new SipParseError(`malformed Content-Length ${JSON.stringify(value)}`, status);
      if (contentLength !== undefined && contentLength !== Number(value))
        throw new SipParseError('conflicting Content-Length headers', status);
      contentLength = Number(value);
      continue;
    }
    try {
      checkHeaderSyntax(name, value);
    } catch (e) {
      throw new SipParseError(`malformed ${name} header: ${(e as Error).message}`, status);
    }
    headers.push({ name, value });
  }
  return { headers, contentLength };
}

/**
 * The body: Content-Length bytes of what follows the headers (extra bytes of a datagram are dropped, RFC 3261 section
 * 18.3), or all of it when there is no Content-Length. Fewer bytes than Content-Length is an error (RFC 4475 section
 * 3.1.2.2).
 */
function readBody(rest: Buffer, contentLength: number | undefined, status: 400 | undefined): Buffer {
  if (contentLength === undefined) return rest;
  if (rest.length < contentLength)
    throw new SipParseError(`body is ${rest.length} bytes, Content-Length says ${contentLength}`, status);
  return rest.subarray(0, contentLength);
}
