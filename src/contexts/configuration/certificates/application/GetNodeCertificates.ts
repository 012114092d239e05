import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import { DigitalIdentityMapper } from '../domain/DigitalIdentityMapper.js';
import { nodeIdentityPath } from '../domain/NodeIdentityPath.js';
import { nodeCertificates, type NodeCertificate } from './NodeCertificates.js';

/**
 * The certificates of a node's digital identity (node id in either shape or display name; 404 NODE_NOT_FOUND).
 * A node without an identity, or an identity without a certificate, has none: an empty list.
 */
@injectable()
export class GetNodeCertificates {
  constructor(
    @inject(ConfigurationReader) private readonly reader: ConfigurationReader,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(lab: LabId, node: string): Promise<NodeCertificate[]> {
    const graph = await this.reader.working(lab);
    const path = nodeIdentityPath(graph, resolveObject(graph, node, ['TELSIP_STACK'], 'Node'));
    return nodeCertificates(path.identity && DigitalIdentityMapper.toEntity(path.identity), this.clock.now());
  }
}
