import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import type { RoutingDomain } from '../domain/RoutingDomain.js';
import { RoutingDomainMapper } from '../domain/RoutingDomainMapper.js';

/** Every routing domain of the working configuration, by display name (answered from memory). */
@injectable()
export class ListRoutingDomains {
  constructor(@inject(ConfigurationReader) private readonly reader: ConfigurationReader) {}

  async execute(lab: LabId): Promise<RoutingDomain[]> {
    const graph = await this.reader.working(lab);
    return graph.ofSort('TELRT_STACK').map((o) => RoutingDomainMapper.fromObject(o));
  }
}
