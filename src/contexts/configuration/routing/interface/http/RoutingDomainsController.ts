import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { AddRoute } from '../../application/AddRoute.js';
import { AddRoutingDomain } from '../../application/AddRoutingDomain.js';
import { ListRoutes } from '../../application/ListRoutes.js';
import { ListRoutingDomains } from '../../application/ListRoutingDomains.js';
import { RemoveRoutingDomain } from '../../application/RemoveRoutingDomain.js';
import { SetRoutingDomain } from '../../application/SetRoutingDomain.js';
import { ROUTE_MODES, type RouteMode } from '../../domain/RouteModel.js';
import { RouteDto, routeSpecFrom } from './RouteDtos.js';
import { routeView, type RouteView } from './RouteView.js';
import { AddRoutingDomainDto } from './AddRoutingDomainDto.js';
import { RoutingDomainView } from './RoutingDomainView.js';

/** The routing domain operations: get, add, set, remove, routes/get, routes/add. */
@injectable()
export class RoutingDomainsController {
  constructor(
    @inject(ListRoutingDomains) private readonly listDomains: ListRoutingDomains,
    @inject(AddRoutingDomain) private readonly addDomain: AddRoutingDomain,
    @inject(SetRoutingDomain) private readonly setDomain: SetRoutingDomain,
    @inject(RemoveRoutingDomain) private readonly removeDomain: RemoveRoutingDomain,
    @inject(ListRoutes) private readonly listRoutes: ListRoutes,
    @inject(AddRoute) private readonly addRoute: AddRoute,
  ) {}

  async get(request: OperationRequest): Promise<RoutingDomainView[]> {
    return (await this.listDomains.execute(request.lab)).map((d) => RoutingDomainView.of(d));
  }

  async add(request: OperationRequest): Promise<RoutingDomainView> {
    const dto = validateDto(AddRoutingDomainDto, request.body);
    if (dto.displayName == null) {
      throw DomainError.invalid('VALIDATION_FAILED', 'displayName is required', [
        { field: 'displayName', rule: 'required', message: 'displayName is required' },
      ]);
    }
    const domain = await this.addDomain.execute(request.lab, {
      displayName: dto.displayName,
      sourceNodes: dto.sourceNodes ?? [],
    });
    return RoutingDomainView.of(domain);
  }

  async set(request: OperationRequest): Promise<RoutingDomainView> {
    const named = request.query.string('routingDomain');
    const dto = validateDto(AddRoutingDomainDto, request.body);
    const domain = await this.setDomain.execute(request.lab, named, {
      ...(dto.displayName != null ? { displayName: dto.displayName } : {}),
      sourceNodes: dto.sourceNodes ?? [],
    });
    return RoutingDomainView.of(domain);
  }

  async remove(request: OperationRequest): Promise<Reply> {
    await this.removeDomain.execute(request.lab, request.query.string('routingDomain'));
    return Reply.empty();
  }

  async routes(request: OperationRequest): Promise<RouteView[]> {
    const routes = await this.listRoutes.execute(request.lab, request.query.string('routingDomain'), mode(request));
    return routes.map(routeView);
  }

  async addRouteTo(request: OperationRequest): Promise<RouteView> {
    const named = request.query.string('routingDomain');
    const routeMode = mode(request);
    const dto = validateDto(RouteDto, request.body, 'the route');
    return routeView(await this.addRoute.execute(request.lab, named, routeMode, routeSpecFrom(dto)));
  }
}

/** The `mode` query parameter: establishment (the default) or pathReplacement. */
function mode(request: OperationRequest): RouteMode {
  return request.query.optionalEnum('mode', ROUTE_MODES) ?? 'establishment';
}
