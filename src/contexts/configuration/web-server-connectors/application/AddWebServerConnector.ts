import { inject, injectable } from 'inversify';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WebServerConnector, type WebServerConnectorChanges } from '../domain/WebServerConnector.js';
import { ConnectorWrites } from './ConnectorWrites.js';

/** Creates one connector (a new HTTP_SERVER object with a new id); answers every connector, the new one included. */
@injectable()
export class AddWebServerConnector {
  constructor(
    @inject(ConnectorWrites) private readonly writes: ConnectorWrites,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, values: WebServerConnectorChanges): Promise<{ added: string; connectors: WebServerConnector[] }> {
    const id = this.ids.uuid();
    return this.writes
      .change(lab, (before) => ({ after: [...before, WebServerConnector.create(id, values)], fieldOf: () => '' }))
      .then((connectors) => ({ added: id, connectors }));
  }
}
