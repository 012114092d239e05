import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import type { WebServerConnector } from '../domain/WebServerConnector.js';
import { CONNECTOR_SORT, WebServerConnectorMapper } from '../domain/WebServerConnectorMapper.js';

/** Every web server connector of the lab's working configuration, ordered by display name (from memory). */
@injectable()
export class GetWebServerConnectors {
  constructor(@inject(ConfigurationReader) private readonly reader: ConfigurationReader) {}

  async execute(lab: LabId): Promise<WebServerConnector[]> {
    return (await this.reader.working(lab)).ofSort(CONNECTOR_SORT).map((o) => WebServerConnectorMapper.toEntity(o));
  }
}
