import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { MONITOR_UNAVAILABLE_TEXT, MonitorAvailability } from '../../../history/application/MonitorAvailability.js';
import { COMPONENTS, DEFAULT_COMPONENTS, PRODUCT_RELEASE, type Component } from '../../domain/ProductVersions.js';

/** The usual answer never changes: serialised once (the operation is polled as a health probe). */
const ALL_VERSIONS = Object.fromEntries(DEFAULT_COMPONENTS.map((component) => [component, PRODUCT_RELEASE[component]]));
const ALL = Reply.serializedJson(JSON.stringify(ALL_VERSIONS));

/** Versions of the components; `monitor` reads as a text status while the lab's monitor cannot be reached, as on the real product. */
@injectable()
export class VersionController {
  constructor(@inject(MonitorAvailability) private readonly availability: MonitorAvailability) {}

  async get(request: OperationRequest) {
    const product = request.query.optionalEnum<Component>('product', COMPONENTS);
    const monitorDown = !this.availability.status(request.lab).reachable;
    if (product)
      return { [product]: product === 'monitor' && monitorDown ? MONITOR_UNAVAILABLE_TEXT : PRODUCT_RELEASE[product] };
    return monitorDown ? { ...ALL_VERSIONS, monitor: MONITOR_UNAVAILABLE_TEXT } : ALL;
  }
}
