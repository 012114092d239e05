import { injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { COMPONENTS, DEFAULT_COMPONENTS, PRODUCT_RELEASE, type Component } from '../../domain/ProductVersions.js';

/** The usual answer never changes: serialised once (the operation is polled as a health probe). */
const ALL = Reply.serializedJson(JSON.stringify(Object.fromEntries(DEFAULT_COMPONENTS.map((component) => [component, PRODUCT_RELEASE[component]]))));

@injectable()
export class VersionController {
  async get(request: OperationRequest) {
    const product = request.query.optionalEnum<Component>('product', COMPONENTS);
    return product ? { [product]: PRODUCT_RELEASE[product] } : ALL;
  }
}
