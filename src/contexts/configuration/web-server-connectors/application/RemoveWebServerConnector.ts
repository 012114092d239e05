import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import type { WebServerConnector } from '../domain/WebServerConnector.js';
import { CONNECTOR_SORT } from '../domain/WebServerConnectorMapper.js';
import { ConnectorWrites } from './ConnectorWrites.js';

/**
 * Removes one connector, named by id (either shape; a display name is accepted too). Refused while another
 * object refers to it, and for the last connector serving REST_API. Answers the remaining connectors.
 */
@injectable()
export class RemoveWebServerConnector {
  constructor(@inject(ConnectorWrites) private readonly writes: ConnectorWrites) {}

  execute(lab: LabId, identifier: string): Promise<WebServerConnector[]> {
    return this.writes.change(lab, (before, graph) => {
      const target = resolveObject(graph, identifier, [CONNECTOR_SORT], 'Web server connector');
      return { after: before.filter((c) => c.id !== target.id), fieldOf: () => '' };
    });
  }
}
