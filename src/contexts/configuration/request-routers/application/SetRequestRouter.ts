import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import type { PortRange, RequestRouter, RequestRouterState, SideOptions } from '../domain/RequestRouter.js';
import { RequestRouterMapper } from '../domain/RequestRouterMapper.js';
import { checkAgainstCatalog, checkNameFree, checkReferences, resolveRouter } from './routerGraph.js';

/** What a set request changes; everything left out keeps its value. `null` clears an optional reference. */
export interface RequestRouterChange {
  /** When sent, the router's own id (a copy of a read router carries it). */
  readonly id?: string;
  readonly displayName?: string;
  readonly forwardingMode?: RequestRouterState['forwardingMode'];
  readonly useLocalNode?: boolean;
  readonly routingTargets?: readonly string[];
  readonly incomingEdgeSipTransportId?: string | null;
  readonly outgoingEdgeSipTransportId?: string | null;
  readonly routeConnectionIds?: readonly string[];
  readonly operationalStateConditionId?: string | null;
  readonly udpPortRange?: Partial<PortRange>;
  readonly primarySideOptions?: Partial<SideOptions>;
  readonly secondarySideOptions?: Partial<SideOptions>;
}

function optional(value: string | null | undefined, current: string | undefined): string | undefined {
  if (value === undefined) return current;
  return value === null || value === '' ? undefined : value;
}

/**
 * Changes a request router: name, forwarding mode, routing targets, edges, routes, condition, UDP range and
 * side options. Refused with nothing stored on an invalid value, a missing or wrong-sort reference or a
 * taken name; a change that changes nothing stores nothing. Answers the router as stored.
 */
@injectable()
export class SetRequestRouter {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  execute(lab: LabId, routerText: string, change: RequestRouterChange): Promise<RequestRouter> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const object = resolveRouter(graph, routerText);
      if (change.id !== undefined && change.id !== object.id) {
        throw DomainError.invalid(
          'REQUEST_ROUTER_ID_MISMATCH',
          `the body's id ${change.id.slice(0, 40)} is not the id of request router '${object.displayName}' (${object.id}); ids never change`,
          [{ field: 'id', rule: 'matches', message: "id must be the router's own id or left out" }],
        );
      }
      const router = RequestRouterMapper.fromObject(object);
      const s = router.snapshot();
      router.change({
        displayName: change.displayName ?? s.displayName,
        forwardingMode: change.forwardingMode ?? s.forwardingMode,
        useLocalNode: change.useLocalNode ?? s.useLocalNode,
        routingTargets: change.routingTargets ?? s.routingTargets,
        incomingEdgeSipTransportId: optional(change.incomingEdgeSipTransportId, s.incomingEdgeSipTransportId),
        outgoingEdgeSipTransportId: optional(change.outgoingEdgeSipTransportId, s.outgoingEdgeSipTransportId),
        routeConnectionIds: change.routeConnectionIds ?? s.routeConnectionIds,
        operationalStateConditionId: optional(change.operationalStateConditionId, s.operationalStateConditionId),
        udpPortRange: { ...s.udpPortRange, ...(change.udpPortRange ?? {}) },
        primarySideOptions: { ...s.primarySideOptions, ...(change.primarySideOptions ?? {}) },
        secondarySideOptions: { ...s.secondarySideOptions, ...(change.secondarySideOptions ?? {}) },
      });
      checkReferences(graph, router);
      checkNameFree(graph, router.displayName, router.id);
      const changed = RequestRouterMapper.toObject(lab, router, object);
      checkAgainstCatalog(graph, changed);
      if (JSON.stringify(changed.snapshot()) === JSON.stringify(object.snapshot()))
        return RequestRouterMapper.fromObject(object);
      await this.working.beforeChange(lab);
      await this.working.save(changed);
      return router;
    });
  }
}
