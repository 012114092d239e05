import { randomBytes } from 'node:crypto';
import {
  buildResponse,
  formatDigestChallenge,
  formatNameAddr,
  isWebSocket,
  NonceIssuer,
  parseDigestAuthorization,
  parseNameAddr,
  splitList,
  verifyDigest,
  type ServerTransaction,
  type SipAddress,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import type { PlanNode, PlanRegistrar } from '../../../configuration/index.js';
import type { RegisteredClient } from '../application/SipListening.js';
import { RegistrarGuard } from '../domain/RegistrarGuard.js';
import { grantedExpiry, Registrations } from '../domain/Registrations.js';
import type { RegisteredPhone } from './LabSip.js';
import { firstHeader, uriAddress, uriUser, withHeader } from './wireMessages.js';

/** How long a nonce of the registrar's challenges is good for. */
const NONCE_LIFETIME_MS = 5 * 60_000;
/** How many answers to failed digests are held at once at most; beyond it they go at once (memory stays bounded). */
const MAX_HELD_ANSWERS = 1000;

/** Runs `run` after `ms` (held answers); tests run it at once or by hand. */
export type Later = (ms: number, run: () => void) => void;

const afterTimeout: Later = (ms, run) => {
  if (ms <= 0) run();
  else setTimeout(run, ms).unref();
};

/** Sends the final response of the REGISTER with `status`, `extra` adding its headers. */
type Answer = (status: number, extra?: (response: SipResponse) => SipResponse) => void;

/** A binding a REGISTER asks for: its contact and the expiry granted, in seconds (0 removes it). */
interface BindingChange {
  readonly uri: string;
  readonly seconds: number;
}

/**
 * The SIP phone registrar of one lab's registrar nodes (RFC 3261 section 10.3, digest per RFC 2617/8760): REGISTER
 * checked against the node's policy (ALWAYS, DIRECTORY: users of its directory only, NEVER), challenged with a
 * digest when the node requires authentication (the password the plan gives the user: its SIP credentials
 * object's; constant-time check; stateless nonces that expire), guarded against password guessing (`guard`: failed
 * digests counted per source and user, their answers held, then blocks), expiry held within the node's bounds;
 * bindings kept in memory on the lab clock.
 * A call routed to the registrar node goes to the contact registered under the called number.
 */
export class SipRegistrar {
  private readonly bindings = new Map<string, Registrations<SipAddress>>();
  private readonly nonces: NonceIssuer;
  /** Password guessing at the lab's registrar nodes (its settings follow the lab's SIP setting). */
  readonly guard = new RegistrarGuard();
  /** A password no phone has: what a name without one is checked against, so it costs what a known name does. */
  private readonly decoy = randomBytes(18).toString('base64');
  private held = 0;

  constructor(
    private readonly now: () => number,
    private readonly later: Later = afterTimeout,
  ) {
    this.nonces = new NonceIssuer(randomBytes(32), NONCE_LIFETIME_MS, () => Date.now());
  }

  private of(node: PlanNode): Registrations<SipAddress> {
    let registrations = this.bindings.get(node.id);
    if (!registrations) {
      registrations = new Registrations();
      this.bindings.set(node.id, registrations);
    }
    return registrations;
  }

  /** The phone registered under `user` at the node now: the Contact of its binding that expires last, and where it is. */
  registered(node: PlanNode, user: string): RegisteredPhone | undefined {
    const binding = this.bindings.get(node.id)?.reach(user, this.now());
    return binding ? { contact: binding.contact, address: binding.address } : undefined;
  }

  /**
   * Answers a REGISTER at the node, in the order of RFC 3261 section 10.3: the policy (NEVER: 403), a block of the
   * source or the user (503 with Retry-After, the password not looked at), the digest (401 with a challenge; 403,
   * held by the guard's delay, when the answer does not prove the password of the registering user — the digest
   * user name must be the address-of-record's user), then the directory (DIRECTORY: a name outside it gets 404,
   * known only after the challenge so a stranger cannot probe who is in it), then the bindings: 423 with
   * Min-Expires below the minimum (nothing changes), Expires 0 removes, a REGISTER without Contact reads them.
   */
  register(node: PlanNode, transaction: ServerTransaction): void {
    const request = transaction.request;
    const registrar = node.sip.registrar!;
    const answer: Answer = (status, extra = (r) => r) =>
      transaction.respond(
        extra(buildResponse(request, status, { toTag: `reg${Math.floor(this.now()).toString(36)}` })),
      );
    const user = uriUser(firstHeader(request, 'To') ?? '');
    if (!user) {
      answer(400);
      return;
    }
    if (registrar.acceptPolicy === 'NEVER') {
      answer(403);
      return;
    }
    if (registrar.authenticationRequired && !this.admitted(node, transaction, user, answer)) return;
    if (registrar.acceptPolicy === 'DIRECTORY' && !registrar.users.has(user)) {
      answer(404);
      return;
    }
    this.updateBindings(node, transaction, user, answer);
  }

  /**
   * Whether the guard lets the REGISTER try its digest, and the digest proves the password: true when it does;
   * otherwise it has been answered. A block of the source or the user is answered 503 Service Unavailable with
   * Retry-After, the seconds until it ends (RFC 3261 section 21.5.4 and 20.33: the refusal is temporary and says
   * when to come back; a 403 would tell the phone never to retry), before any challenge and whatever the password.
   */
  private admitted(node: PlanNode, transaction: ServerTransaction, user: string, answer: Answer): boolean {
    const now = this.now();
    const block = this.guard.blockOf(transaction.source.host, node.id, user, now);
    if (block) {
      const seconds = Math.max(1, Math.ceil((block.until - now) / 1000));
      answer(503, (r) => withHeader(r, 'Retry-After', String(seconds)));
      return false;
    }
    const failed = (): void => {
      const { delayMs } = this.guard.failed(transaction.source.host, node.id, user, this.now());
      this.hold(delayMs, () => answer(403));
    };
    if (!this.authenticated(node, transaction.request, user, answer, failed)) return false;
    this.guard.succeeded(transaction.source.host, node.id, user);
    return true;
  }

  /** Sends a failure's answer once its delay passed (at once when too many are held already). */
  private hold(delayMs: number, send: () => void): void {
    if (delayMs <= 0 || this.held >= MAX_HELD_ANSWERS) {
      send();
      return;
    }
    this.held += 1;
    this.later(delayMs, () => {
      this.held -= 1;
      send();
    });
  }

  /**
   * The digest check of a registrar node that requires authentication: true when the REGISTER proves the password of
   * `user`; otherwise it has been answered (401 with a challenge, stale when only the nonce expired), or `failed` was
   * called (the 403 is the guard's to send). A wrong password, another user's credentials, a name without a password
   * and an unknown name fail alike: the same digest is computed (against a decoy password where the name has none),
   * compared in constant time, and answered the same, after the same delay.
   */
  private authenticated(
    node: PlanNode,
    request: SipRequest,
    user: string,
    answer: Answer,
    failed: () => void,
  ): boolean {
    const registrar = node.sip.registrar!;
    const realm = registrar.domain || node.hostname || node.local.host;
    const credentials = parseDigestAuthorization(firstHeader(request, 'Authorization') ?? '');
    const challenge = (stale: boolean) =>
      answer(401, (r) =>
        withHeader(
          r,
          'WWW-Authenticate',
          formatDigestChallenge({
            realm,
            nonce: this.nonces.issue(),
            algorithm: 'MD5',
            qop: 'auth',
            ...(stale ? { stale: true } : {}),
          }),
        ),
      );
    if (!credentials) {
      challenge(false);
      return false;
    }
    const nonce = this.nonces.check(credentials.nonce);
    if (nonce === 'invalid' || credentials.realm !== realm) {
      challenge(false);
      return false;
    }
    // one phone's credentials never register another's address-of-record
    const password = credentials.username === user ? registrar.users.get(user) : undefined;
    const proven = verifyDigest(credentials, password ?? this.decoy, 'REGISTER') && password !== undefined;
    if (!proven) {
      failed();
      return false;
    }
    if (nonce === 'stale') {
      challenge(true);
      return false;
    }
    return true;
  }

  /**
   * The bindings of `user` after an accepted REGISTER: Contact `*` with Expires 0 removes them all, each other contact
   * is bound, renewed or removed (Expires 0), and the answer lists the bindings that remain.
   */
  private updateBindings(node: PlanNode, transaction: ServerTransaction, user: string, answer: Answer): void {
    const request = transaction.request;
    const registrations = this.of(node);
    const headerExpires = firstHeader(request, 'Expires');
    const contacts = request.headers.filter((h) => h.name === 'Contact').flatMap((h) => splitList(h.value));
    const now = this.now();
    if (contacts.some((value) => value.trim() === '*')) {
      if (contacts.length !== 1 || headerExpires === undefined || Number(headerExpires) !== 0) {
        answer(400);
        return;
      }
      registrations.unbind(user);
      answer(200, (r) => withHeader(r, 'Date', new Date(now).toUTCString()));
      return;
    }
    const changes = bindingChanges(contacts, headerExpires, node.sip.registrar!, answer);
    if (!changes) return;
    for (const change of changes) {
      if (change.seconds === 0) {
        registrations.unbind(user, change.uri);
        continue;
      }
      // a browser's Contact (`…@xxxx.invalid;transport=ws`) names no place: it is reached over the connection its
      // REGISTER came on, a flow (RFC 7118 section 5.3, RFC 5626 section 3), bound until that connection closes
      const address = isWebSocket(transaction.source.transport)
        ? transaction.source
        : (uriAddress(change.uri, transaction.source.transport) ?? transaction.source);
      registrations.bind(user, change.uri, address, now + change.seconds * 1000, {
        refreshedAt: now,
        userAgent: firstHeader(request, 'User-Agent') ?? '',
        addressOfRecord: `sip:${user}@${node.sip.registrar!.domain}`,
      });
    }
    answerBindings(registrations, user, now, answer);
  }

  /** The phones registered at the lab's registrar nodes now, by node then user (`host`: where the Contact sends to). */
  clients(): RegisteredClient[] {
    const now = this.now();
    const clients: RegisteredClient[] = [];
    for (const [nodeId, registrations] of this.bindings) {
      for (const { user, binding } of registrations.all(now))
        clients.push({
          nodeId,
          user,
          addressOfRecord: binding.addressOfRecord,
          contact: binding.contact,
          host: binding.address.host,
          userAgent: binding.userAgent,
          refreshedAt: new Date(binding.refreshedAt),
          expiresAt: new Date(binding.expiresAt),
        });
    }
    return clients;
  }

  /**
   * A WebSocket connection to the node closed: the bindings made over it go, since nothing reaches their browser
   * any more (RFC 5626 section 4.4: a flow that fails is no way to the user agent); a call to such a user gets 480.
   */
  flowClosed(nodeId: string, flow: SipAddress): void {
    this.bindings
      .get(nodeId)
      ?.unbindWhere(
        (address) => address.transport === flow.transport && address.host === flow.host && address.port === flow.port,
      );
  }

  /** Forgets the bindings of every node but `registrarNodes` (the others left the configuration or are no registrar any more). */
  retain(registrarNodes: ReadonlySet<string>): void {
    for (const nodeId of [...this.bindings.keys()]) if (!registrarNodes.has(nodeId)) this.bindings.delete(nodeId);
  }
}

/**
 * The binding each Contact of a REGISTER asks for, its expiry held within the node's bounds; undefined once the
 * REGISTER has been answered (400 for a contact that does not parse, 423 with Min-Expires for an expiry below the
 * minimum).
 */
function bindingChanges(
  contacts: readonly string[],
  headerExpires: string | undefined,
  registrar: PlanRegistrar,
  answer: Answer,
): BindingChange[] | undefined {
  // every contact is checked before any binding changes: a refused REGISTER leaves the bindings as they were
  const changes: BindingChange[] = [];
  for (const value of contacts) {
    let contact;
    try {
      contact = parseNameAddr(value);
    } catch {
      answer(400);
      return undefined;
    }
    const asked =
      contact.params['expires'] !== undefined
        ? Number(contact.params['expires'])
        : headerExpires !== undefined
          ? Number(headerExpires)
          : undefined;
    const granted = grantedExpiry(asked, registrar);
    if ('tooBrief' in granted) {
      answer(423, (r) => withHeader(r, 'Min-Expires', String(granted.tooBrief)));
      return undefined;
    }
    changes.push({ uri: contact.uri, seconds: granted.seconds });
  }
  return changes;
}

/** Answers 200 with a Contact for each binding `user` holds at `now`, its expires the seconds it has left, and a Date. */
function answerBindings(registrations: Registrations<SipAddress>, user: string, now: number, answer: Answer): void {
  const current = registrations.current(user, now);
  answer(200, (r) => {
    let ok = r;
    for (const binding of current) {
      ok = {
        ...ok,
        headers: [
          ...ok.headers,
          {
            name: 'Contact',
            value: `${formatNameAddr({ uri: binding.contact, params: {} })};expires=${Math.max(0, Math.round((binding.expiresAt - now) / 1000))}`,
          },
        ],
      };
    }
    return withHeader(ok, 'Date', new Date(now).toUTCString());
  });
}
