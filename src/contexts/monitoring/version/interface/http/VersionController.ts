import { injectable } from 'inversify';
import type { OperationRequest } from '../../../../../app/http/Operation.js';
import { COMPONENTS, DEFAULT_COMPONENTS, PRODUCT_RELEASE, type Component } from '../../domain/ProductVersions.js';

@injectable()
export class VersionController {
  async get(request: OperationRequest) {
    const product = request.query.optionalEnum<Component>('product', COMPONENTS);
    const components = product ? [product] : DEFAULT_COMPONENTS;
    return Object.fromEntries(components.map((component) => [component, PRODUCT_RELEASE[component]]));
  }
}
