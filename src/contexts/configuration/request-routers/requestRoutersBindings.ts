import type { ContainerModuleLoadOptions } from 'inversify';
import { AddRequestRouter } from './application/AddRequestRouter.js';
import { ListRequestRouters } from './application/ListRequestRouters.js';
import { RemoveRequestRouter } from './application/RemoveRequestRouter.js';
import { SetRequestRouter } from './application/SetRequestRouter.js';
import { RequestRouterController } from './interface/http/RequestRouterController.js';

/** The request-router view's use cases and controller. */
export function bindRequestRouters(bind: ContainerModuleLoadOptions['bind']): void {
  bind(ListRequestRouters).toSelf().inSingletonScope();
  bind(AddRequestRouter).toSelf().inSingletonScope();
  bind(SetRequestRouter).toSelf().inSingletonScope();
  bind(RemoveRequestRouter).toSelf().inSingletonScope();
  bind(RequestRouterController).toSelf().inSingletonScope();
}
