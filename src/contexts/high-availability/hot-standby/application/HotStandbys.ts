import { inject, injectable } from 'inversify';
import {
  ConfigurationReader,
  ConfigurationRepository,
  resolveObject,
  type GraphView,
} from '../../../configuration/index.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { HotStandby } from '../domain/HotStandby.js';
import { HOT_STANDBY_SORT, HotStandbyMapper } from '../domain/HotStandbyMapper.js';

/** The hot standby object `text` names (id in either shape, or display name) in `graph`; 404 HOT_STANDBY_NOT_FOUND. */
export function hotStandbyIn(graph: GraphView, text: string): HotStandby {
  const server = resolveObject(graph, text, [HOT_STANDBY_SORT], 'hot standby');
  return entityOf(graph, server.id);
}

export function entityOf(graph: GraphView, id: string): HotStandby {
  const server = graph.get(id)!;
  const clientId = server.referencesIn('ipcClientId')[0];
  return HotStandbyMapper.toEntity(server, clientId === undefined ? undefined : graph.get(clientId));
}

/** Reads of the hot standby objects: the working graph from memory, and whether one is committed. */
@injectable()
export class HotStandbys {
  constructor(
    @inject(ConfigurationReader) private readonly reader: ConfigurationReader,
    @inject(ConfigurationRepository) private readonly repository: ConfigurationRepository,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async all(lab: LabId): Promise<HotStandby[]> {
    const graph = await this.reader.working(lab);
    return graph.ofSort(HOT_STANDBY_SORT).map((o) => entityOf(graph, o.id));
  }

  async find(lab: LabId, text: string): Promise<HotStandby> {
    return hotStandbyIn(await this.reader.working(lab), text);
  }

  /** Whether the committed configuration holds the hot standby object (inside the caller's unit, or a read unit). */
  committed(lab: LabId, id: string): Promise<boolean> {
    return this.unitOfWork.read(async () => (await this.repository.find(lab, id, 'committed')) !== undefined);
  }
}
