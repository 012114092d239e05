import { inject, injectable, optional } from 'inversify';
import { buildResponse, SipStack, type ServerTransaction, type StackHandler } from '@gwsim/sip';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLeases } from '../../../../shared/application/LabLeases.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { CommittedGateway } from '../../../configuration/index.js';
import {
  SipListening,
  type SipBlockFilter,
  type SipBlockView,
  type SipListeningState,
} from '../application/SipListening.js';
import { StoredSip } from '../application/StoredSip.js';
import { TrafficLabs } from '../../calls/application/TrafficLabs.js';
import { farEndOf, outsidePeersOf } from '../domain/SipSetting.js';
import { SipDefaults } from '../application/SipDefaults.js';
import { SipLabs, type LabRuntime, type OpenListener } from './SipLabs.js';
import { blockView, sipStateOf } from './sipState.js';
import { SimulatedTrunkLabs } from './trunks/SimulatedTrunkLabs.js';
import { ListenerFailures } from './ListenerFailures.js';
import { wantedListeners, type WantedListener } from './wantedListeners.js';

/** How often listeners that moved away are checked for calls still using them. */
const DRAIN_CHECK_MS = 5_000;

/**
 * Real SIP on the nodes' ports of each lab (the SipListening port): per lab whose stored SIP setting is on (and
 * that this process runs, with several processes on a server), one stack per enabled node of the committed plan,
 * on the node's SIP transport's UDP/TCP port (and TLS port, where the node has a certificate) plus the lab's port
 * offset, bound to the configured host. A commit moves the listeners: new ones open, ones no longer wanted stop
 * taking new calls and close once the calls in progress through them ended. A port another lab's listener holds
 * is refused naming both (a port offset per lab resolves it); a port the system refuses (another program holds
 * it) shows as a failed listener. The lab's engine (made when SIP is switched on) gets a SocketTransport beside
 * its synthetic transport (LabTransports); the listeners hand it what arrives.
 */
@injectable()
export class SocketSipListening extends SipListening {
  /** `host:port` → the lab and node whose listener holds it. */
  private readonly owners = new Map<string, { readonly lab: LabId; readonly nodeName: string }>();
  private readonly queues = new Map<LabId, Promise<unknown>>();
  private drainTimer: NodeJS.Timeout | undefined;

  constructor(
    @inject(StoredSip) private readonly stored: StoredSip,
    @inject(CommittedGateway) private readonly committed: CommittedGateway,
    @inject(TrafficLabs) private readonly traffic: TrafficLabs,
    @inject(SipLabs) private readonly labs: SipLabs,
    @inject(SipDefaults) private readonly options: SipDefaults,
    @inject(Logger) private readonly logger: Logger,
    @inject(SimulatedTrunkLabs) private readonly simulated: SimulatedTrunkLabs,
    @inject(LabLeases) @optional() private readonly leases: LabLeases | undefined = undefined,
  ) {
    super();
  }

  state(lab: LabId): SipListeningState {
    const hosts = { host: this.options.host, advertisedHost: this.options.advertisedHost };
    return sipStateOf(this.labs.find(lab), hosts, this.labs.now(lab), this.simulated.views(lab));
  }

  lift(lab: LabId, filter: SipBlockFilter): SipBlockView[] {
    const runtime = this.labs.find(lab);
    const lifted = runtime?.registrar.guard.lift(filter, this.labs.now(lab)) ?? [];
    const named = filter.source !== undefined ? 'source' : filter.user !== undefined ? 'user' : undefined;
    if (named && lifted.length === 0) {
      const value = filter.source ?? filter.user;
      throw new DomainError('SIP_BLOCK_NOT_FOUND', 'not_found', `no ${named} '${value}' is blocked in lab '${lab}'`, [
        { field: named, rule: 'blocked', message: `${named} '${value}' is not blocked` },
      ]);
    }
    for (const block of lifted)
      this.logger.info({ lab, kind: block.kind, name: block.name }, 'a SIP registrar block was lifted');
    return lifted.map((block) => blockView(block, runtime?.peers));
  }

  /** One change at a time per lab (a commit and a switch arriving together apply in turn). */
  follow(lab: LabId): Promise<SipListeningState> {
    const previous = this.queues.get(lab) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.apply(lab));
    this.queues.set(lab, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (this.queues.get(lab) === next) this.queues.delete(lab);
      });
    return next;
  }

  /** Closes every listener of every lab (the gateway stops). */
  async closeAll(): Promise<void> {
    if (this.drainTimer) clearInterval(this.drainTimer);
    this.drainTimer = undefined;
    for (const runtime of this.labs.all()) await this.close(runtime);
    await this.labs.closeMediaPools();
  }

  /** Closes a removed lab's listeners and forgets it. */
  async forget(lab: LabId): Promise<void> {
    const runtime = this.labs.find(lab);
    if (!runtime) return;
    await this.close(runtime);
    this.labs.forget(lab);
  }

  /** Whether a lab has real SIP on (its listeners follow its commits). */
  enabled(lab: LabId): boolean {
    return this.labs.find(lab)?.enabled ?? false;
  }

  private async apply(lab: LabId): Promise<SipListeningState> {
    const runtime = this.labs.runtime(lab);
    const setting = await this.stored.read(lab);
    runtime.registrar.guard.settings = setting.registrarGuard;
    const on = setting.enabled && (this.leases?.holds(lab) ?? true);
    if (!on) {
      runtime.setting = setting;
      await this.close(runtime);
      return this.state(lab);
    }
    const plan = await this.committed.plan(lab);
    const wanted = wantedListeners(plan, setting, this.options.host);
    // a port another lab holds: nothing changes, the caller hears both names
    for (const want of wanted) {
      for (const key of want.keys) {
        const owner = this.owners.get(key);
        if (owner && owner.lab !== lab) {
          throw DomainError.conflict(
            'SIP_PORT_IN_USE',
            `port ${key} of node '${want.node.displayName}' in lab '${lab}' is taken by node '${owner.nodeName}' of lab '${owner.lab}'; give one of the labs a portOffset`,
            [
              {
                field: 'portOffset',
                rule: 'free',
                message: `port ${key} is taken by lab '${owner.lab}' (node '${owner.nodeName}')`,
              },
            ],
          );
        }
      }
    }
    runtime.setting = setting;
    runtime.enabled = true;
    const failures = new ListenerFailures(this.logger, runtime);
    runtime.peers.follow(plan); // a listener that stays open hears the new whitelists at once
    runtime.mediaRanges = this.labs.mediaRangesOf(plan.nodes.values());
    // a phone's binding lasts while its registrar node does (a disabled node keeps them: it may come back)
    runtime.registrar.retain(
      new Set([...plan.nodes.values()].filter((node) => node.sip.registrar !== undefined).map((node) => node.id)),
    );
    runtime.farEnds = Object.fromEntries([...plan.nodes.values()].map((node) => [node.id, farEndOf(node, setting)]));
    const keep = new Set<string>();
    const claimed = new Map<string, string>();
    for (const want of wanted) {
      const clash = want.keys.map((key) => [key, claimed.get(key)] as const).find(([, other]) => other !== undefined);
      if (clash) {
        const why = `port ${clash[0]} is also node '${clash[1]}'s in this lab`;
        failures.record(want.node, want.addresses, why, undefined);
        continue;
      }
      for (const key of want.keys) claimed.set(key, want.node.displayName);
      const current = runtime.listeners.get(want.node.id);
      if (current && current.signature === want.signature) {
        keep.add(want.node.id);
        continue;
      }
      if (current) this.retire(runtime, current);
      // a listener moving away from the ports the new one wants gives them up now; its calls move to the new one
      const replaced = await this.release(runtime, want.keys);
      try {
        const opened = await this.open(runtime, want);
        runtime.listeners.set(want.node.id, opened);
        keep.add(want.node.id);
        for (const old of replaced) runtime.transport?.move(old, opened);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        failures.record(want.node, want.addresses, why, error);
      }
    }
    for (const [nodeId, listener] of [...runtime.listeners]) if (!keep.has(nodeId)) this.retire(runtime, listener);
    runtime.trunks.follow(plan, setting, runtime.listeners);
    await this.traffic.ensureEngine(lab);
    return this.state(lab);
  }

  private async open(runtime: LabRuntime, want: WantedListener): Promise<OpenListener> {
    const { node } = want;
    const identity = want.websocket ? want.websocket.identity : node.sip.identity;
    if (want.transports.includes('WSS') && !identity)
      throw new Error("WSS needs a certificate: the WebSocket stack's security profile names no identity with one");
    let listener: OpenListener | undefined;
    const handler: StackHandler = {
      request: (transaction) => this.onRequest(runtime, listener!, transaction),
      ack: (request) => runtime.transport?.onAck(request),
      cancel: (invite, cancel) => runtime.transport?.onCancel(invite, cancel),
      ackTimeout: (invite) => runtime.transport?.onAckTimeout(invite),
      wire: (event) => runtime.transport?.onWire(event),
      refused: (refusal) => runtime.peers.refusedSip(node.id, refusal),
      flowClosed: (remote) => {
        runtime.registrar.flowClosed(node.id, remote);
        if (listener) runtime.transport?.onFlowClosed(listener.stack, remote);
      },
    };
    const stack = await SipStack.listen(
      {
        host: this.options.host,
        port: want.port,
        transports: want.transports,
        ...(want.tlsPort !== undefined ? { tlsPort: want.tlsPort } : {}),
        ...(want.websocket ? { websocket: { port: want.websocket.port, path: want.websocket.path } } : {}),
        // A lab's peers present self-signed certificates: outgoing TLS accepts them (the node's certificate, where
        // it has one, is presented both ways; a WebRTC node's WSS presents its WebSocket stack's).
        tls: {
          ...(identity ? { key: identity.privateKeyPem, cert: identity.certificatePem } : {}),
          rejectUnauthorized: false,
        },
        maxMessageBytes: node.sip.maxMessageBytes,
        ...(this.options.t1Ms !== undefined
          ? { timers: { T1: this.options.t1Ms, T2: 8 * this.options.t1Ms, T4: 10 * this.options.t1Ms } }
          : {}),
        now: () => this.labs.now(runtime.lab),
        // the node's network peer whitelist, asked before the stack parses or answers anything (the one door)
        admit: (remote) => runtime.peers.admitSip(node.id, remote.host, outsidePeersOf(node.id, runtime.setting)),
      },
      handler,
    );
    const addresses = stack.local;
    // what the node names itself by toward peers (Via sent-by, Contact, Record-Route; RFC 3261 sections 18.2.1,
    // 20.42 and 8.1.1.8): the advertised address with the bound port, never a wildcard a peer cannot send to
    const advertise = this.options.advertise;
    const named = advertise === undefined ? addresses : addresses.map((a) => ({ ...a, host: advertise }));
    listener = {
      nodeId: node.id,
      nodeName: node.displayName,
      stack,
      keys: want.keys,
      addresses,
      signature: want.signature,
      draining: false,
      address: (transport) => named.find((a) => a.transport === transport),
    };
    for (const key of want.keys) this.owners.set(key, { lab: runtime.lab, nodeName: node.displayName });
    this.logger.info(
      {
        lab: runtime.lab,
        node: node.displayName,
        listening: addresses.map((a) => `${a.transport} ${a.host}:${a.port}`),
      },
      'SIP listener open',
    );
    return listener;
  }

  private onRequest(runtime: LabRuntime, listener: OpenListener, transaction: ServerTransaction): void {
    const request = transaction.request;
    const transport = runtime.transport;
    const newCall =
      request.method === 'INVITE' && !/;\s*tag=/i.test(request.headers.find((h) => h.name === 'To')?.value ?? '');
    if (!transport || (listener.draining && newCall)) {
      transaction.respond(buildResponse(request, 503, { toTag: 'gwdrain' }));
      return;
    }
    transport.onRequest(listener.nodeId, listener, transaction).catch((error: unknown) => {
      this.logger.error(
        { err: error, lab: runtime.lab, node: listener.nodeName },
        'a SIP request could not be handled',
      );
      if (!transaction.terminated) transaction.respond(buildResponse(request, 500, { toTag: 'gwerror' }));
    });
  }

  /** Stops a listener taking new calls; it closes once no call in progress uses it. */
  private retire(runtime: LabRuntime, listener: OpenListener): void {
    runtime.listeners.delete(listener.nodeId);
    for (const key of listener.keys) if (this.owners.get(key)?.lab === runtime.lab) this.owners.delete(key);
    listener.draining = true;
    runtime.draining.push(listener);
    this.drain();
  }

  /** Closes at once the lab's draining listeners that hold any of `keys` (host:port); answers them. */
  private async release(runtime: LabRuntime, keys: readonly string[]): Promise<OpenListener[]> {
    const holding = runtime.draining.filter((listener) => listener.keys.some((key) => keys.includes(key)));
    for (const listener of holding) {
      runtime.draining.splice(runtime.draining.indexOf(listener), 1);
      await listener.stack.close();
    }
    return holding;
  }

  /** Closes the listeners that moved away and carry no call any more (checked now and every few seconds while any is left). */
  private drain(): void {
    for (const runtime of this.labs.all()) {
      for (const listener of [...runtime.draining]) {
        if (runtime.transport?.uses(listener.stack)) continue;
        runtime.draining.splice(runtime.draining.indexOf(listener), 1);
        void listener.stack.close();
      }
    }
    const left = [...this.labs.all()].some((runtime) => runtime.draining.length > 0);
    if (left && !this.drainTimer) {
      this.drainTimer = setInterval(() => this.drain(), DRAIN_CHECK_MS);
      this.drainTimer.unref();
    } else if (!left && this.drainTimer) {
      clearInterval(this.drainTimer);
      this.drainTimer = undefined;
    }
  }

  private async close(runtime: LabRuntime): Promise<void> {
    runtime.enabled = false;
    runtime.trunks.stop();
    runtime.failed = [];
    const all = [...runtime.listeners.values(), ...runtime.draining];
    runtime.listeners.clear();
    runtime.draining.length = 0;
    for (const listener of all) {
      for (const key of listener.keys) if (this.owners.get(key)?.lab === runtime.lab) this.owners.delete(key);
      await listener.stack.close();
    }
  }
}
