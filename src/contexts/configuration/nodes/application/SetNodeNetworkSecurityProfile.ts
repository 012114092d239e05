import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';
import type { Node } from '../domain/Node.js';
import { NodeAccess } from './NodeAccess.js';

/** nodes/networkSecurityProfileName/set: the network security profile (INS_STACK, by id or name) of the node's SIP transport. */
@injectable()
export class SetNodeNetworkSecurityProfile {
  constructor(@inject(NodeAccess) private readonly nodes: NodeAccess) {}

  execute(lab: LabId, nodeText: string, profileText: string): Promise<Node> {
    const text = profileText.trim();
    if (text === '') {
      throw DomainError.invalid(
        'VALIDATION_FAILED',
        'the raw body must be the id or display name of a network security profile (INS_STACK)',
        [
          {
            field: 'networkSecurityProfile',
            rule: 'required',
            message: 'the body must name a network security profile',
          },
        ],
      );
    }
    return this.nodes.change(lab, nodeText, (node, graph) => {
      const id = canonicalObjectId(text);
      const byId = id === undefined ? undefined : graph.get(id);
      const profile = byId?.sort === 'INS_STACK' ? byId : graph.byDisplayName('INS_STACK', text);
      if (!profile) {
        throw new DomainError(
          'NETWORK_SECURITY_PROFILE_NOT_FOUND',
          'not_found',
          `there is no network security profile '${text.slice(0, 80)}'; objects/sorts?sort=INS_STACK lists them`,
          [
            {
              field: 'networkSecurityProfile',
              rule: 'exists',
              message: 'the body must be the id or display name of an INS_STACK object',
            },
          ],
        );
      }
      node.setNetworkSecurityProfile(profile.id);
    });
  }
}
