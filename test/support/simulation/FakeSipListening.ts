import { DomainError } from '../../../src/shared/domain/DomainError.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { CommittedGateway } from '../../../src/contexts/configuration/index.js';
import {
  defaultSipSetting,
  farEndOf,
  SipDefaults,
  SipListening,
  StoredSip,
  type FarEnd,
  type SipBlockFilter,
  type SipBlockView,
  type SipListenerView,
  type SipListeningState,
  type SipSetting,
} from '../../../src/contexts/simulation/index.js';
import type { TestGateway } from '../TestGateway.js';

/**
 * SipListening without sockets, for the control endpoint's tests: it follows the stored setting and the committed
 * plan as the real adapter does, and holds the ports it "listens" on in one registry for every lab, so that two labs
 * asking for one port clash (409 SIP_PORT_IN_USE, naming both labs and the port).
 */
export class FakeSipListening extends SipListening {
  private readonly states = new Map<LabId, SipListeningState>();
  readonly followed: LabId[] = [];

  constructor(
    private readonly stored: StoredSip,
    private readonly committed: CommittedGateway,
    private readonly defaults: SipDefaults,
  ) {
    super();
  }

  /** Binds a fake to the gateway's container (before or after it started: the controller looks it up per request). */
  static bindTo(gateway: TestGateway): FakeSipListening {
    const fake = new FakeSipListening(gateway.get(StoredSip), gateway.get(CommittedGateway), gateway.get(SipDefaults));
    gateway.simulator.container.rebind(SipListening).toConstantValue(fake);
    return fake;
  }

  async follow(lab: LabId): Promise<SipListeningState> {
    this.followed.push(lab);
    const setting = await this.stored.read(lab);
    const plan = await this.committed.plan(lab);
    const listeners: SipListenerView[] = [];
    const farEnds: Record<string, FarEnd> = {};
    if (setting.enabled) {
      for (const node of plan.nodes.values()) {
        farEnds[node.id] = farEndOf(node, setting);
        if (node.sip.udp) {
          const port = node.sip.udpTcpPort + setting.portOffset;
          for (const [other, state] of this.states) {
            if (other !== lab && state.listeners.some((l) => l.port === port)) {
              throw DomainError.conflict('SIP_PORT_IN_USE', `port ${port} of lab '${lab}' is held by lab '${other}'`);
            }
          }
          listeners.push({
            nodeId: node.id,
            nodeName: node.displayName,
            transport: 'UDP',
            host: this.defaults.host,
            port,
            state: 'listening',
          });
        }
      }
    }
    const state = this.stateOf(setting, listeners, farEnds);
    this.states.set(lab, state);
    return state;
  }

  state(lab: LabId): SipListeningState {
    return this.states.get(lab) ?? this.stateOf(defaultSipSetting(false), [], {});
  }

  /** No registrar runs here: nothing is ever blocked (a source or user named is not found, as the real adapter says). */
  lift(lab: LabId, filter: SipBlockFilter): SipBlockView[] {
    const named = filter.source !== undefined ? 'source' : filter.user !== undefined ? 'user' : undefined;
    if (named)
      throw new DomainError('SIP_BLOCK_NOT_FOUND', 'not_found', `no ${named} is blocked in lab '${lab}'`, [
        { field: named, rule: 'blocked', message: `the ${named} is not blocked` },
      ]);
    return [];
  }

  private stateOf(
    setting: SipSetting,
    listeners: SipListenerView[],
    farEnds: Record<string, FarEnd>,
  ): SipListeningState {
    return {
      registeredClients: [],
      optionsReceived: {},
      enabled: setting.enabled,
      host: this.defaults.host,
      advertisedHost: this.defaults.advertisedHost,
      portOffset: setting.portOffset,
      setupTimeoutSeconds: setting.setupTimeoutSeconds,
      supervision: setting.supervision,
      trunks: [],
      listeners,
      farEnds,
      outsidePeers: { ...setting.outsidePeers },
      peers: [],
      refused: { sip: 0, answered: 0, rtp: 0 },
      registrarGuard: { settings: setting.registrarGuard, failedDigests: 0, refusedWhileBlocked: 0, blocks: [] },
    };
  }
}
