import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigObject, type ParameterValue } from '../../graph/domain/ConfigObject.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { Route } from './Route.js';
import { RoutingDomain } from './RoutingDomain.js';

type Records = readonly { readonly [key: string]: ParameterValue }[];

/** The one mapping between a RoutingDomain and its TELRT_STACK object of the graph. */
export const RoutingDomainMapper = {
  fromObject(object: ConfigObject): RoutingDomain {
    const routes = (object.parameters['routes'] ?? []) as Records;
    const pathReplacementRoutes = (object.parameters['pathReplacementRoutes'] ?? []) as Records;
    return new RoutingDomain({
      id: object.id,
      displayName: object.displayName,
      sourceNodeIds: object.referencesIn('sourceNodeIds'),
      routes: routes.map((r) => Route.fromRecord(r)),
      pathReplacementRoutes: pathReplacementRoutes.map((r) => Route.fromRecord(r)),
    });
  },

  /**
   * The domain as a TELRT_STACK object: `current` (the stored object, or undefined for a new one) with the
   * domain's name, routes and source nodes; other parameters, common members, note and metadata are kept, the
   * derived slots recomputed from the routes.
   */
  toObject(lab: LabId, domain: RoutingDomain, current: ConfigObject | undefined): ConfigObject {
    const { parameters, references } = ObjectRules.complete(
      'TELRT_STACK',
      current?.snapshot(),
      {
        routes: domain.routes.map((r) => r.toRecord()),
        pathReplacementRoutes: domain.pathReplacementRoutes.map((r) => r.toRecord()),
      },
      { sourceNodeIds: domain.sourceNodeIds },
    );
    const base =
      current ?? ConfigObject.create(lab, { id: domain.id, sort: 'TELRT_STACK', displayName: domain.displayName });
    return new ConfigObject(lab, { ...base.snapshot(), displayName: domain.displayName, parameters, references });
  },
};
