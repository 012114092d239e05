import { inject, injectable } from 'inversify';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import { Route } from '../domain/Route.js';
import type { RouteMode, RouteSpec } from '../domain/RouteModel.js';
import { RoutingDomainMapper } from '../domain/RoutingDomainMapper.js';
import { resolveRouteReferences } from '../domain/RoutingReferences.js';
import { refuseInvalid } from '../../graph/application/viewWrites.js';

/**
 * Appends a route to a routing domain's establishment or path-replacement routes and answers it with the id the
 * service assigned; routes of the domain stored without an id (through objects/set) get one too. The route must be valid (400 naming the field) and
 * every node and forward profile it names must exist (404 naming the field); nothing changes otherwise.
 */
@injectable()
export class AddRoute {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, routingDomain: string, mode: RouteMode, spec: Omit<RouteSpec, 'id'>): Promise<Route> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const current = resolveObject(graph, routingDomain, ['TELRT_STACK'], 'Routing domain');
      Route.of({ ...spec, id: '' });
      const route = Route.of({ ...resolveRouteReferences(graph, { ...spec, id: '' }), id: this.ids.uuid() });
      const domain = RoutingDomainMapper.fromObject(current);
      domain.assignMissingRouteIds(() => this.ids.uuid());
      domain.addRoute(mode, route);
      const object = RoutingDomainMapper.toObject(lab, domain, current);
      refuseInvalid([object], graph);
      await this.working.beforeChange(lab);
      await this.working.save(object);
      return route;
    });
  }
}
