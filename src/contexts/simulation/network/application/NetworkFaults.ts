import { injectable } from 'inversify';
import { GatewayFaultSwitch, type HeldGatewayFault } from '../../../../shared/application/GatewayFaultSwitch.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { NO_IMPAIRMENTS, NodeImpairments, type MediaImpairment } from '../domain/NodeImpairments.js';

/**
 * The network around a lab's gateway as the gateway faults nodeDown, trunkDown and packetLoss leave it: which
 * nodes do not answer, which trunks refuse, which nodes' media is impaired. Several rules at once are each
 * applied (two nodes down; two packetLoss rules on one node: the worse loss and jitter); ending one leaves the
 * others. The session transport's decorator reads it (ImpairedTransport, made for every lab by LabTransports); the
 * trunks of simulated far ends hear each change as it happens (`onChange`, in the lab's scope: its clock's instant).
 */
@injectable()
export class NetworkFaults extends GatewayFaultSwitch {
  readonly kinds = ['nodeDown', 'trunkDown', 'packetLoss'] as const;
  private readonly labs = new Map<LabId, NodeImpairments>();
  private readonly listeners = new Set<(lab: LabId) => void>();
  private version = 0;

  of(lab: LabId): NodeImpairments {
    return this.labs.get(lab) ?? NO_IMPAIRMENTS;
  }

  /** Hears each change of a lab's impairments, once it is in place; returns an unsubscribe function. */
  onChange(listener: (lab: LabId) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  hold(lab: LabId, faults: readonly HeldGatewayFault[]): void {
    this.impair(lab, faults);
    for (const listener of this.listeners) listener(lab);
  }

  private impair(lab: LabId, faults: readonly HeldGatewayFault[]): void {
    const node = (fault: HeldGatewayFault) => String(fault.parameters['node']);
    const media = new Map<string, MediaImpairment>();
    for (const fault of faults.filter((f) => f.kind === 'packetLoss')) {
      const given = fault.parameters['jitterMs'];
      const impairment: MediaImpairment = {
        lossPercent: Number(fault.parameters['lossPercent']),
        jitterMs: given === undefined ? undefined : Number(given),
      };
      const before = media.get(node(fault));
      media.set(node(fault), before ? worse(before, impairment) : impairment);
    }
    this.version += 1;
    if (faults.length === 0) {
      this.labs.delete(lab);
      return;
    }
    this.labs.set(
      lab,
      new NodeImpairments(
        this.version,
        new Set(faults.filter((f) => f.kind === 'nodeDown').map(node)),
        new Set(faults.filter((f) => f.kind === 'trunkDown').map(node)),
        media,
      ),
    );
  }
}

function worse(a: MediaImpairment, b: MediaImpairment): MediaImpairment {
  const jitters = [a.jitterMs, b.jitterMs].filter((j): j is number => j !== undefined);
  return {
    lossPercent: Math.max(a.lossPercent, b.lossPercent),
    jitterMs: jitters.length > 0 ? Math.max(...jitters) : undefined,
  };
}
