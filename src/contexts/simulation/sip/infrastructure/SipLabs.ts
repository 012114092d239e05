import { inject, injectable } from 'inversify';
import type { SipAddress } from '@gwsim/sip';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { LabClocks } from '../../../clock/index.js';
import { CommittedGateway, type PlanNode } from '../../../configuration/index.js';
import type { SipListenerView } from '../application/SipListening.js';
import { SipDefaults } from '../application/SipDefaults.js';
import { NetworkFaults } from '../../network/application/NetworkFaults.js';
import { defaultSipSetting, farEndIsReal, farEndOf, type FarEnd, type SipSetting } from '../domain/SipSetting.js';
import type { Scheduler } from '../../calls/domain/Scheduler.js';
import type { LabSip, NodeListener } from './LabSip.js';
import {
  LocalRelays,
  MediaRefusals,
  WorkerRelays,
  type MediaPorts,
  type MediaRangeView,
  type MediaRelays,
} from '../../media/infrastructure/index.js';
import { LabPeers } from './LabPeers.js';
import { SipRegistrar } from './SipRegistrar.js';
import { SocketTransport } from './SocketTransport.js';
import { TrunkSupervision } from './trunks/TrunkSupervision.js';

/** One node's listener: a stack on its UDP/TCP port (and its TLS port when it has an identity). */
export interface OpenListener extends NodeListener {
  readonly nodeName: string;
  /** The port numbers it holds, as `host:port` keys (UDP and TCP share one; TLS has its own). */
  readonly keys: readonly string[];
  readonly addresses: readonly SipAddress[];
  /** What it was opened for: a change of any of it opens it again. */
  readonly signature: string;
  /** Moved away (the node's port changed, it was disabled or removed): kept for the calls in progress only. */
  draining: boolean;
}

export interface LabRuntime {
  readonly lab: LabId;
  setting: SipSetting;
  enabled: boolean;
  readonly listeners: Map<string, OpenListener>;
  readonly draining: OpenListener[];
  failed: SipListenerView[];
  /** Who answers at each node's far end, for the state (every node of the plan the listeners last followed). */
  farEnds: Record<string, FarEnd>;
  transport: SocketTransport | undefined;
  readonly registrar: SipRegistrar;
  /** The nodes' network peer whitelists and what they refused. */
  readonly peers: LabPeers;
  /** The OPTIONS keep-alives and registrations of its trunks. */
  readonly trunks: TrunkSupervision;
  /** The OPTIONS outside a dialog each node answered, by node id. */
  readonly optionsReceived: Map<string, { success: number; failed: number }>;
  /** The calls refused 503 for want of media ports (counted, logged once per burst). */
  readonly mediaRefusals: MediaRefusals;
  /** The RTP ranges of the plan's nodes as last followed, on the SIP host (the media capacity of the state). */
  mediaRanges: readonly MediaRangeView[];
}

/**
 * What real SIP holds per lab in this process: its setting as last followed, its listeners, its registrar, its
 * nodes' whitelists, and the socket transport of its engine (made by LabTransports for every engine); the RTP port
 * pools shared by the labs.
 * SocketSipListening moves the listeners; the transports find them here.
 */
@injectable()
export class SipLabs {
  private readonly labs = new Map<LabId, LabRuntime>();
  /** Where the calls' relays run: media workers (GWSIM_MEDIA_WORKERS, default 1), or this thread (0). */
  private relays: MediaRelays | undefined;

  constructor(
    @inject(LabClocks) private readonly clocks: LabClocks,
    @inject(SipDefaults) private readonly options: SipDefaults,
    @inject(Logger) private readonly logger: Logger,
    @inject(CommittedGateway) private readonly committed: CommittedGateway,
    @inject(NetworkFaults) private readonly network: NetworkFaults,
  ) {}

  find(lab: LabId): LabRuntime | undefined {
    return this.labs.get(lab);
  }

  all(): IterableIterator<LabRuntime> {
    return this.labs.values();
  }

  forget(lab: LabId): void {
    this.labs.get(lab)?.mediaRefusals.dispose();
    this.labs.delete(lab);
  }

  /** The RTP ranges of a plan's nodes, on the host the media sockets bind (what the state's media capacity counts). */
  mediaRangesOf(nodes: Iterable<PlanNode>): MediaRangeView[] {
    return [...nodes].map((node) => ({
      host: this.options.host,
      first: node.sip.media.firstPort,
      last: node.sip.media.lastPort,
    }));
  }

  runtime(lab: LabId): LabRuntime {
    let runtime = this.labs.get(lab);
    if (!runtime) {
      runtime = {
        lab,
        setting: defaultSipSetting(false),
        enabled: false,
        listeners: new Map(),
        draining: [],
        failed: [],
        farEnds: {},
        transport: undefined,
        registrar: new SipRegistrar(() => this.clocks.nowOf(lab).getTime()),
        peers: new LabPeers(),
        optionsReceived: new Map(),
        mediaRefusals: new MediaRefusals((fields, message) => this.logger.warn({ lab, ...fields }, message)),
        mediaRanges: [],
        trunks: new TrunkSupervision(
          () => this.clocks.nowOf(lab).getTime(),
          (nodeId) => {
            const faults = this.network.of(lab);
            return faults.isDown(nodeId) ? 'silent' : faults.trunkRefuses(nodeId) ? 'refuses' : undefined;
          },
          (level, fields, message) => this.logger[level]({ lab, ...fields }, message),
        ),
      };
      this.labs.set(lab, runtime);
    }
    return runtime;
  }

  /** The lab's real SIP transport, beside its synthetic one (LabTransports makes both for every engine). */
  transportFor(lab: LabId, scheduler: Scheduler): SocketTransport {
    const runtime = this.runtime(lab);
    const transport = new SocketTransport(scheduler, this.view(runtime), (gone) => {
      if (runtime.transport === gone) runtime.transport = undefined;
    });
    runtime.transport = transport;
    return transport;
  }

  /** Who answers at the node's far end in the lab (as its setting says; see farEndOf). */
  farEnd(lab: LabId, node: PlanNode): FarEnd {
    return farEndOf(node, this.labs.get(lab)?.setting ?? { farEnds: {} });
  }

  /** The lab's time in ms since the epoch, to the microsecond (the wire records' instants). */
  now(lab: LabId): number {
    const wall = performance.timeOrigin + performance.now();
    return this.clocks.nowOf(lab).getTime() + (wall % 1);
  }

  private view(runtime: LabRuntime): LabSip {
    return {
      lab: runtime.lab,
      enabled: () => runtime.enabled,
      plan: () => this.committed.plan(runtime.lab),
      listener: (nodeId) => runtime.listeners.get(nodeId),
      farEndIsReal: (node) => farEndIsReal(node, runtime.setting),
      pool: (node) => this.pool(node),
      openRelay: (ports, options, events) => this.mediaRelays().open(ports, options, events),
      now: () => this.now(runtime.lab),
      register: (node, transaction) => runtime.registrar.register(node, transaction),
      registered: (node, user) => runtime.registrar.registered(node, user),
      setupTimeoutMs: () => runtime.setting.setupTimeoutSeconds * 1000,
      admitsMedia: (node, host) => runtime.peers.admitsMedia(node.id, host),
      mediaPacketsRefused: (node, packets) => runtime.peers.refusedMedia(node.id, packets),
      trunkDown: (node) => runtime.trunks.down(node.id),
      optionsAnswered: (nodeId, status) => {
        const counts = runtime.optionsReceived.get(nodeId) ?? { success: 0, failed: 0 };
        if (status >= 200 && status < 300) counts.success += 1;
        else counts.failed += 1;
        runtime.optionsReceived.set(nodeId, counts);
      },
      mediaRefused: (node, error) => runtime.mediaRefusals.refused(node.displayName, error),
      warn: (fields, message) => this.logger.warn({ lab: runtime.lab, ...fields }, message),
    };
  }

  /**
   * Closes the RTP port pools' idle sockets and forgets the pools (at stop), in the media workers too, resolving once
   * they are closed: a pair still carrying a call is closed when the call releases it; the next call opens new pools.
   */
  async closeMediaPools(): Promise<void> {
    await this.relays?.dispose();
  }

  private mediaRelays(): MediaRelays {
    this.relays ??=
      this.options.mediaWorkers > 0
        ? new WorkerRelays(this.options.mediaWorkers, {
            onStopped: (error) =>
              this.logger.error({ err: error }, 'a media worker stopped: its calls lost their media'),
          })
        : new LocalRelays();
    return this.relays;
  }

  /**
   * The RTP ports of a node's range on the SIP host (nodes on the same network controller share them); the SDP names
   * them at the address SIP advertises.
   */
  private pool(node: PlanNode): MediaPorts {
    const { firstPort, lastPort } = node.sip.media;
    return this.mediaRelays().ports(this.options.host, { first: firstPort, last: lastPort }, this.options.advertise);
  }
}

export type { SipAddress, SipListenerView, SipSetting };
