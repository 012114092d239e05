import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { AuthenticationError, DomainError } from '../../shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../shared/domain/LabId.js';
import type { Principal } from '../../shared/domain/Principal.js';
import type { Authenticator } from '../../shared/application/Authenticator.js';
import type { LabLeases, PeerProcess } from '../../shared/application/LabLeases.js';

/** The header a forwarded request carries: who sent it, when, for which user, signed. */
export const FORWARDED_HEADER = 'x-gwsim-forwarded';
/** The header naming the process that answered a live request. */
export const SERVED_BY_HEADER = 'x-gwsim-served-by';
/** How old a forwarded request's signature may be. */
const MAX_SKEW_MS = 60_000;
/** How long a forwarded request may take. */
const FORWARD_TIMEOUT_MS = 30_000;

/** A forwarded request whose signature checked out: the process that sent it and the user it authenticated. */
interface Forwarded {
  readonly from: string;
  /** The lab the request was signed for. */
  readonly lab: string;
  readonly userId: string;
  readonly username: string;
}

function signature(key: Buffer, parts: readonly string[]): string {
  return createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
}

/** The operation's path and query as both processes see them (a lab's prefix stripped). */
const signedPath = (ctx: Context) => `${ctx.path}${ctx.querystring ? `?${ctx.querystring}` : ''}`;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url').toString('utf8');

function moving(lab: LabId, why: string): DomainError {
  return DomainError.unavailable(
    'SIMULATOR_MOVING',
    `the simulator of lab '${lab}' is moving between processes (${why}); try again in a second`,
  );
}

/** What a peer answered to a request this process sent it. */
export interface PeerAnswer {
  readonly process: string;
  readonly status: number;
  readonly json: unknown;
}

/**
 * Requests between the processes that share a PostgreSQL server. A lab's live requests (operations marked
 * `live`: calls in progress, traffic) are answered by the process that holds the lab (LabLeases): another process
 * authenticates and checks the request as usual, then forwards it there with the user it authenticated, signed
 * with the key the processes of the store share (so a session cookie of one process works through any); the
 * holder trusts that user (as stored now) instead of authenticating again. Operations marked `everyProcess` (the
 * request journal) are asked of every live peer the same way and merged by their controller. A forwarded request
 * is journaled and faulted by the process the client talked to, never again by the one it was sent to.
 */
export class LiveForwarding {
  constructor(
    private readonly leases: LabLeases,
    private readonly authenticator: Authenticator,
  ) {}

  /** Whether this process serves the lab's live requests itself (taking the lab when nobody holds it). */
  async servesHere(lab: LabId): Promise<boolean> {
    return this.leases.holds(lab) || this.leases.claim(lab);
  }

  /** Whether the request carries a forwarding header at all (checked or not). */
  claimsForwarded(ctx: Context): boolean {
    return ctx.get(FORWARDED_HEADER) !== '';
  }

  /** The forwarding the request carries, its signature checked (once per request); undefined when none or not valid. */
  async verified(ctx: Context): Promise<Forwarded | undefined> {
    if (!this.claimsForwarded(ctx)) return undefined;
    const state = ctx.state as { forwarded?: Promise<Forwarded | undefined> };
    state.forwarded ??= this.check(ctx);
    return state.forwarded;
  }

  private async check(ctx: Context): Promise<Forwarded | undefined> {
    const parts = ctx.get(FORWARDED_HEADER).split('.');
    if (parts.length !== 6) return undefined;
    const [from, at, lab, userId, username, signed] = parts as [string, string, string, string, string, string];
    const sentAt = Number(at);
    if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > MAX_SKEW_MS) return undefined;
    const expected = Buffer.from(
      signature(await this.leases.forwardingKey(), [from, at, ctx.method, signedPath(ctx), lab, userId, username]),
    );
    const given = Buffer.from(signed);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return { from, lab: unb64(lab), userId: unb64(userId), username: unb64(username) };
  }

  /** The user another process authenticated against `lab` for a forwarded request (its signature checked), or a 401. */
  async principal(ctx: Context, lab: LabId): Promise<Principal> {
    const forwarded = await this.verified(ctx);
    if (!forwarded || forwarded.lab !== lab)
      throw new AuthenticationError(
        'FORWARD_REFUSED',
        'the forwarded request carries no valid signature of a process of this store',
      );
    const principal = await this.authenticator.vouched(lab, forwarded.userId, forwarded.username);
    if (!principal)
      throw new AuthenticationError('FORWARD_REFUSED', `user '${forwarded.username}' can no longer log in`);
    return principal;
  }

  /**
   * Sends the request (its body as parsed and checked here) to the process that holds the lab and answers what
   * that process answered. `gatewayLab`: the lab of a gateway operation (its path gets the lab's prefix there).
   */
  async forward(
    ctx: Context,
    lab: LabId,
    gatewayLab: LabId | undefined,
    principal: Principal,
    body: unknown,
  ): Promise<void> {
    const holder = await this.leases.holder(lab);
    if (!holder?.url || holder.process === this.leases.process) throw moving(lab, 'no process has taken it over yet');
    let response: Response;
    try {
      // under this request's id: the holder's answer (an error's requestId) and log lines name the id the client has
      const requestId = (ctx.state as { requestId?: unknown }).requestId;
      response = await this.send(
        holder.url,
        ctx.method,
        signedPath(ctx),
        gatewayLab,
        principal,
        body,
        ctx.get('accept') || 'application/json',
        typeof requestId === 'string' ? requestId : undefined,
      );
    } catch (error) {
      throw moving(lab, `the process that ran it does not answer: ${(error as Error).message}`);
    }
    ctx.status = response.status;
    for (const name of ['content-type', 'content-disposition', 'retry-after', SERVED_BY_HEADER]) {
      const value = response.headers.get(name);
      if (value) ctx.set(name, value);
    }
    ctx.body = Buffer.from(await response.arrayBuffer());
  }

  /**
   * Asks every other live process of the store the same request (as `principal`), for an operation whose answer
   * is made of what each process holds; a process that does not answer in time is left out.
   */
  async askPeers(method: string, path: string, principal: Principal): Promise<PeerAnswer[]> {
    const peers = await this.leases.peers();
    const answers = await Promise.all(
      peers.map(async (peer: PeerProcess): Promise<PeerAnswer | undefined> => {
        try {
          const response = await this.send(peer.url, method, path, undefined, principal, undefined, 'application/json');
          const text = await response.text();
          return {
            process: peer.process,
            status: response.status,
            json: text ? (JSON.parse(text) as unknown) : undefined,
          };
        } catch {
          return undefined;
        }
      }),
    );
    return answers.filter((answer): answer is PeerAnswer => answer !== undefined);
  }

  /** Sends a signed request; the signature names the lab the user belongs to (the one it authenticated against). */
  private async send(
    base: string,
    method: string,
    path: string,
    gatewayLab: LabId | undefined,
    principal: Principal,
    body: unknown,
    accept: string,
    requestId?: string,
  ): Promise<Response> {
    const url = `${gatewayLab !== undefined && gatewayLab !== DEFAULT_LAB ? `/labs/${encodeURIComponent(gatewayLab)}` : ''}${path}`;
    const at = String(Date.now());
    const parts = [this.leases.process, at, b64(principal.lab), b64(principal.userId), b64(principal.username)];
    const token = [
      ...parts,
      signature(await this.leases.forwardingKey(), [parts[0]!, at, method, path, parts[2]!, parts[3]!, parts[4]!]),
    ].join('.');
    const headers: Record<string, string> = {
      [FORWARDED_HEADER]: token,
      accept,
      ...(requestId ? { 'x-request-id': requestId } : {}),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${base}${url}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
  }

  /** Marks an answer as this process's (a client can see which process runs the lab). */
  servedBy(ctx: Context): void {
    ctx.set(SERVED_BY_HEADER, this.leases.process);
  }
}
