import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import { detailsOf, resolveConnection, type ConnectionDetails } from './connectionGraph.js';

/** One transport connection (any kind) by id or display name, with its credentials; answered from memory. */
@injectable()
export class GetTransportConnection {
  constructor(@inject(ConfigurationReader) private readonly reader: ConfigurationReader) {}

  async execute(lab: LabId, connection: string): Promise<ConnectionDetails> {
    const graph = await this.reader.working(lab);
    return detailsOf(graph, resolveConnection(graph, connection));
  }
}
