import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { SIP_PHONE_REGISTRAR_PROFILE } from '../../profiles/domain/registrarProfile.js';
import { buildSipPhoneRegistrarNode } from '../domain/buildSipPhoneRegistrarNode.js';
import type { SipPhoneRegistrarRequest, WizardResult } from '../domain/NodeWizard.js';
import { NodeWizards } from './NodeWizards.js';

/** nodes/addSipPhoneRegistrar: a node whose registrar accepts SIP phones. */
@injectable()
export class AddSipPhoneRegistrarNode {
  constructor(@inject(NodeWizards) private readonly wizards: NodeWizards) {}

  execute(lab: LabId, request: SipPhoneRegistrarRequest): Promise<WizardResult> {
    return this.wizards.run(lab, SIP_PHONE_REGISTRAR_PROFILE.id, (plan) =>
      buildSipPhoneRegistrarNode(plan, SIP_PHONE_REGISTRAR_PROFILE, request),
    );
  }
}
