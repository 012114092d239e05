import type { ContainerModuleLoadOptions } from 'inversify';
import { AddRoute } from './application/AddRoute.js';
import { AddRoutingDomain } from './application/AddRoutingDomain.js';
import { AddRoutingForwardProfile } from './application/AddRoutingForwardProfile.js';
import { ListRoutes } from './application/ListRoutes.js';
import { ListRoutingDomains } from './application/ListRoutingDomains.js';
import { ListRoutingForwardProfiles } from './application/ListRoutingForwardProfiles.js';
import { RemoveRoutingDomain } from './application/RemoveRoutingDomain.js';
import { SetRoutingDomain } from './application/SetRoutingDomain.js';
import { RoutingDomainsController } from './interface/http/RoutingDomainsController.js';
import { RoutingForwardProfilesController } from './interface/http/RoutingForwardProfilesController.js';

/** The routing view's use cases and controllers (routing domains, routes, routing forward profiles). */
export function bindRouting(bind: ContainerModuleLoadOptions['bind']): void {
  bind(ListRoutingDomains).toSelf().inSingletonScope();
  bind(AddRoutingDomain).toSelf().inSingletonScope();
  bind(SetRoutingDomain).toSelf().inSingletonScope();
  bind(RemoveRoutingDomain).toSelf().inSingletonScope();
  bind(ListRoutes).toSelf().inSingletonScope();
  bind(AddRoute).toSelf().inSingletonScope();
  bind(ListRoutingForwardProfiles).toSelf().inSingletonScope();
  bind(AddRoutingForwardProfile).toSelf().inSingletonScope();
  bind(RoutingDomainsController).toSelf().inSingletonScope();
  bind(RoutingForwardProfilesController).toSelf().inSingletonScope();
}
