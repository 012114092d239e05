import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ProfileCatalog } from '../../profiles/domain/ProfileCatalog.js';
import { buildProviderNode } from '../domain/buildProviderNode.js';
import type { ProviderNodeRequest, WizardResult } from '../domain/NodeWizard.js';
import { NodeWizards } from './NodeWizards.js';

/** nodes/addProvider: a SIP trunk node and its sub-graph from a provider profile and region. */
@injectable()
export class AddProviderNode {
  constructor(@inject(NodeWizards) private readonly wizards: NodeWizards) {}

  execute(lab: LabId, profileText: string, request: ProviderNodeRequest): Promise<WizardResult> {
    const profile = ProfileCatalog.providerProfile(profileText);
    return this.wizards.run(lab, profile.id, (plan) => buildProviderNode(plan, profile, request));
  }
}
