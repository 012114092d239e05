import type { ContainerModuleLoadOptions } from 'inversify';
import { AddDialStringRewriting } from './application/AddDialStringRewriting.js';
import { ListDialStringRewritings } from './application/ListDialStringRewritings.js';
import { RemoveDialStringRewriting } from './application/RemoveDialStringRewriting.js';
import { SetDialStringRewriting } from './application/SetDialStringRewriting.js';
import { DialStringRewritingController } from './interface/http/DialStringRewritingController.js';

/** The dial string rewriting view's use cases and controller. */
export function bindRewriting(bind: ContainerModuleLoadOptions['bind']): void {
  bind(ListDialStringRewritings).toSelf().inSingletonScope();
  bind(AddDialStringRewriting).toSelf().inSingletonScope();
  bind(SetDialStringRewriting).toSelf().inSingletonScope();
  bind(RemoveDialStringRewriting).toSelf().inSingletonScope();
  bind(DialStringRewritingController).toSelf().inSingletonScope();
}
