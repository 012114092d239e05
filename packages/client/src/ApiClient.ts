import { GatewayError, type ErrorDetail } from './GatewayError.js';
import type { DownloadedFile, OperationShape, UploadFile } from './types.js';
import type { Session } from './Session.js';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** The paths of the table that take `method`. */
export type PathOf<Ops, M extends HttpMethod> = {
  [K in keyof Ops]: K extends `${M} ${infer P}` ? P : never;
}[keyof Ops];
/** The table's entry of `METHOD path`. */
export type OperationOf<Ops, M extends HttpMethod, P> = Ops[`${M} ${P & string}` & keyof Ops] extends infer O extends
  OperationShape
  ? O
  : never;

type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** Options every request takes. */
export interface CommonOptions {
  /** Extra request headers, e.g. `{ 'If-Match': '"3"' }` for a settings write. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/** An operation's options: its query parameters (all but `version`), its body (json, text, form or file) and the common ones. */
export type RequestOptions<O extends OperationShape> = ([RequiredKeys<O['query']>] extends [never]
  ? { readonly query?: O['query'] }
  : { readonly query: O['query'] }) &
  O['body'] &
  CommonOptions;

/** The options argument, optional when nothing in it is required. */
export type OptionsArgument<O extends OperationShape> = [RequiredKeys<RequestOptions<O>>] extends [never]
  ? [options?: RequestOptions<O>]
  : [options: RequestOptions<O>];

/** A whole answer: the typed result, the status and the headers (ETag, X-Request-Id, …). */
export interface ApiAnswer<R> {
  readonly data: R;
  readonly status: number;
  readonly headers: Headers;
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

interface AnyOptions extends CommonOptions {
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly json?: unknown;
  readonly text?: string;
  readonly form?: Readonly<Record<string, string>>;
  readonly file?: UploadFile;
  readonly body?: string | Uint8Array;
}

function filename(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

function requestBody(options: AnyOptions, headers: Record<string, string>): RequestInit['body'] {
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    return JSON.stringify(options.json);
  }
  if (options.text !== undefined) {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    return options.text;
  }
  if (options.form !== undefined) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    return new URLSearchParams(options.form as Record<string, string>).toString();
  }
  if (options.file !== undefined) {
    const { content, name, type } = options.file;
    const form = new FormData();
    const blob =
      content instanceof Blob
        ? content
        : new Blob([typeof content === 'string' ? content : new Uint8Array(content)], {
            type: type ?? 'application/octet-stream',
          });
    form.set('file', blob, name);
    return form;
  }
  if (options.body !== undefined) return typeof options.body === 'string' ? options.body : new Uint8Array(options.body);
  return undefined;
}

/** Reads a success by its media type: JSON, text, nothing, or a downloaded file. */
async function readSuccess(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  const disposition = response.headers.get('content-disposition');
  if (disposition && /attachment/i.test(disposition) && !/^application\/json/i.test(type)) {
    return {
      filename: filename(disposition),
      contentType: type,
      content: new Uint8Array(await response.arrayBuffer()),
    } satisfies DownloadedFile;
  }
  const text = await response.text();
  if (/^application\/(.+\+)?json/i.test(type)) return text === '' ? undefined : JSON.parse(text);
  if (/^text\//i.test(type) || text === '') return text === '' && !type ? undefined : text;
  return {
    filename: filename(disposition),
    contentType: type,
    content: new TextEncoder().encode(text),
  } satisfies DownloadedFile;
}

async function readError(response: Response, operation: string): Promise<GatewayError> {
  const text = await response.text();
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  try {
    const body = JSON.parse(text) as {
      error?: { code?: unknown; message?: unknown; details?: unknown; requestId?: unknown };
    };
    const error = body.error;
    if (error && typeof error.code === 'string') {
      return new GatewayError(
        response.status,
        error.code,
        typeof error.message === 'string' ? error.message : '',
        Array.isArray(error.details) ? (error.details as ErrorDetail[]) : [],
        typeof error.requestId === 'string' ? error.requestId : (response.headers.get('x-request-id') ?? undefined),
        operation,
        retryAfter,
      );
    }
  } catch {
    // not the error shape: described by its status below
  }
  return new GatewayError(
    response.status,
    `HTTP_${response.status}`,
    text.slice(0, 200) || response.statusText,
    [],
    response.headers.get('x-request-id') ?? undefined,
    operation,
    retryAfter,
  );
}

/**
 * A client of one operation table (`Ops`, generated from an OpenAPI document): each method takes a path of
 * the table and the options its entry types, fills in the operation's `version`, authenticates through the
 * shared Session, and answers the typed result or throws a GatewayError.
 */
export class ApiClient<Ops> {
  constructor(
    protected readonly transport: Session,
    private readonly versions: { readonly [K in keyof Ops]: number | null },
  ) {}

  get<P extends PathOf<Ops, 'GET'>>(
    path: P,
    ...options: OptionsArgument<OperationOf<Ops, 'GET', P>>
  ): Promise<OperationOf<Ops, 'GET', P>['result']> {
    return this.send('GET', path, ...options).then((answer) => answer.data);
  }

  post<P extends PathOf<Ops, 'POST'>>(
    path: P,
    ...options: OptionsArgument<OperationOf<Ops, 'POST', P>>
  ): Promise<OperationOf<Ops, 'POST', P>['result']> {
    return this.send('POST', path, ...options).then((answer) => answer.data);
  }

  put<P extends PathOf<Ops, 'PUT'>>(
    path: P,
    ...options: OptionsArgument<OperationOf<Ops, 'PUT', P>>
  ): Promise<OperationOf<Ops, 'PUT', P>['result']> {
    return this.send('PUT', path, ...options).then((answer) => answer.data);
  }

  delete<P extends PathOf<Ops, 'DELETE'>>(
    path: P,
    ...options: OptionsArgument<OperationOf<Ops, 'DELETE', P>>
  ): Promise<OperationOf<Ops, 'DELETE', P>['result']> {
    return this.send('DELETE', path, ...options).then((answer) => answer.data);
  }

  /** Any operation of the table, answering the whole answer (status and headers too, e.g. an ETag). */
  async send<M extends HttpMethod, P extends PathOf<Ops, M>>(
    method: M,
    path: P,
    ...[options]: OptionsArgument<OperationOf<Ops, M, P>>
  ): Promise<ApiAnswer<OperationOf<Ops, M, P>['result']>> {
    const operation = `${method} ${path as string}`;
    if (!(operation in this.versions)) throw new TypeError(`${operation} is not an operation of this client's table`);
    const given = (options ?? {}) as AnyOptions;
    const url = new URL(path as string, this.transport.baseUrl);
    const version = this.versions[operation as keyof Ops];
    if (version !== null) url.searchParams.set('version', String(version));
    for (const [name, value] of Object.entries(given.query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    const response = await this.transport.fetch(
      url,
      method,
      (headers) => {
        Object.assign(headers, given.headers ?? {});
        return requestBody(given, headers);
      },
      given.signal,
    );
    if (!response.ok) throw await readError(response, operation);
    return {
      data: (await readSuccess(response)) as OperationOf<Ops, M, P>['result'],
      status: response.status,
      headers: response.headers,
    };
  }
}
