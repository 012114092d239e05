import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { DomainError } from '../shared/domain/DomainError.js';
import type { LabId } from '../shared/domain/LabId.js';
import { LabDirectory } from '../shared/application/LabDirectory.js';
import { LabLifecycle } from '../shared/application/LabLifecycle.js';
import type { Logger } from '../shared/application/Logger.js';
import { HttpListener } from './HttpListener.js';

const GATEWAY_PATH = /^\/(?:api|app)(?:[/?]|$)/;

/**
 * The labs made with a port are also served at that port's root: `/api/…` and `/app/…` there are the lab's
 * (`/labs/{lab}/api/…` of the main port), so a client with a fixed base URL works unchanged; the rest (the control
 * API, the documents, the console) is the main port's. The lab's session cookie is set for `/` there. A lab
 * listener opens with the lab (a port in use: 409 PORT_IN_USE naming it, and the lab is not made), closes with it,
 * and every one opens again at start-up.
 */
export class LabPortListeners extends LabLifecycle {
  readonly name = 'lab ports';
  private readonly listeners = new Map<LabId, HttpListener>();
  private handler: RequestListener | undefined;
  private host = '127.0.0.1';

  constructor(
    private readonly directory: LabDirectory,
    private readonly logger: Logger,
  ) {
    super();
  }

  /** Serves the labs that have a port with the main API's handler (once the main port serves it). */
  async attach(handler: RequestListener, host: string): Promise<void> {
    this.handler = handler;
    this.host = host;
    for (const entry of this.directory.list()) {
      if (entry.port === undefined) continue;
      try {
        await this.open(entry.id, entry.port);
      } catch (error) {
        this.logger.error(
          { lab: entry.id, port: entry.port, err: error },
          'the port of a lab cannot be listened on: the lab is served under /labs/{lab} only',
        );
      }
    }
  }

  async initialize(lab: LabId): Promise<void> {
    const port = this.directory.find(lab)?.port;
    if (port !== undefined && this.handler) await this.open(lab, port);
  }

  async remove(lab: LabId): Promise<void> {
    const listener = this.listeners.get(lab);
    this.listeners.delete(lab);
    await listener?.close(1000);
  }

  async closeAll(graceMs: number): Promise<void> {
    const all = [...this.listeners.values()];
    this.listeners.clear();
    await Promise.all(all.map((listener) => listener.close(graceMs)));
  }

  /** Where a lab is served at its port's root (tests). */
  address(lab: LabId): { port: number } | undefined {
    return this.listeners.get(lab)?.address;
  }

  private async open(lab: LabId, port: number): Promise<void> {
    let listener: HttpListener;
    try {
      listener = await HttpListener.bind(port, this.host);
    } catch (error) {
      const code = (error as { code?: string }).code;
      const why =
        code === 'EADDRINUSE'
          ? 'is in use'
          : code === 'EACCES'
            ? 'needs privileges'
            : `cannot be listened on (${code ?? 'error'})`;
      throw DomainError.conflict(
        'PORT_IN_USE',
        `port ${port} ${why} on ${this.host}: choose another port for lab '${lab}'`,
        [{ field: 'port', rule: 'available', message: `port ${port} ${why}` }],
      );
    }
    const handler = this.handler!;
    const prefix = `/labs/${lab}`;
    listener.serve((request: IncomingMessage, response: ServerResponse) => {
      if (GATEWAY_PATH.test(request.url ?? '')) {
        request.url = `${prefix}${request.url}`;
        const setHeader = response.setHeader.bind(response);
        response.setHeader = (name, value) => {
          const cookie =
            name.toLowerCase() === 'set-cookie' && typeof value === 'string'
              ? value.replace(`; path=${prefix}/;`, '; path=/;')
              : value;
          return setHeader(name, cookie);
        };
      }
      handler(request, response);
    });
    this.listeners.set(lab, listener);
    this.logger.info({ lab, url: `http://${this.host}:${listener.address.port}/api` }, 'lab served at its own port');
  }
}
