import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { ReadResourceUsage } from '../../application/ReadResourceUsage.js';
import { RESOURCE_KINDS, type ResourceKind } from '../../domain/ResourceUsage.js';

@injectable()
export class ResourcesController {
  constructor(@inject(ReadResourceUsage) private readonly read: ReadResourceUsage) {}

  async get(request: OperationRequest) {
    const value = request.query.optionalEnum<ResourceKind>('value', RESOURCE_KINDS);
    const usage = this.read.execute(request.lab);
    return value ? { [value]: usage[value] } : usage;
  }
}
