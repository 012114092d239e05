import { inject, injectable, optional } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { canonicalObjectId, CommittedGateway, type PlanNode } from '../../../configuration/index.js';
import { OUTCOMES, type Outcome, type TrafficProfile } from '../domain/TrafficProfile.js';
import { TrafficLabs } from './TrafficLabs.js';

/** The call to place: from which node (id or display name), who calls whom, and what the far end does. */
export interface CallToPlace {
  readonly node: string;
  readonly calling: string;
  readonly called: string;
  /** The far ends' behaviour: this outcome alone; by default the lab's profile's mix. */
  readonly outcome?: Outcome;
}

/** The call as placed: the gateway's session identifier, the node it arrived on, and whether it is in progress. */
export interface PlacedCallReport {
  readonly sessionIdentifier: string;
  readonly node: PlanNode;
  readonly calling: string;
  readonly called: string;
  readonly at: Date;
  /** Whether the call is still in progress once it arrived (false: a gate or the routing refused it at once). */
  readonly inProgress: boolean;
}

/**
 * One call, placed by hand: a simulated caller at a node of the committed configuration dials a number at the
 * lab's time, and the gateway carries it as it carries every call (gates, routing, rewriting, failover, history).
 * The lab's traffic (running or not, its profile) is left as it is; the far ends behave as the lab's profile says,
 * or give the one outcome asked for.
 */
@injectable()
export class PlaceCall {
  constructor(
    @inject(TrafficLabs) private readonly labs: TrafficLabs,
    @inject(CommittedGateway) @optional() private readonly committed: CommittedGateway | undefined,
  ) {}

  async execute(lab: LabId, call: CallToPlace): Promise<PlacedCallReport> {
    if (!this.committed) {
      throw DomainError.unavailable(
        'SIMULATOR_UNAVAILABLE',
        'the committed configuration is not available to the simulator in this build; no call can be placed',
      );
    }
    const plan = await this.committed.plan(lab);
    const id = canonicalObjectId(call.node);
    const node =
      (id !== undefined ? plan.nodes.get(id) : undefined) ??
      [...plan.nodes.values()].find((candidate) => candidate.displayName === call.node);
    if (!node) {
      throw DomainError.invalid(
        'NODE_NOT_COMMITTED',
        `no node of the committed configuration is '${call.node}'; a call can only arrive on a committed node (commit first)`,
        [{ field: 'node', rule: 'committed', message: `node '${call.node}' is not in the committed configuration` }],
      );
    }
    const profile = narrowed(this.labs.state(lab).profile, call.outcome);
    const leg = await this.labs.place(lab, { node, calling: call.calling, called: call.called, profile });
    if (!leg || leg.sessionIdentifier === '') {
      throw DomainError.conflict(
        'CALL_NOT_PLACED',
        `no call can arrive on node '${node.displayName}' now (its network is down under a fault)`,
        [{ field: 'node', rule: 'reachable', message: `node '${node.displayName}' takes no call now` }],
      );
    }
    const state = this.labs.call(lab, leg.sessionIdentifier);
    return {
      sessionIdentifier: leg.sessionIdentifier,
      node,
      calling: call.calling,
      called: call.called,
      at: state.at,
      inProgress: state.call !== undefined,
    };
  }
}

/** The profile with its outcome mix reduced to one outcome (unchanged when none is asked for). */
function narrowed(profile: TrafficProfile, outcome: Outcome | undefined): TrafficProfile {
  if (outcome === undefined) return profile;
  const outcomes = Object.fromEntries(OUTCOMES.map((name) => [name, name === outcome ? 1 : 0])) as Record<
    Outcome,
    number
  >;
  return { ...profile, outcomes };
}
