import type { LabRevisions } from '../../../../src/shared/application/LabRevisions.js';
import { ConfigurationReader } from '../../../../src/contexts/configuration/graph/application/ConfigurationReader.js';
import { AddRoute } from '../../../../src/contexts/configuration/routing/application/AddRoute.js';
import { AddRoutingDomain } from '../../../../src/contexts/configuration/routing/application/AddRoutingDomain.js';
import { AddRoutingForwardProfile } from '../../../../src/contexts/configuration/routing/application/AddRoutingForwardProfile.js';
import { ListRoutes } from '../../../../src/contexts/configuration/routing/application/ListRoutes.js';
import { ListRoutingDomains } from '../../../../src/contexts/configuration/routing/application/ListRoutingDomains.js';
import { ListRoutingForwardProfiles } from '../../../../src/contexts/configuration/routing/application/ListRoutingForwardProfiles.js';
import { RemoveRoutingDomain } from '../../../../src/contexts/configuration/routing/application/RemoveRoutingDomain.js';
import { SetRoutingDomain } from '../../../../src/contexts/configuration/routing/application/SetRoutingDomain.js';
import { AddDialStringRewriting } from '../../../../src/contexts/configuration/rewriting/application/AddDialStringRewriting.js';
import { ListDialStringRewritings } from '../../../../src/contexts/configuration/rewriting/application/ListDialStringRewritings.js';
import { RemoveDialStringRewriting } from '../../../../src/contexts/configuration/rewriting/application/RemoveDialStringRewriting.js';
import { SetDialStringRewriting } from '../../../../src/contexts/configuration/rewriting/application/SetDialStringRewriting.js';
import type { RouteSpec } from '../../../../src/contexts/configuration/routing/domain/RouteModel.js';
import { ObjectsHarness } from '../support/ObjectsHarness.js';

/** Revisions that never let the reader keep anything: every read sees the store as it is. */
const NEVER_KEPT = { current: async () => undefined, seen: async () => undefined } as unknown as LabRevisions;

/** The routing and rewriting use cases on the in-memory adapters of the objects harness. */
export class RoutingHarness extends ObjectsHarness {
  readonly reader = new ConfigurationReader(NEVER_KEPT, this.unitOfWork, this.repository);
  readonly listDomains = new ListRoutingDomains(this.reader);
  readonly addDomain = new AddRoutingDomain(this.writes, this.ids);
  readonly setDomain = new SetRoutingDomain(this.writes);
  readonly removeDomain = new RemoveRoutingDomain(this.writes);
  readonly listRoutes = new ListRoutes(this.reader);
  readonly addRoute = new AddRoute(this.writes, this.ids);
  readonly listProfiles = new ListRoutingForwardProfiles(this.reader);
  readonly addProfile = new AddRoutingForwardProfile(this.writes, this.ids);
  readonly listRewritings = new ListDialStringRewritings(this.reader);
  readonly addRewriting = new AddDialStringRewriting(this.writes, this.ids);
  readonly setRewriting = new SetDialStringRewriting(this.writes);
  readonly removeRewriting = new RemoveDialStringRewriting(this.writes);
}

/** A route (without id) to one node, matching every destination. */
export function routeTo(node: string, displayName = 'route'): Omit<RouteSpec, 'id'> {
  return {
    displayName,
    enabled: true,
    establishment: { action: 'ACCEPT', routingTargets: [{ destinationNodeId: node, routingForwardProfileId: '' }] },
    filters: [{ sourceNodeIds: [], destinationDialString: { type: 'WILDCARD', wildcardPattern: '*' } }],
  };
}
