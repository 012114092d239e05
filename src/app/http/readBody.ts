import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { HttpProblem } from './HttpProblem.js';

const DECODERS: Record<string, (() => NodeJS.ReadWriteStream) | undefined> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

const TOO_LARGE = () => new HttpProblem(413, 'BODY_TOO_LARGE', 'request body is larger than this operation accepts');
const UNREADABLE = (why: string) =>
  new HttpProblem(400, 'BODY_UNREADABLE', `the request body could not be read: ${why}`);

/**
 * Reads the whole request body as bytes, decompressed as its Content-Encoding says, within `limit` bytes
 * (after decompression). Nothing acts on a request before this resolves: a body that breaks off (a malformed
 * chunk, a closed connection), does not decompress or exceeds the limit is an HttpProblem.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let source: Readable = req;
  if (encoding !== 'identity' && encoding !== '') {
    const decoder = DECODERS[encoding];
    if (!decoder)
      return Promise.reject(
        new HttpProblem(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `content encoding '${encoding}' is not supported; use gzip, deflate, br or none`,
        ),
      );
    source = req.pipe(decoder() as unknown as NodeJS.WritableStream) as unknown as Readable;
  } else {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return Promise.reject(TOO_LARGE());
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: unknown, value?: Buffer) => {
      if (settled) return;
      settled = true;
      req.off('aborted', onAborted);
      req.off('error', onRequestError);
      if (source !== req) source.off('error', onDecodeError);
      source.off('data', onData);
      source.off('end', onEnd);
      if (error) {
        if (source !== req) req.unpipe();
        req.resume();
        reject(error);
      } else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(TOO_LARGE());
      chunks.push(chunk);
    };
    const onEnd = () => finish(undefined, Buffer.concat(chunks, size));
    const onAborted = () => finish(UNREADABLE('the body broke off before its end'));
    const onRequestError = (error: Error) => finish(UNREADABLE(error.message || 'the body broke off before its end'));
    const onDecodeError = () => finish(UNREADABLE(`it is not the ${encoding} stream its Content-Encoding says`));
    req.on('aborted', onAborted);
    req.on('error', onRequestError);
    if (source !== req) source.on('error', onDecodeError);
    source.on('data', onData);
    source.on('end', onEnd);
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The body's bytes as UTF-8 text; bytes that are not UTF-8 (an encoded lone surrogate among them) are a 400. */
export function utf8(bytes: Buffer, field: string): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new HttpProblem(400, 'MALFORMED_ENCODING', `the ${field} is not valid UTF-8`, {}, [
      { field, rule: 'utf8', message: `${field} is not valid UTF-8` },
    ]);
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string holds a UTF-16 surrogate without its pair (which no UTF-8 encoding can carry). */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

export function loneSurrogate(field: string): HttpProblem {
  return new HttpProblem(400, 'LONE_SURROGATE', `${field} holds a lone UTF-16 surrogate, which is not text`, {}, [
    { field, rule: 'wellFormed', message: `${field} holds a lone UTF-16 surrogate` },
  ]);
}
