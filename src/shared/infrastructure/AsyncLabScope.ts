import { AsyncLocalStorage } from 'node:async_hooks';
import { injectable } from 'inversify';
import type { LabId } from '../domain/LabId.js';
import { LabScope } from '../application/LabScope.js';

/** LabScope on Node's AsyncLocalStorage: the lab follows the work across every await. */
@injectable()
export class AsyncLabScope extends LabScope {
  private readonly storage = new AsyncLocalStorage<LabId>();

  current(): LabId | undefined {
    return this.storage.getStore();
  }

  run<T>(lab: LabId, work: () => T): T {
    return this.storage.run(lab, work);
  }
}
