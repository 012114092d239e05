import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError } from './http/clientError.js';
import { errorBody } from './http/errorBoundary.js';

const VERSION: string = (require('../../../package.json') as { version: string }).version;

/**
 * Responses that end their connection once the listener is closing: a keep-alive connection whose request
 * was in flight when the stop began (or that sends another request meanwhile) is closed after its answer,
 * instead of staying open until its keep-alive timeout or the end of the grace period.
 */
function drainingResponse(draining: () => boolean): typeof ServerResponse {
  return class DrainingResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
    override writeHead(...args: [number, ...unknown[]]): this {
      if (draining() && !this.headersSent) this.setHeader('Connection', 'close');
      return (ServerResponse.prototype.writeHead as (...a: unknown[]) => this).apply(this, args);
    }
  } as unknown as typeof ServerResponse;
}

/**
 * The HTTP port of the process. `gwsim serve` binds it before it opens the store, so a port in use fails
 * before anything is touched; until `serve` hands it the management API, every request is answered
 * 503 STARTING in the one error shape (with Retry-After). Loads no application module.
 */
export class HttpListener {
  private handler: RequestListener = starting;
  private draining = false;

  private constructor(readonly server: Server) {}

  static async bind(port: number, host: string): Promise<HttpListener> {
    let listener: HttpListener | undefined;
    const server = createServer(
      { ServerResponse: drainingResponse(() => listener?.draining ?? false) },
      (request, response) => listener!.handler(request, response),
    );
    listener = new HttpListener(server);
    server.keepAliveTimeout = 5000;
    server.requestTimeout = 30000;
    server.headersTimeout = 10000;
    server.on('clientError', answerClientError);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return listener;
  }

  get address(): AddressInfo {
    return this.server.address() as AddressInfo;
  }

  /** From now on requests go to `handler`. */
  serve(handler: RequestListener): void {
    this.handler = handler;
  }

  /** Stops accepting, lets in-flight requests finish (up to `graceMs`, then cuts them), then resolves. */
  close(graceMs: number): Promise<void> {
    this.draining = true;
    const server = this.server;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        server.closeAllConnections();
        resolve();
      }, graceMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });
  }
}

/**
 * Until the API is ready: `/_sim/health` answers 200 (the process is alive, so an orchestrator's liveness probe
 * does not kill a start-up that takes a while), everything else, `/_sim/ready` included, 503 STARTING.
 */
function starting(request: IncomingMessage, response: ServerResponse): void {
  if ((request.method === 'GET' || request.method === 'HEAD') && (request.url ?? '').split('?')[0] === '/_sim/health') {
    response.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'close',
    });
    response.end(JSON.stringify({ status: 'starting', version: VERSION, uptimeSeconds: Math.floor(process.uptime()) }));
    return;
  }
  const body = errorBody(
    503,
    'STARTING',
    'gwsim is starting: the store is not open yet; retry in a moment',
    randomUUID(),
  );
  response.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Retry-After': '1',
    Connection: 'close',
  });
  response.end(JSON.stringify(body));
}
