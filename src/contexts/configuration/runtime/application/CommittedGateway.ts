import type { LabId } from '../../../../shared/domain/LabId.js';
import type { GatewayPlan } from '../domain/GatewayPlan.js';

/**
 * The committed configuration as the simulator reads it: a compiled plan per lab held in memory, replaced when
 * the lab's configuration is committed or imported. `plan` loads a lab's committed revision once, then answers
 * from memory; a listener hears every replacement.
 */
export abstract class CommittedGateway {
  abstract plan(lab: LabId): Promise<GatewayPlan>;
  /** Called with each newly compiled plan; returns an unsubscribe function. */
  abstract onChange(listener: (plan: GatewayPlan) => void): () => void;

  /** The lab's committed revision was replaced other than by a commit (a snapshot restored): compile it again. */
  async refresh(_lab: LabId): Promise<void> {
    // a plan that is never compiled from the store has nothing to refresh
  }
}
