import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { ResourceReadings } from '../../application/ResourceReadings.js';
import { RESOURCE_KINDS, type ResourceKind } from '../../domain/ResourceUsage.js';

@injectable()
export class ResourcesController {
  constructor(@inject(ResourceReadings) private readonly readings: ResourceReadings) {}

  async get(request: OperationRequest) {
    const value = request.query.optionalEnum<ResourceKind>('value', RESOURCE_KINDS);
    const usage = this.readings.read(request.lab);
    return value ? { [value]: usage[value] } : usage;
  }
}
