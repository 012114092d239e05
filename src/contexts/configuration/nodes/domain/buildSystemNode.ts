import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { SystemProfile } from '../../profiles/domain/NodeProfile.js';
import { checkWizardRequest } from './checkWizardRequest.js';
import { given } from './given.js';
import type { SystemNodeRequest, WizardResult } from './NodeWizard.js';
import type { WizardPlan } from './WizardPlan.js';
import { WizardSteps, type SipStackOptions } from './WizardSteps.js';

/**
 * addSystem: a PBX (SIP node with a transport connection to the PBX) or a collaboration-platform node (direct
 * routing, carrier or survivable branch appliance: TELCOLLAB_STACK with its tenant and cloud connection, and for
 * SBA a SIP node towards the branch appliance) from a system profile.
 */
export function buildSystemNode(plan: WizardPlan, profile: SystemProfile, request: SystemNodeRequest): WizardResult {
  checkWizardRequest(request);
  const steps = new WizardSteps(plan);
  const name = request.displayName.trim();
  steps.nodeNameFree(name);
  const stack = systemStack(steps, profile, request, name);
  const userAgent = steps.sipStack(stack);
  const remote = request.remoteSipDomain ?? profile.remoteSipDomain;
  const cloud = steps.connection(name, {
    proxyIri: steps.uriHost(remote.host, remote.port, remote.transport === 'TLS'),
  });
  const node =
    profile.wizard.kind === 'SIP'
      ? plan.add(
          'TELSIP_STACK',
          name,
          { enabled: true, nodeRole: 'SYSTEM', sipInterconnection: profile.sipInterconnection },
          { sipUserAgentId: [userAgent.id], transportConnectionIds: [cloud.id] },
        )
      : collaborationNode(steps, profile, request, stack, [userAgent, cloud]);
  steps.joinRoutingDomains(node, request.routingDomains ?? profile.routingDomains);
  return steps.finish(node);
}

/** The network controller, security profile and whitelist of a system node, and the options of its SIP stack. */
function systemStack(
  steps: WizardSteps,
  profile: SystemProfile,
  request: SystemNodeRequest,
  name: string,
): SipStackOptions {
  const network = steps.profileNetworkController(request, profile, profile.udpPortRange);
  const useTls = profile.wizard.useTls || profile.activateServerAuthentication || profile.activateClientAuthentication;
  const sbcFqdn = given(request.sbcFqdn, profile.sbcFqdn);
  const remote = request.remoteSipDomain ?? profile.remoteSipDomain;
  const securityProfileId = useTls
    ? steps.securityProfile(
        name,
        sbcFqdn || name.replace(/[^A-Za-z0-9.-]+/g, '-'),
        profile.activateServerAuthentication,
        profile.activateClientAuthentication,
      )
    : undefined;
  const peers = [
    ...(request.networkPeerWhitelist ?? profile.networkPeerWhitelist),
    ...(profile.includeRemoteSipDomainInWhitelist ? [steps.hostPeer(remote.host)] : []),
  ];
  const whitelistId = profile.useNetworkPeerWhitelist
    ? steps.whitelist(name, peers, profile.includeOwnSubnetInWhitelist)
    : undefined;
  const { udpTcpPort, tlsPort } = steps.ports(request, profile.wizard);
  return {
    name,
    network,
    udpTcpPort,
    tlsPort,
    useTls,
    securityProfileId,
    whitelistId,
    allowOnlyNegotiatedPeersForRtpRtcp: profile.allowOnlyNegotiatedPeersForRtpRtcp,
    userAgentHeader: profile.wizard.userAgentHeader,
    sipDomain: sbcFqdn,
    portFields: ['udpTcpPort', 'tlsPort'],
  };
}

/** The TELCOLLAB_STACK node, with its tenant and, for SBA, the SIP node towards the branch appliance. */
function collaborationNode(
  steps: WizardSteps,
  profile: SystemProfile,
  request: SystemNodeRequest,
  stack: SipStackOptions,
  [userAgent, cloud]: readonly [ConfigObject, ConfigObject],
): ConfigObject {
  const kind = profile.wizard.kind;
  const tenantFqdn = given(request.tenantFqdn, profile.tenantFqdn);
  const tenant = tenantFqdn
    ? steps.plan.add('TELCOLLAB_TENANT', `${stack.name} tenant`, { tenantFqdn, tenantId: '' })
    : undefined;
  const sbaNodeId = kind === 'COLLAB_SBA' ? sbaNode(steps, stack).id : undefined;
  return steps.plan.add(
    'TELCOLLAB_STACK',
    stack.name,
    {
      enabled: true,
      connectivity: kind === 'COLLAB_CARRIER' ? 'CARRIER' : kind === 'COLLAB_SBA' ? 'SBA' : 'DIRECT_ROUTING',
      sbcFqdn: stack.sipDomain ?? '',
    },
    {
      tenantIds: tenant ? [tenant.id] : [],
      sipUserAgentId: [userAgent.id],
      transportConnectionIds: [cloud.id],
      sbaSipNodeId: sbaNodeId ? [sbaNodeId] : [],
    },
  );
}

/** The SIP node towards a survivable branch appliance: its own SIP stack two ports above the main one. */
function sbaNode(steps: WizardSteps, stack: SipStackOptions): ConfigObject {
  const sbaName = `${stack.name} SBA`;
  const shifted = (port: number): number => (port + 2 > 65535 ? port - 2 : port + 2);
  const sbaUserAgent = steps.sipStack({
    ...stack,
    name: sbaName,
    udpTcpPort: shifted(stack.udpTcpPort),
    tlsPort: shifted(stack.tlsPort),
  });
  const sbaConnection = steps.connection(sbaName, {
    proxyIri: steps.uriHost(stack.sipDomain || stack.network.ipAddress || '127.0.0.1', 5061, true),
  });
  return steps.plan.add(
    'TELSIP_STACK',
    sbaName,
    { enabled: true, nodeRole: 'SYSTEM', sipInterconnection: 'SUBSCRIBER' },
    { sipUserAgentId: [sbaUserAgent.id], transportConnectionIds: [sbaConnection.id] },
  );
}
