import { Writable } from 'node:stream';
import type { Context } from 'koa';
import type { HttpMethodEnum, koaBody as KoaBody } from 'koa-body';
import type { BodyLimits } from '../config/AppConfig.js';
import type { BodyKind, UploadedFile } from '../../shared/interface/http/Operation.js';
import { HttpProblem } from './HttpProblem.js';
import { guardJson, JSON_LIMITS, type JsonLimits } from './jsonGuard.js';
import { hasLoneSurrogate, loneSurrogate, readBody, utf8 } from './readBody.js';

export interface ParsedBody {
  readonly body: unknown;
  readonly file: UploadedFile | undefined;
}

const NOTHING: ParsedBody = { body: undefined, file: undefined };
const METHODS = ['POST', 'PUT', 'DELETE', 'PATCH'] as HttpMethodEnum[];
const MEDIA: Record<Exclude<BodyKind, 'none' | 'text'>, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

function unsupported(kind: BodyKind, got: string): HttpProblem {
  const wanted = kind === 'text' ? 'a raw value (text/plain)' : MEDIA[kind as keyof typeof MEDIA];
  return new HttpProblem(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `this operation takes ${wanted}, not '${got || 'no content type'}'`,
  );
}

/** formidable's codes for uploads that are malformed rather than too large (it answers some of them with 413). */
const FORMIDABLE_TOO_MANY_FILES = 1015;
const FORMIDABLE_TOO_MANY_FIELDS = 1007;
const FORMIDABLE_ABORTED = 1002;

function multipartProblem(error: unknown): unknown {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === FORMIDABLE_TOO_MANY_FILES)
    return new HttpProblem(400, 'ONE_FILE_ONLY', "the upload must hold exactly one file, in the part named 'file'");
  if (code === FORMIDABLE_ABORTED)
    return new HttpProblem(
      400,
      'BODY_UNREADABLE',
      'the request body could not be read: the body broke off before its end',
    );
  if (code === FORMIDABLE_TOO_MANY_FIELDS)
    return new HttpProblem(400, 'TOO_MANY_FIELDS', 'the upload holds more form fields than an operation reads');
  return error;
}

/**
 * Percent-decoding that refuses what is not UTF-8 (an encoded lone surrogate among it) instead of replacing
 * it, naming the field; `+` is a space, as in forms and query strings.
 */
export function decodeComponent(raw: string, field: string): string {
  const spaced = raw.includes('+') ? raw.replace(/\+/g, ' ') : raw;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw new HttpProblem(400, 'MALFORMED_ENCODING', `${field} is not percent-encoded UTF-8 text`, {}, [
      { field, rule: 'utf8', message: `${field} is not percent-encoded UTF-8 (a lone surrogate or a broken escape)` },
    ]);
  }
}

/**
 * A path parameter's segment (a control path's `{lab}`, the `/labs/{lab}` prefix), percent-decoded strictly ('+'
 * stays '+' in a path): a 400 MALFORMED_ENCODING naming the parameter when it is not UTF-8.
 */
export function decodePathSegment(raw: string, name: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpProblem(
      400,
      'MALFORMED_ENCODING',
      `the path parameter '${name}' is not percent-encoded UTF-8 text`,
      {},
      [
        {
          field: name,
          rule: 'utf8',
          message: `${name} is not percent-encoded UTF-8 (a lone surrogate or a broken escape)`,
        },
      ],
    );
  }
}

function hasBody(ctx: Context): boolean {
  const length = ctx.request.length;
  return (length !== undefined && length > 0) || ctx.get('transfer-encoding') !== '';
}

const CONTENT = Symbol('gwsim.uploadContent');

/**
 * Uploads are kept in memory (within the file limit), never in temporary files: formidable left a file on
 * disk behind for every refused upload (a second 'file' part, say), so requests could fill the disk.
 */
function collectInMemory(file?: unknown): Writable {
  const chunks: Buffer[] = [];
  (file as { [CONTENT]?: Buffer[] })[CONTENT] = chunks;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
}

/** What a body-less operation reads (and discards) of a body sent anyway, so that a broken one is refused before anything acts. */
export const IGNORED_BODY_LIMIT = 64 * 1024;

/**
 * Body readers per kind, built once per process with the configured size limits. JSON, text and form bodies
 * are read as bytes here (decompressed, within the limit, strictly UTF-8) and parsed by us, so every refusal
 * is ours: malformed JSON with its line and column, nesting too deep, too many keys, lone surrogates. Multipart
 * uploads go through koa-body (formidable).
 */
export class BodyParser {
  private multipartReader: ReturnType<typeof KoaBody> | undefined;

  constructor(
    private readonly limits: BodyLimits,
    private readonly jsonLimits: JsonLimits = JSON_LIMITS,
  ) {}

  /** koa-body (formidable, zod) is loaded on the first upload, not at start-up: most runs never upload. */
  private get multipart(): ReturnType<typeof KoaBody> {
    const { koaBody } = require('koa-body') as typeof import('koa-body');
    const limits = this.limits;
    return (this.multipartReader ??= koaBody({
      parsedMethods: METHODS,
      patchKoa: true,
      patchNode: false,
      includeUnparsed: false,
      encoding: 'utf-8',
      json: false,
      urlencoded: false,
      text: false,
      multipart: true,
      formidable: {
        maxFileSize: limits.file,
        maxTotalFileSize: limits.file,
        maxFiles: 1,
        maxFields: 20,
        maxFieldsSize: limits.form,
        allowEmptyFiles: true,
        minFileSize: 0,
        fileWriteStreamHandler: collectInMemory,
      },
    }));
  }

  /** The body of the operation's kind; synchronous (no promise, no tick) for the common body-less request. */
  parse(ctx: Context, kind: BodyKind): ParsedBody | Promise<ParsedBody> {
    if (kind === 'none') return hasBody(ctx) ? readBody(ctx.req, IGNORED_BODY_LIMIT).then(() => NOTHING) : NOTHING;
    return this.parseBody(ctx, kind);
  }

  private async parseBody(ctx: Context, kind: Exclude<BodyKind, 'none'>): Promise<ParsedBody> {
    if (!hasBody(ctx)) return this.missing(kind);
    const type = ctx.get('content-type');
    if (kind === 'text') {
      if (ctx.is('multipart/*')) throw unsupported(kind, type);
    } else if (!ctx.is(MEDIA[kind])) {
      throw unsupported(kind, type);
    }
    switch (kind) {
      case 'json': {
        const text = utf8(await readBody(ctx.req, this.limits.json), 'body').replace(/^\uFEFF/, '');
        if (text.trim() === '') return this.missing(kind);
        guardJson(text, this.jsonLimits);
        return { body: JSON.parse(text) as unknown, file: undefined };
      }
      case 'form':
        return { body: this.formFields(utf8(await readBody(ctx.req, this.limits.form), 'body')), file: undefined };
      case 'text':
        return { body: this.textValue(ctx, utf8(await readBody(ctx.req, this.limits.text), 'body')), file: undefined };
      case 'multipart': {
        try {
          await this.multipart(ctx, async () => undefined);
        } catch (error) {
          throw multipartProblem(error);
        }
        const request = ctx.request as unknown as { body?: unknown; files?: Record<string, unknown> };
        return { body: request.body, file: await this.uploaded(request.files) };
      }
    }
  }

  /** A url-encoded form as a record of strings (a repeated field becomes an array), decoded strictly. */
  private formFields(text: string): Record<string, string | string[]> {
    const fields = Object.create(null) as Record<string, string | string[]>;
    let count = 0;
    for (const pair of text.split('&')) {
      if (pair === '') continue;
      if (++count > this.jsonLimits.keys) {
        throw new HttpProblem(400, 'TOO_MANY_FIELDS', `the form holds more than ${this.jsonLimits.keys} fields`, {}, [
          { field: 'body', rule: 'maxKeys', message: `a form may hold at most ${this.jsonLimits.keys} fields` },
        ]);
      }
      const at = pair.indexOf('=');
      const name = decodeComponent(at < 0 ? pair : pair.slice(0, at), 'a form field name');
      const value = at < 0 ? '' : decodeComponent(pair.slice(at + 1), name);
      const previous = fields[name];
      fields[name] =
        previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    return fields;
  }

  private missing(kind: BodyKind): ParsedBody {
    if (kind === 'multipart')
      throw new HttpProblem(
        400,
        'FILE_REQUIRED',
        "this operation takes a multipart/form-data upload with a part named 'file'",
      );
    if (kind === 'json') throw new HttpProblem(400, 'BODY_REQUIRED', 'this operation takes a JSON body');
    if (kind === 'text')
      throw new HttpProblem(400, 'BODY_REQUIRED', 'this operation takes the new value as the raw request body');
    return { body: {}, file: undefined };
  }

  /** A raw value; a JSON string or number sent as application/json is accepted as that value. */
  private textValue(ctx: Context, raw: string): string {
    let text = raw;
    if (ctx.is('application/json')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === 'string' || typeof parsed === 'number') text = String(parsed);
      } catch {
        /* not JSON after all: take the text as it is */
      }
    }
    if (hasLoneSurrogate(text)) throw loneSurrogate('body');
    return text.trim();
  }

  private async uploaded(files: Record<string, unknown> | undefined): Promise<UploadedFile> {
    const part = files?.['file'];
    const file = (Array.isArray(part) ? part[0] : part) as
      { originalFilename?: string | null; mimetype?: string | null; [CONTENT]?: Buffer[] } | undefined;
    if (!file) throw new HttpProblem(400, 'FILE_REQUIRED', "the multipart body has no part named 'file'");
    const content = Buffer.concat(file[CONTENT] ?? []);
    if (content.length > this.limits.file)
      throw new HttpProblem(413, 'BODY_TOO_LARGE', 'the uploaded file is larger than this operation accepts');
    return {
      filename: file.originalFilename ?? 'upload',
      contentType: file.mimetype ?? 'application/octet-stream',
      content,
    };
  }
}
