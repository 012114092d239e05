/** One result of cutting a byte stream into SIP messages. */
export type Frame =
  | { readonly kind: 'message'; readonly bytes: Buffer }
  /**
   * The stream cannot be framed any further: the connection is to be closed, after answering `status` when the
   * head (`bytes`) holds an answerable request.
   */
  | { readonly kind: 'fatal'; readonly bytes: Buffer; readonly status: 400 | 513; readonly problem: string };

const CR = 13;
const LF = 10;

/**
 * Cuts a TCP/TLS byte stream into SIP messages by Content-Length (RFC 3261 section 18.3), across partial and
 * coalesced segments. CR and LF between messages (RFC 5626 keep-alives) are skipped. A head without
 * Content-Length, with a malformed one, or a message beyond maxBytes ends the stream with a fatal frame.
 */
export class StreamFramer {
  private buffer: Buffer = Buffer.alloc(0);
  private failed = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): Frame[] {
    if (this.failed) return [];
    let buf = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const frames: Frame[] = [];
    for (;;) {
      let start = 0;
      while (start < buf.length && (buf[start] === CR || buf[start] === LF)) start++;
      if (start > 0) buf = buf.subarray(start);
      if (buf.length === 0) break;
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buf.length > this.maxBytes) frames.push(this.fail(buf, 513, 'headers exceed the size limit'));
        break;
      }
      const headEnd = end + 4;
      const length = contentLength(buf, end);
      if (length === undefined) {
        frames.push(this.fail(buf.subarray(0, headEnd), 400, 'missing Content-Length'));
        break;
      }
      if (length < 0) {
        frames.push(this.fail(buf.subarray(0, headEnd), 400, 'malformed Content-Length'));
        break;
      }
      if (headEnd + length > this.maxBytes) {
        frames.push(this.fail(buf.subarray(0, headEnd), 513, 'message exceeds the size limit'));
        break;
      }
      if (buf.length < headEnd + length) break;
      frames.push({ kind: 'message', bytes: Buffer.from(buf.subarray(0, headEnd + length)) });
      buf = buf.subarray(headEnd + length);
    }
    this.buffer = this.failed ? Buffer.alloc(0) : Buffer.from(buf);
    return frames;
  }

  private fail(bytes: Buffer, status: 400 | 513, problem: string): Frame {
    this.failed = true;
    return { kind: 'fatal', bytes: Buffer.from(bytes), status, problem };
  }
}

/** The Content-Length (or compact `l`) of a head ending at `end`: undefined when absent, -1 when malformed. */
function contentLength(buf: Buffer, end: number): number | undefined {
  let lineStart = buf.indexOf(LF) + 1;
  while (lineStart > 0 && lineStart < end) {
    let lineEnd = buf.indexOf(LF, lineStart);
    if (lineEnd < 0 || lineEnd > end) lineEnd = end;
    const colon = buf.indexOf(':', lineStart);
    if (colon > 0 && colon < lineEnd) {
      const name = buf.toString('latin1', lineStart, colon).trim().toLowerCase();
      if (name === 'content-length' || name === 'l') {
        const value = buf.toString('latin1', colon + 1, lineEnd).trim();
        if (value.length === 0 || value.length > 9) return -1;
        for (let i = 0; i < value.length; i++) {
          const c = value.charCodeAt(i);
          if (c < 48 || c > 57) return -1;
        }
        return Number(value);
      }
    }
    lineStart = lineEnd + 1;
  }
  return undefined;
}
