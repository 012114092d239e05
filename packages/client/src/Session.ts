/** Where and as whom a client calls. */
export interface SessionOptions {
  /** The gateway's (or gwsim's) base URL, e.g. `http://127.0.0.1:8111`. */
  readonly baseUrl: string | URL;
  /** HTTP Basic credentials; without them only a JSESSIONID given in `sessionId` (or nothing) authenticates. */
  readonly username?: string;
  readonly password?: string;
  /** A session id to start with (a JSESSIONID cookie value obtained elsewhere). */
  readonly sessionId?: string;
  /**
   * Send Basic credentials with every request instead of the session cookie once there is one (what some
   * automation does; each request then counts as a login attempt on the gateway). Default false.
   */
  readonly basicOnEveryRequest?: boolean;
  /** The fetch to use (default the global one, Node 20+). */
  readonly fetch?: typeof fetch;
}

const COOKIE = /(?:^|[,;\s])JSESSIONID=([^;,\s]+)/;

/**
 * The authentication state a client keeps: the first request (and any while no session is held) sends HTTP
 * Basic credentials; the JSESSIONID cookie the gateway sets is kept and sent instead from then on. When a
 * request with the cookie is refused with 401 (the session ended: idle time-out, restart), the cookie is
 * dropped and the request is sent once more with Basic credentials; a 401 is answered before the gateway
 * reads the body or acts, so nothing runs twice.
 */
export class Session {
  readonly baseUrl: string;
  private cookie: string | undefined;
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: SessionOptions) {
    this.baseUrl = String(options.baseUrl);
    this.cookie = options.sessionId;
    this.doFetch = options.fetch ?? fetch;
  }

  /** The JSESSIONID the client holds, if any. */
  get sessionId(): string | undefined {
    return this.cookie;
  }

  /** Forgets the session: the next request authenticates with Basic credentials again. */
  forget(): void {
    this.cookie = undefined;
  }

  private get basic(): string | undefined {
    const { username, password } = this.options;
    return username === undefined
      ? undefined
      : `Basic ${Buffer.from(`${username}:${password ?? ''}`, 'utf8').toString('base64')}`;
  }

  /** Sends one request (the body is built per attempt by `build`, which may also add headers). */
  async fetch(
    url: URL,
    method: string,
    build: (headers: Record<string, string>) => RequestInit['body'],
    signal?: AbortSignal,
  ): Promise<Response> {
    const attempt = async (useCookie: boolean): Promise<Response> => {
      const headers: Record<string, string> = { accept: 'application/json, text/plain, */*' };
      const body = build(headers);
      if (useCookie && this.cookie) headers['cookie'] = `JSESSIONID=${this.cookie}`;
      if ((!useCookie || !this.cookie || this.options.basicOnEveryRequest) && this.basic)
        headers['authorization'] = this.basic;
      const response = await this.doFetch(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        ...(signal ? { signal } : {}),
      });
      const setCookies =
        typeof response.headers.getSetCookie === 'function'
          ? response.headers.getSetCookie()
          : [response.headers.get('set-cookie') ?? ''];
      for (const line of setCookies) {
        const match = COOKIE.exec(line);
        if (match) this.cookie = match[1];
      }
      return response;
    };
    const usedCookie = this.cookie !== undefined && !this.options.basicOnEveryRequest;
    const response = await attempt(true);
    if (response.status === 401 && usedCookie && this.basic) {
      await response.body?.cancel();
      this.cookie = undefined;
      return attempt(false);
    }
    return response;
  }
}
