import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import type { RoutingForwardProfile } from '../domain/RoutingForwardProfile.js';
import { RoutingForwardProfileMapper } from '../domain/RoutingForwardProfileMapper.js';

/** Every routing forward profile with its forwarding stack and media forwarder, by display name (from memory). */
@injectable()
export class ListRoutingForwardProfiles {
  constructor(@inject(ConfigurationReader) private readonly reader: ConfigurationReader) {}

  async execute(lab: LabId): Promise<RoutingForwardProfile[]> {
    const graph = await this.reader.working(lab);
    return graph.ofSort('TELRT_FORWARDER_DOMAIN').map((o) => RoutingForwardProfileMapper.fromObjects(o, graph));
  }
}
