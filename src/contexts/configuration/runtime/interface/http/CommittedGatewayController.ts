import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import type { DialStringMatcher, RoutingTarget } from '../../../routing/domain/RouteModel.js';
import { CommittedGateway } from '../../application/CommittedGateway.js';
import type { SipEndpoint } from '../../domain/GatewayPlan.js';
import type { CommittedGatewayView, SipEndpointView } from './CommittedGatewayViews.js';

function endpoint(value: SipEndpoint): SipEndpointView {
  return { host: value.host, port: value.port, transport: value.transport, address: value.address };
}

/** A dial string matcher in a few words; undefined when it matches anything (no matcher). */
export function describeMatcher(matcher: DialStringMatcher | undefined): string | undefined {
  if (!matcher) return undefined;
  switch (matcher.type) {
    case 'NEVER':
      return 'never';
    case 'WILDCARD':
      return matcher.wildcardPattern ?? '*';
    case 'PLAIN':
      return `${matcher.plain?.prefix ?? ''}…${matcher.plain?.suffix ?? ''}`;
    case 'DIRECTORY':
      return `directory of ${matcher.directory?.length ?? 0} numbers`;
    case 'EXTENSION_RANGE':
      return `extensions ${matcher.extensionRange?.firstExtension ?? ''}–${matcher.extensionRange?.lastExtension ?? ''}`;
  }
}

function failoverOn(target: RoutingTarget): string | undefined {
  const match = target.failoverStatusMatch;
  if (!match) return undefined;
  const parts = [match.sipStatusCodes ? `SIP ${match.sipStatusCodes}` : '', match.telStatusList.join(', ')].filter(
    (part) => part !== '',
  );
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** The committed configuration as the simulator carries calls on it (`/_sim/labs/{lab}/gateway`). */
@injectable()
export class CommittedGatewayController {
  constructor(@inject(CommittedGateway) private readonly committed: CommittedGateway) {}

  async get(request: OperationRequest): Promise<CommittedGatewayView> {
    const plan = await this.committed.plan(request.lab);
    const sources = new Set(plan.sourceNodes.map((node) => node.id));
    return {
      generation: plan.generation,
      compiledAt: plan.compiledAt.toISOString(),
      nodes: [...plan.nodes.values()]
        .sort((a, b) => a.displayName.localeCompare(b.displayName))
        .map((node) => ({
          id: node.id,
          displayName: node.displayName,
          sort: node.sort,
          enabled: node.enabled,
          source: sources.has(node.id),
          local: endpoint(node.local),
          ...(node.remote ? { remote: endpoint(node.remote) } : {}),
        })),
      routingDomains: plan.routingDomains.map((domain) => ({
        id: domain.id,
        displayName: domain.displayName,
        sourceNodeIds: [...domain.sourceNodeIds],
        routes: domain.routes.map((route) => ({
          id: route.id,
          displayName: route.displayName,
          enabled: route.enabled,
          action: route.establishment.action,
          filters: route.filters.map((filter) => {
            const destination = describeMatcher(filter.destinationDialString);
            const source = describeMatcher(filter.sourceDialString);
            return {
              sourceNodeIds: [...filter.sourceNodeIds],
              ...(destination ? { destination } : {}),
              ...(source ? { source } : {}),
            };
          }),
          targets: route.establishment.routingTargets.map((target) => {
            const on = failoverOn(target);
            return { destinationNodeId: target.destinationNodeId, ...(on ? { failoverOn: on } : {}) };
          }),
        })),
      })),
      problems: plan.problems.map((problem) => ({ objectId: problem.objectId, message: problem.message })),
    };
  }
}
