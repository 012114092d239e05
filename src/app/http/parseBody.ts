import { Writable } from 'node:stream';
import type { Context } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { BodyLimits } from '../config/AppConfig.js';
import type { BodyKind, UploadedFile } from '../../shared/interface/http/Operation.js';
import { HttpProblem } from './HttpProblem.js';

export interface ParsedBody {
  readonly body: unknown;
  readonly file: UploadedFile | undefined;
}

const NOTHING: ParsedBody = { body: undefined, file: undefined };
const METHODS = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.DELETE, HttpMethodEnum.PATCH];
const MEDIA: Record<Exclude<BodyKind, 'none' | 'text'>, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

function unsupported(kind: BodyKind, got: string): HttpProblem {
  const wanted = kind === 'text' ? 'a raw value (text/plain)' : MEDIA[kind as keyof typeof MEDIA];
  return new HttpProblem(415, 'UNSUPPORTED_MEDIA_TYPE', `this operation takes ${wanted}, not '${got || 'no content type'}'`);
}

/** formidable's codes for uploads that are malformed rather than too large (it answers some of them with 413). */
const FORMIDABLE_TOO_MANY_FILES = 1015;
const FORMIDABLE_TOO_MANY_FIELDS = 1007;

function multipartProblem(error: unknown): unknown {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === FORMIDABLE_TOO_MANY_FILES) return new HttpProblem(400, 'ONE_FILE_ONLY', "the upload must hold exactly one file, in the part named 'file'");
  if (code === FORMIDABLE_TOO_MANY_FIELDS) return new HttpProblem(400, 'TOO_MANY_FIELDS', 'the upload holds more form fields than an operation reads');
  return error;
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
  return new Writable({ write(chunk: Buffer, _encoding, done) { chunks.push(chunk); done(); } });
}

/** Parsers per kind, built once per process with the configured size limits. */
export class BodyParser {
  private readonly parsers: Record<Exclude<BodyKind, 'none'>, ReturnType<typeof koaBody>>;

  constructor(private readonly limits: BodyLimits) {
    const common = { parsedMethods: METHODS, patchKoa: true, patchNode: false, includeUnparsed: false, encoding: 'utf-8' };
    this.parsers = {
      json: koaBody({ ...common, json: true, jsonStrict: false, jsonLimit: limits.json, urlencoded: false, text: false, multipart: false }),
      form: koaBody({ ...common, json: false, urlencoded: true, formLimit: limits.form, text: false, multipart: false }),
      text: koaBody({ ...common, json: false, urlencoded: false, text: true, textLimit: limits.text, textTypes: ['*/*'], multipart: false }),
      multipart: koaBody({
        ...common, json: false, urlencoded: false, text: false, multipart: true,
        formidable: {
          maxFileSize: limits.file, maxTotalFileSize: limits.file, maxFiles: 1, maxFields: 20, maxFieldsSize: limits.form, allowEmptyFiles: true, minFileSize: 0,
          fileWriteStreamHandler: collectInMemory,
        },
      }),
    };
  }

  async parse(ctx: Context, kind: BodyKind): Promise<ParsedBody> {
    if (kind === 'none' || !hasBody(ctx)) return kind === 'none' ? NOTHING : this.missing(kind);
    const type = ctx.get('content-type');
    if (kind === 'text') {
      if (ctx.is('multipart/*')) throw unsupported(kind, type);
      if (!type) ctx.request.headers['content-type'] = 'text/plain';
    } else if (!ctx.is(MEDIA[kind])) {
      throw unsupported(kind, type);
    }
    try {
      await this.parsers[kind](ctx, async () => undefined);
    } catch (error) {
      throw kind === 'multipart' ? multipartProblem(error) : error;
    }
    const request = ctx.request as unknown as { body?: unknown; files?: Record<string, unknown> };
    switch (kind) {
      case 'json':
        return { body: request.body, file: undefined };
      case 'form':
        return { body: request.body, file: undefined };
      case 'text':
        return { body: this.textValue(ctx, request.body), file: undefined };
      case 'multipart':
        return { body: request.body, file: await this.uploaded(request.files) };
    }
  }

  private missing(kind: BodyKind): ParsedBody {
    if (kind === 'multipart') throw new HttpProblem(400, 'FILE_REQUIRED', "this operation takes a multipart/form-data upload with a part named 'file'");
    if (kind === 'json') throw new HttpProblem(400, 'BODY_REQUIRED', 'this operation takes a JSON body');
    if (kind === 'text') throw new HttpProblem(400, 'BODY_REQUIRED', 'this operation takes the new value as the raw request body');
    return { body: {}, file: undefined };
  }

  /** A raw value; a JSON string or number sent as application/json is accepted as that value. */
  private textValue(ctx: Context, raw: unknown): string {
    let text = typeof raw === 'string' ? raw : '';
    if (ctx.is('application/json')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === 'string' || typeof parsed === 'number') text = String(parsed);
      } catch { /* not JSON after all: take the text as it is */ }
    }
    return text.trim();
  }

  private async uploaded(files: Record<string, unknown> | undefined): Promise<UploadedFile> {
    const part = files?.['file'];
    const file = (Array.isArray(part) ? part[0] : part) as { originalFilename?: string | null; mimetype?: string | null; [CONTENT]?: Buffer[] } | undefined;
    if (!file) throw new HttpProblem(400, 'FILE_REQUIRED', "the multipart body has no part named 'file'");
    const content = Buffer.concat(file[CONTENT] ?? []);
    if (content.length > this.limits.file) throw new HttpProblem(413, 'BODY_TOO_LARGE', 'the uploaded file is larger than this operation accepts');
    return { filename: file.originalFilename ?? 'upload', contentType: file.mimetype ?? 'application/octet-stream', content };
  }
}
