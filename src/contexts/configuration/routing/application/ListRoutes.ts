import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import type { Route } from '../domain/Route.js';
import type { RouteMode } from '../domain/RouteModel.js';
import { RoutingDomainMapper } from '../domain/RoutingDomainMapper.js';

/** The routes of one routing domain (id or display name) in one mode, in order (answered from memory). */
@injectable()
export class ListRoutes {
  constructor(@inject(ConfigurationReader) private readonly reader: ConfigurationReader) {}

  async execute(lab: LabId, routingDomain: string, mode: RouteMode): Promise<readonly Route[]> {
    const graph = await this.reader.working(lab);
    return RoutingDomainMapper.fromObject(
      resolveObject(graph, routingDomain, ['TELRT_STACK'], 'Routing domain'),
    ).routesOf(mode);
  }
}
