import type { RequestListener } from 'node:http';
import { inject as injectRequest } from 'light-my-request';
import { DomainError } from '../../shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../shared/domain/LabId.js';
import { Authenticator } from '../../shared/application/Authenticator.js';
import { GatewayRequests, type GatewayAnswer } from '../../contexts/control/index.js';
import { BUILT_IN_ADMINISTRATOR_NAME } from '../../contexts/identity/index.js';
import { SESSION_COOKIE } from './authenticate.js';

/**
 * A scenario's requests, run in process through the HTTP application's own handler (light-my-request, the
 * maintained injection library of Fastify: a request and a response object without a socket), so they pass the
 * whole pipeline a client's request passes (lab routing, the journal, fault rules, authentication, permissions)
 * and see what a client would. They go as the lab's built-in administrator (`/_sim/…`: the default lab's), on a
 * session opened for it without its password (an operator may have changed it), kept per lab and opened again
 * when it has ended.
 */
export class InProcessGatewayRequests extends GatewayRequests {
  private handler: RequestListener | undefined;
  private readonly sessions = new Map<LabId, string>();

  constructor(private readonly authenticator: Authenticator) {
    super();
  }

  /** The HTTP application's handler (once it serves). */
  attach(handler: RequestListener): void {
    this.handler = handler;
  }

  async send(lab: LabId, method: string, path: string, body?: unknown): Promise<GatewayAnswer> {
    const handler = this.handler;
    if (!handler)
      throw DomainError.unavailable('NOT_SERVING', 'gwsim does not serve its API yet: a scenario cannot send requests');
    const control = path.startsWith('/_sim/');
    const actor = control ? DEFAULT_LAB : lab;
    const url = control || lab === DEFAULT_LAB ? path : `/labs/${lab}${path}`;
    for (let attempt = 0; ; attempt += 1) {
      const session = await this.session(actor, attempt > 0);
      const response = await injectRequest(handler, {
        method: method as 'GET',
        url,
        headers: {
          cookie: `${SESSION_COOKIE}=${session}`,
          'x-request-id': 'gwsim-scenario',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      // a session that ended meanwhile (idle, a password change) is opened again once
      if (response.statusCode === 401 && attempt === 0) continue;
      const type = String(response.headers['content-type'] ?? '');
      let parsed: unknown = response.payload;
      if (type.includes('json') && response.payload !== '') {
        try {
          parsed = JSON.parse(response.payload);
        } catch {
          /* a truncated body (a fault): kept as text */
        }
      }
      return { status: response.statusCode, body: parsed };
    }
  }

  private async session(lab: LabId, renew: boolean): Promise<string> {
    const known = this.sessions.get(lab);
    if (known && !renew) return known;
    const opened = await this.authenticator.openSession(lab, BUILT_IN_ADMINISTRATOR_NAME);
    this.sessions.set(lab, opened.sessionId);
    return opened.sessionId;
  }
}
