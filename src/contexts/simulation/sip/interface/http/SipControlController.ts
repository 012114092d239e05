import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { SipListeningLookup } from '../../application/SipListeningLookup.js';
import type { SipBlockFilter, SipBlockView, SipListeningState, TrunkView } from '../../application/SipListening.js';
import { StoredSip } from '../../application/StoredSip.js';
import { parseIp } from '../../domain/IpAddress.js';
import { SipControlDto } from './SipControlDto.js';
import type { SipBlockStateView, SipBlocksLiftedView, SipStateView, SipTrunkView } from './SipViews.js';

function blockView(block: SipBlockView): SipBlockStateView {
  return {
    kind: block.kind,
    name: block.name,
    ...(block.nodeId !== undefined ? { nodeId: block.nodeId } : {}),
    ...(block.nodeName !== undefined ? { nodeName: block.nodeName } : {}),
    until: block.until.toISOString(),
    failures: block.failures,
  };
}

/** A trunk's state without its running counts (those are the dashboard's): it changes only when the trunk does. */
function trunkView(trunk: TrunkView): SipTrunkView {
  const { keepAlive, registration } = trunk;
  const last = (status: number | undefined) => (status !== undefined ? { lastStatus: status } : {});
  return {
    nodeId: trunk.nodeId,
    nodeName: trunk.nodeName,
    target: trunk.target,
    farEnd: trunk.farEnd,
    state: trunk.state,
    ...(keepAlive
      ? {
          keepAlive: {
            intervalSeconds: keepAlive.intervalSeconds,
            state: keepAlive.state,
            ...last(keepAlive.lastStatus),
          },
        }
      : {}),
    ...(registration
      ? {
          registration: {
            registrarUri: registration.registrarUri,
            addressOfRecord: registration.addressOfRecord,
            state: registration.state,
            ...last(registration.lastStatus),
          },
        }
      : {}),
  };
}

function view(state: SipListeningState): SipStateView {
  return {
    enabled: state.enabled,
    host: state.host,
    advertisedHost: state.advertisedHost,
    portOffset: state.portOffset,
    listeners: state.listeners.map((l) => ({
      nodeId: l.nodeId,
      nodeName: l.nodeName,
      transport: l.transport,
      host: l.host,
      port: l.port,
      state: l.state,
      ...(l.error !== undefined ? { error: l.error } : {}),
    })),
    farEnds: { ...state.farEnds },
    setupTimeoutSeconds: state.setupTimeoutSeconds,
    outsidePeers: { ...state.outsidePeers },
    supervision: state.supervision,
    trunks: state.trunks.map(trunkView),
    peers: state.peers.map((node) => ({
      nodeId: node.nodeId,
      nodeName: node.nodeName,
      ...(node.sip ? { sip: { name: node.sip.name, peers: [...node.sip.peers] } } : {}),
      ...(node.media ? { media: { name: node.media.name, peers: [...node.media.peers] } } : {}),
      outsidePeers: node.outsidePeers,
      refused: { ...node.refused },
    })),
    refused: { ...state.refused },
    registrarGuard: {
      settings: { ...state.registrarGuard.settings },
      failedDigests: state.registrarGuard.failedDigests,
      refusedWhileBlocked: state.registrarGuard.refusedWhileBlocked,
      blocks: state.registrarGuard.blocks.map(blockView),
    },
  };
}

function invalidQuery(name: string, message: string): DomainError {
  return DomainError.invalid('INVALID_QUERY_PARAMETER', `query parameter '${name}' ${message}`, [
    { field: name, message },
  ]);
}

/**
 * The blocks a lift names: `source` an IP address, `user` a user name (1 to 255 characters, no control character).
 * Any other parameter is refused: a misspelt `source` must not lift every block.
 */
function blockFilter(request: OperationRequest): SipBlockFilter {
  for (const name of request.query.names())
    if (name !== 'source' && name !== 'user') throw invalidQuery(name, 'is not known here (source or user)');
  const source = request.query.optionalString('source');
  const user = request.query.optionalString('user');
  if (source !== undefined && parseIp(source) === undefined)
    throw invalidQuery('source', `must be an IPv4 or IPv6 address, got '${source.slice(0, 64)}'`);
  if (user !== undefined && (user.length === 0 || user.length > 255 || /[\u0000-\u001f\u007f]/.test(user)))
    throw invalidQuery('user', 'must be 1 to 255 characters without control characters');
  return { ...(source !== undefined ? { source } : {}), ...(user !== undefined ? { user } : {}) };
}

/** The simulator's real-SIP switch of a lab (`/_sim/labs/{lab}/sip`) and its registrar blocks (`…/sip/blocks`). */
@injectable()
export class SipControlController {
  constructor(
    @inject(StoredSip) private readonly stored: StoredSip,
    @inject(SipListeningLookup) private readonly listening: SipListeningLookup,
  ) {}

  async get(request: OperationRequest): Promise<SipStateView> {
    return view(this.listening.get().state(request.lab));
  }

  /**
   * Saves the change, then has the listeners follow it; when they cannot (a port another lab holds), the setting
   * is put back as it was (unless another change came in between) and the listeners follow that again, and the
   * refusal is the answer.
   */
  async put(request: OperationRequest): Promise<SipStateView> {
    const dto = validateDto(SipControlDto, request.body);
    const listening = this.listening.get();
    const lab: LabId = request.lab;
    const change = await this.stored.change(lab, {
      ...(dto.enabled !== undefined ? { enabled: dto.enabled } : {}),
      ...(dto.portOffset !== undefined ? { portOffset: dto.portOffset } : {}),
      ...(dto.farEnds !== undefined ? { farEnds: dto.farEnds } : {}),
      ...(dto.setupTimeoutSeconds !== undefined ? { setupTimeoutSeconds: dto.setupTimeoutSeconds } : {}),
      ...(dto.supervision !== undefined ? { supervision: dto.supervision } : {}),
      ...(dto.outsidePeers !== undefined ? { outsidePeers: dto.outsidePeers } : {}),
      ...(dto.registrarGuard !== undefined ? { registrarGuard: { ...dto.registrarGuard } } : {}),
    });
    try {
      return view(await listening.follow(lab));
    } catch (error) {
      // The refusal is the answer; following the setting put back is best effort (the state shows what listens).
      if (await this.stored.restore(lab, change)) await listening.follow(lab).catch(() => undefined);
      throw error;
    }
  }

  /** An administrator lifts registrar blocks: a source's, a user's, or all (neither named). */
  async lift(request: OperationRequest): Promise<SipBlocksLiftedView> {
    const filter = blockFilter(request);
    return { lifted: this.listening.get().lift(request.lab, filter).map(blockView) };
  }
}
