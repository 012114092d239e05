import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { ProviderProfile } from '../../profiles/domain/NodeProfile.js';
import { checkWizardRequest } from './checkWizardRequest.js';
import { given } from './given.js';
import type { ProviderNodeRequest, WizardResult } from './NodeWizard.js';
import type { WizardPlan } from './WizardPlan.js';
import { WizardSteps, type SipStackOptions } from './WizardSteps.js';

type Region = ProviderProfile['regions'][number];

/** addProvider: a SIP trunk node (role PROVIDER) with a transport connection to the region's proxy, credentials, registration. */
export function buildProviderNode(
  plan: WizardPlan,
  profile: ProviderProfile,
  request: ProviderNodeRequest,
): WizardResult {
  checkWizardRequest(request);
  const steps = new WizardSteps(plan);
  const name = request.displayName.trim();
  steps.nodeNameFree(name);
  const region = providerRegion(profile, request.region);
  checkCredentials(profile, request);
  const stack = providerStack(steps, profile, request, name, region);
  const userAgent = steps.sipStack(stack);
  const trunk = trunkConnection(steps, profile, request, stack, region);
  const node = plan.add(
    'TELSIP_STACK',
    name,
    {
      enabled: true,
      nodeRole: 'PROVIDER',
      sipInterconnection: given(request.nodeViaSipTrunking, profile.nodeViaSipTrunking) ? 'TRUNK' : 'SUBSCRIBER',
    },
    { sipUserAgentId: [userAgent.id], transportConnectionIds: [trunk.id] },
  );
  steps.joinRoutingDomains(node, request.routingDomains ?? profile.routingDomains);
  return steps.finish(node);
}

/** The region asked for (by name, any case), else the profile's first. */
function providerRegion(profile: ProviderProfile, requested: string | null | undefined): Region {
  const regionName = requested?.trim();
  const region = regionName
    ? profile.regions.find((r) => r.name.toLowerCase() === regionName.toLowerCase())
    : profile.regions[0];
  if (!region) {
    throw DomainError.invalid(
      'UNKNOWN_REGION',
      `region must be one of ${profile.regions.map((r) => r.name).join(', ')} for ${profile.displayName}, got '${regionName!.slice(0, 80)}'`,
      [
        {
          field: 'region',
          rule: 'isIn',
          message: `region must be one of ${profile.regions.map((r) => r.name).join(', ')}`,
        },
      ],
    );
  }
  return region;
}

function checkCredentials(profile: ProviderProfile, request: ProviderNodeRequest): void {
  if (profile.credentials.required && !request.credentials) {
    throw DomainError.invalid(
      'VALIDATION_FAILED',
      `credentials is required: ${profile.displayName} authenticates its customers (username and password)`,
      [{ field: 'credentials', rule: 'required', message: 'credentials is required' }],
    );
  }
  if (request.credentials && request.credentials.username.trim() === '') {
    throw DomainError.invalid('VALIDATION_FAILED', 'credentials.username must not be empty', [
      { field: 'credentials.username', rule: 'required', message: 'credentials.username must not be empty' },
    ]);
  }
}

/** The network controller, security profile, whitelist and network mapping of a provider node, and its SIP stack's options. */
function providerStack(
  steps: WizardSteps,
  profile: ProviderProfile,
  request: ProviderNodeRequest,
  name: string,
  region: Region,
): SipStackOptions {
  const network = steps.profileNetworkController(request, profile);
  const clientAuthentication = given(request.activateClientAuthentication, profile.activateClientAuthentication);
  const useTls = profile.wizard.useTls || clientAuthentication;
  const securityProfileId = useTls
    ? steps.securityProfile(name, name.replace(/[^A-Za-z0-9.-]+/g, '-'), false, clientAuthentication)
    : undefined;
  const whitelistId = profile.useNetworkPeerWhitelist
    ? providerWhitelist(steps, profile, request, name, region)
    : undefined;
  const mappingId = profile.activateNatTraversal
    ? steps.plan.add(
        'IN_MAP_STACK',
        `${name} network mapping`,
        { mode: 'STUN', stunServer: 'stun.example.net', stunPort: 3478 },
        { networkControllerId: [network.controllerId] },
      ).id
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
    mappingId,
    allowOnlyNegotiatedPeersForRtpRtcp: profile.allowOnlyNegotiatedPeersForRtpRtcp,
    userAgentHeader: profile.wizard.userAgentHeader,
    portFields: ['udpTcpPort', 'tlsPort'],
  };
}

/** The whitelist: the given peers, and the proxy, the remote SIP domain and the registrar as the request or profile include them. */
function providerWhitelist(
  steps: WizardSteps,
  profile: ProviderProfile,
  request: ProviderNodeRequest,
  name: string,
  region: Region,
): string {
  const proxyPeers = given(request.includeProxyInWhitelist, profile.includeProxyInWhitelist)
    ? [steps.hostPeer(region.proxyHost)]
    : [];
  const domainPeers = given(request.includeRemoteSipDomainInWhitelist, profile.includeRemoteSipDomainInWhitelist)
    ? [steps.hostPeer(profile.remoteSipDomain.host)]
    : [];
  const registrarPeers =
    given(request.includeSipRegistrarInWhitelist, profile.includeSipRegistrarInWhitelist) && profile.wizard.register
      ? [steps.hostPeer(region.proxyHost)]
      : [];
  return steps.whitelist(
    name,
    [
      ...(request.networkPeerWhitelist ?? profile.networkPeerWhitelist),
      ...proxyPeers,
      ...domainPeers,
      ...registrarPeers,
    ],
    false,
  );
}

/** The transport connection to the region's proxy: registration, address of record, asserted URI, credentials. */
function trunkConnection(
  steps: WizardSteps,
  profile: ProviderProfile,
  request: ProviderNodeRequest,
  stack: SipStackOptions,
  region: Region,
): ConfigObject {
  const addressOfRecord = given(request.addressOfRecord, profile.addressOfRecord);
  const assertedUri = given(request.assertedUri, profile.defineAssertedUri ? profile.assertedUri : '');
  return steps.connection(stack.name, {
    proxyIri: steps.uriHost(region.proxyHost, stack.useTls ? 5061 : region.proxyPort, stack.useTls),
    registrationSipDomain: profile.wizard.register
      ? steps.uriHost(region.proxyHost, region.proxyPort, false).replace(/:\d+$/, '')
      : '',
    addressOfRecord: profile.wizard.register ? addressOfRecord : '',
    assertedAddress: assertedUri,
    credentials: request.credentials
      ? { username: request.credentials.username.trim(), password: request.credentials.password }
      : undefined,
  });
}
