import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import type { RequestRouter } from '../domain/RequestRouter.js';
import { RequestRouterMapper, ROUTER_SORT } from '../domain/RequestRouterMapper.js';
import { resolveRouter } from './routerGraph.js';

/** Every request router (by display name), or the one named (id or display name); answered from memory. */
@injectable()
export class ListRequestRouters {
  constructor(@inject(ConfigurationReader) private readonly reader: ConfigurationReader) {}

  async execute(lab: LabId, router?: string): Promise<RequestRouter[]> {
    const graph = await this.reader.working(lab);
    const objects = router === undefined ? graph.ofSort(ROUTER_SORT) : [resolveRouter(graph, router)];
    return objects.map((object) => RequestRouterMapper.fromObject(object));
  }
}
