import { injectable } from 'inversify';
import type { OperationRequest } from '../../../../../app/http/Operation.js';
import { COMPONENTS, DEFAULT_COMPONENTS, PRODUCT_RELEASE, type Component } from '../../domain/ProductVersions.js';

const ALL = Object.freeze(Object.fromEntries(DEFAULT_COMPONENTS.map((component) => [component, PRODUCT_RELEASE[component]])));

@injectable()
export class VersionController {
  async get(request: OperationRequest) {
    const product = request.query.optionalEnum<Component>('product', COMPONENTS);
    return product ? { [product]: PRODUCT_RELEASE[product] } : ALL;
  }
}
