import { DomainError } from '../../../../shared/domain/DomainError.js';
import { DIRECTORY_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { SipPhoneRegistrarProfile } from '../../profiles/domain/NodeProfile.js';
import { checkWizardRequest } from './checkWizardRequest.js';
import { given } from './given.js';
import type { SipPhoneRegistrarRequest, WizardResult } from './NodeWizard.js';
import type { WizardPlan } from './WizardPlan.js';
import { WizardSteps, type SipStackOptions } from './WizardSteps.js';

/** addSipPhoneRegistrar: a node (role SIP_PHONE_REGISTRAR) whose registrar accepts SIP phones' registrations. */
export function buildSipPhoneRegistrarNode(
  plan: WizardPlan,
  profile: SipPhoneRegistrarProfile,
  request: SipPhoneRegistrarRequest,
): WizardResult {
  checkWizardRequest(request);
  const steps = new WizardSteps(plan);
  const name = request.displayName.trim();
  steps.nodeNameFree(name);
  const directory = registrarDirectory(steps, request.sipPhoneRegistrarDirectoryId);
  const sipDomain = given(request.sipDomain, profile.sipDomain);
  const userAgent = steps.sipStack(registrarStack(steps, profile, request, name, sipDomain));
  const registrar = plan.add(
    'TELSIPREG_REGISTRAR',
    `${name} SIP registrar`,
    {
      sipDomain,
      acceptPolicy: directory ? 'DIRECTORY' : 'ALWAYS',
      authenticationRequired: true,
    },
    { directoryId: directory ? [directory.id] : [], sipTransportId: [userAgent.references['sipTransportId']![0]!] },
  );
  const node = plan.add(
    'TELSIP_STACK',
    name,
    { enabled: true, nodeRole: 'SIP_PHONE_REGISTRAR', sipInterconnection: 'SUBSCRIBER' },
    { sipUserAgentId: [userAgent.id], registrarId: [registrar.id] },
  );
  steps.joinRoutingDomains(node, request.routingDomains ?? []);
  return steps.finish(node);
}

/** The directory whose users the registrar accepts, by id or display name; none when the request names none. */
function registrarDirectory(steps: WizardSteps, text: string | null | undefined): ConfigObject | undefined {
  const directoryText = text?.trim();
  const directory = directoryText ? steps.resolve(directoryText, DIRECTORY_SORTS) : undefined;
  if (directoryText && !directory) {
    throw new DomainError('DIRECTORY_NOT_FOUND', 'not_found', `there is no directory '${directoryText.slice(0, 80)}'`, [
      {
        field: 'sipPhoneRegistrarDirectoryId',
        rule: 'exists',
        message: 'must be the id or display name of a directory',
      },
    ]);
  }
  return directory;
}

/** The network controller (an existing one unless asked otherwise) and whitelist of a registrar node, and its SIP stack's options. */
function registrarStack(
  steps: WizardSteps,
  profile: SipPhoneRegistrarProfile,
  request: SipPhoneRegistrarRequest,
  name: string,
  sipDomain: string,
): SipStackOptions {
  const network = steps.networkController(request, {
    createNew: false,
    displayName: 'eth0',
    interfaceName: 'eth0',
    ipVersion: 'IN_ADDRESS_VERSION_4',
    ipAddress: '192.0.2.10',
  });
  const whitelistId =
    request.networkPeerWhitelist && request.networkPeerWhitelist.length > 0
      ? steps.whitelist(name, request.networkPeerWhitelist, true)
      : undefined;
  const { udpTcpPort, tlsPort } = steps.ports(request, profile.wizard);
  return {
    name,
    network,
    udpTcpPort,
    tlsPort,
    useTls: profile.wizard.useTls,
    whitelistId,
    allowOnlyNegotiatedPeersForRtpRtcp: true,
    userAgentHeader: profile.wizard.userAgentHeader,
    sipDomain,
    portFields: ['udpTcpPort', 'tlsPort'],
  };
}
