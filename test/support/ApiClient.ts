import { send } from './inProcess.js';
import { checkAnswer } from './ResponseSchemas.js';

/** A small HTTP client for acceptance tests: Basic credentials or a JSESSIONID cookie, never both unless asked. */
export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly json: any;
}

export interface RequestOptions {
  readonly query?: Record<string, string | number | boolean | undefined>;
  /** Adds ?version=N (default 0); pass null to leave the parameter out. */
  readonly version?: number | string | null;
  readonly json?: unknown;
  readonly text?: string;
  readonly form?: Record<string, string>;
  readonly file?: { readonly name: string; readonly content: Buffer | string; readonly type?: string };
  readonly body?: string | Buffer;
  readonly headers?: Record<string, string>;
  /** Credentials for this request, overriding the client's; null sends none. */
  readonly auth?: { username: string; password: string } | null;
  /** Whether to send the session cookie the client holds (default true). */
  readonly cookie?: boolean;
  /**
   * Whether to check a JSON answer against its schema in the OpenAPI documents (default true; see ResponseSchemas).
   * Only where the answer is not the gateway's to shape: a fault rule's own body, or the check itself under test.
   */
  readonly checkSchema?: boolean;
}

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

export class ApiClient {
  private sessionCookie: string | undefined;

  constructor(
    readonly baseUrl: string,
    private credentials?: { username: string; password: string },
  ) {}

  as(username: string, password: string): ApiClient {
    return new ApiClient(this.baseUrl, { username, password });
  }

  anonymous(): ApiClient {
    return new ApiClient(this.baseUrl);
  }

  get cookie(): string | undefined {
    return this.sessionCookie;
  }

  forgetSession(): void {
    this.sessionCookie = undefined;
  }

  get(path: string, options: RequestOptions = {}) {
    return this.request('GET', path, options);
  }
  post(path: string, options: RequestOptions = {}) {
    return this.request('POST', path, options);
  }
  put(path: string, options: RequestOptions = {}) {
    return this.request('PUT', path, options);
  }
  delete(path: string, options: RequestOptions = {}) {
    return this.request('DELETE', path, options);
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    // A base URL with a path (a lab's: http://host/labs/x) prefixes every path; the schemas are the origin's.
    const base = new URL(this.baseUrl);
    const prefix = base.pathname.replace(/\/$/, '');
    const url = new URL(path.startsWith('/') ? `${prefix}${path}` : path, base.origin);
    const version = options.version === undefined ? 0 : options.version;
    if (version !== null) url.searchParams.set('version', String(version));
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    const auth = options.auth === undefined ? this.credentials : options.auth;
    if (auth) headers['authorization'] = basic(auth.username, auth.password);
    if (options.cookie !== false && this.sessionCookie) headers['cookie'] = `JSESSIONID=${this.sessionCookie}`;
    let body: RequestInit['body'];
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    } else if (options.text !== undefined) {
      body = options.text;
      headers['content-type'] ??= 'text/plain';
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (options.file) {
      const form = new FormData();
      const content =
        typeof options.file.content === 'string' ? Buffer.from(options.file.content) : options.file.content;
      form.set(
        'file',
        new Blob([content], { type: options.file.type ?? 'application/octet-stream' }),
        options.file.name,
      );
      body = form;
    } else if (options.body !== undefined) {
      body = options.body;
    }
    const response = await send(url, { method, headers, body, redirect: 'manual' });
    const setCookie = response.headers.get('set-cookie');
    const match = setCookie ? /JSESSIONID=([^;]+)/.exec(setCookie) : null;
    if (match) this.sessionCookie = match[1];
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (options.checkSchema !== false)
      await checkAnswer(method, url, response.status, response.headers.get('content-type'), text);
    return { status: response.status, headers: response.headers, text, json };
  }
}
