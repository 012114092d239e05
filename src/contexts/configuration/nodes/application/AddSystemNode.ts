import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ProfileCatalog } from '../../profiles/domain/ProfileCatalog.js';
import { buildSystemNode } from '../domain/buildSystemNode.js';
import type { SystemNodeRequest, WizardResult } from '../domain/NodeWizard.js';
import { NodeWizards } from './NodeWizards.js';

/** nodes/addSystem: a PBX or collaboration-platform node and its sub-graph from a system profile. */
@injectable()
export class AddSystemNode {
  constructor(@inject(NodeWizards) private readonly wizards: NodeWizards) {}

  execute(lab: LabId, profileText: string, request: SystemNodeRequest): Promise<WizardResult> {
    const profile = ProfileCatalog.systemProfile(profileText);
    return this.wizards.run(lab, profile.id, (plan) => buildSystemNode(plan, profile, request));
  }
}
