import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import { DigitalIdentityMapper } from '../domain/DigitalIdentityMapper.js';
import { nodeIdentityPath } from '../domain/NodeIdentityPath.js';
import { nodeCertificates, type NodeCertificateEntry } from './NodeCertificates.js';

/**
 * The certificates and key of a node's digital identity (node id in either shape or display name; 404
 * NODE_NOT_FOUND). A node without an identity, or an identity holding neither, has none: an empty list.
 */
@injectable()
export class GetNodeCertificates {
  constructor(@inject(ConfigurationReader) private readonly reader: ConfigurationReader) {}

  async execute(lab: LabId, node: string): Promise<NodeCertificateEntry[]> {
    const graph = await this.reader.working(lab);
    const path = nodeIdentityPath(graph, resolveObject(graph, node, ['TELSIP_STACK'], 'Node'));
    return nodeCertificates(path.identity && DigitalIdentityMapper.toEntity(path.identity));
  }
}
