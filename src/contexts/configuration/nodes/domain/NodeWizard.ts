import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { checkValue, type ScalarType } from '../../graph/domain/catalog/ParameterType.js';
import { DIRECTORY_SORTS, NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import type {
  IpVersion,
  NetworkPeer,
  ProviderProfile,
  RemoteSipDomain,
  SipPhoneRegistrarProfile,
  SystemProfile,
} from '../../profiles/domain/NodeProfile.js';
import { networkOf, type SipNetwork } from './NodePorts.js';
import type { WizardPlan } from './WizardPlan.js';

/** Fields every wizard request may carry (null and absent mean "the profile's value"). */
export interface WizardRequestBase {
  readonly displayName: string;
  readonly createNewNetworkController?: boolean | null;
  readonly networkControllerDisplayName?: string | null;
  readonly networkControllerIpVersion?: IpVersion | null;
  readonly networkControllerIpAddress?: string | null;
  readonly udpTcpPort?: number | null;
  readonly tlsPort?: number | null;
  readonly routingDomains?: readonly string[] | null;
  readonly networkPeerWhitelist?: readonly NetworkPeer[] | null;
}

export interface SystemNodeRequest extends WizardRequestBase {
  readonly sbcFqdn?: string | null;
  readonly tenantFqdn?: string | null;
  readonly remoteSipDomain?: RemoteSipDomain | null;
}

export interface ProviderNodeRequest extends WizardRequestBase {
  readonly region?: string | null;
  readonly credentials?: { readonly username: string; readonly password: string } | null;
  readonly includeSipRegistrarInWhitelist?: boolean | null;
  readonly includeRemoteSipDomainInWhitelist?: boolean | null;
  readonly includeProxyInWhitelist?: boolean | null;
  readonly nodeViaSipTrunking?: boolean | null;
  readonly assertedUri?: string | null;
  readonly addressOfRecord?: string | null;
  readonly activateClientAuthentication?: boolean | null;
}

export interface SipPhoneRegistrarRequest extends WizardRequestBase {
  readonly sipPhoneRegistrarDirectoryId?: string | null;
  readonly sipDomain?: string | null;
}

/** What a wizard made: the node first, then every other object it created. */
export interface WizardResult {
  readonly node: ConfigObject;
  readonly created: readonly ConfigObject[];
}

const HOST: ScalarType = { kind: 'hostname', optional: false };
const IP: ScalarType = { kind: 'ipAddress', optional: false };
const SIP_URI: ScalarType = { kind: 'uri', schemes: ['sip', 'sips'], optional: true };
const ASSERTED_URI: ScalarType = { kind: 'uri', schemes: ['sip', 'sips', 'tel'], optional: true };

function given<T>(value: T | null | undefined, fallback: T): T {
  return value === null || value === undefined ? fallback : value;
}

/** The request's own values, checked with its field names before anything is planned. */
function checkRequest(
  request: WizardRequestBase & {
    sbcFqdn?: string | null;
    tenantFqdn?: string | null;
    assertedUri?: string | null;
    addressOfRecord?: string | null;
    remoteSipDomain?: RemoteSipDomain | null;
    sipDomain?: string | null;
  },
): void {
  const details: ErrorDetail[] = [];
  const check = (type: ScalarType, value: string | null | undefined, field: string): void => {
    if (value !== null && value !== undefined && value !== '') details.push(...checkValue(type, value, field));
  };
  if (request.displayName.trim() === '')
    details.push({ field: 'displayName', rule: 'required', message: 'displayName must not be empty' });
  else if (request.displayName.trim().length > 200)
    details.push({ field: 'displayName', rule: 'maxLength', message: 'displayName must be at most 200 characters' });
  check(IP, request.networkControllerIpAddress, 'networkControllerIpAddress');
  check(HOST, request.sbcFqdn, 'sbcFqdn');
  check(HOST, request.tenantFqdn, 'tenantFqdn');
  check(HOST, request.sipDomain, 'sipDomain');
  check(ASSERTED_URI, request.assertedUri, 'assertedUri');
  check(SIP_URI, request.addressOfRecord, 'addressOfRecord');
  if (request.remoteSipDomain) check(HOST, request.remoteSipDomain.host, 'remoteSipDomain.host');
  (request.networkPeerWhitelist ?? []).forEach((peer, i) => check(HOST, peer.host, `networkPeerWhitelist[${i}].host`));
  if (request.udpTcpPort != null && request.tlsPort != null && request.udpTcpPort === request.tlsPort) {
    details.push({ field: 'tlsPort', rule: 'distinct', message: 'tlsPort must differ from udpTcpPort' });
  }
  if (details.length > 0)
    throw DomainError.invalid(
      'VALIDATION_FAILED',
      `request body is invalid: ${details.map((d) => d.message).join('; ')}`,
      details,
    );
}

function resolveIn(graph: WizardPlan['graph'], text: string, sorts: readonly ObjectSort[]): ConfigObject | undefined {
  const id = canonicalObjectId(text);
  const byId = id === undefined ? undefined : graph.get(id);
  if (byId && sorts.includes(byId.sort)) return byId;
  for (const sort of sorts) {
    const found = graph.byDisplayName(sort, text.trim());
    if (found) return found;
  }
  return undefined;
}

/** A node's display name is unique among every node sort (nodes are named by display name in queries). */
function nodeNameFree(plan: WizardPlan, name: string): void {
  const taken = plan.graph.ofSorts(NODE_SORTS).find((o) => o.displayName === name);
  if (taken) {
    throw DomainError.conflict(
      'DISPLAY_NAME_TAKEN',
      `a node (${taken.sort} ${taken.id}) is already named '${name}'; choose another displayName`,
      [{ field: 'displayName', rule: 'unique', message: `the node name '${name}' is taken` }],
    );
  }
}

/** The routing domains (TELRT_STACK, by id or display name) the node joins: 404 naming routingDomains[i]. */
function routingDomains(plan: WizardPlan, texts: readonly string[]): ConfigObject[] {
  const found: ConfigObject[] = [];
  texts.forEach((text, i) => {
    const domain = resolveIn(plan.graph, text, ['TELRT_STACK']);
    if (!domain) {
      throw new DomainError(
        'ROUTING_DOMAIN_NOT_FOUND',
        'not_found',
        `routingDomains[${i}]: there is no routing domain '${text.slice(0, 80)}'`,
        [
          {
            field: `routingDomains[${i}]`,
            rule: 'exists',
            message: 'must be the id or display name of a routing domain',
          },
        ],
      );
    }
    if (!found.some((d) => d.id === domain.id)) found.push(domain);
  });
  return found;
}

function joinRoutingDomains(plan: WizardPlan, node: ConfigObject, texts: readonly string[]): void {
  for (const domain of routingDomains(plan, texts)) {
    const copy = domain.copy();
    copy.setReferences('sourceNodeIds', [...domain.referencesIn('sourceNodeIds'), node.id]);
    plan.change(copy);
  }
}

interface ControllerDefaults {
  readonly createNew: boolean;
  readonly displayName: string;
  readonly interfaceName: string;
  readonly ipVersion: IpVersion;
  readonly ipAddress: string;
}

/** The network controller the node binds to: a new one, or an existing one by name (or id), else by address. */
function networkController(
  plan: WizardPlan,
  request: WizardRequestBase,
  defaults: ControllerDefaults,
  rtp?: { firstPort: number; lastPort: number },
): SipNetwork {
  const createNew = given(request.createNewNetworkController, defaults.createNew);
  const name = request.networkControllerDisplayName?.trim() || undefined;
  const address = request.networkControllerIpAddress?.trim() || undefined;
  if (createNew) {
    const controller = plan.add(
      'IN_STACK',
      name ?? `${request.displayName.trim()} network controller`,
      {
        interfaceName: defaults.interfaceName,
        ipVersion: given(request.networkControllerIpVersion, defaults.ipVersion),
        ipAddress: address ?? defaults.ipAddress,
        ...(rtp ? { rtpFirstPort: rtp.firstPort, rtpLastPort: rtp.lastPort } : {}),
      },
      {},
      name ? 'networkControllerDisplayName' : 'displayName',
    );
    return { controllerId: controller.id, ipAddress: String(controller.parameters['ipAddress'] ?? '') };
  }
  const controllers = plan.graph.ofSort('IN_STACK');
  if (name !== undefined) {
    const found = resolveIn(plan.graph, name, ['IN_STACK']);
    if (!found) {
      throw new DomainError(
        'NETWORK_CONTROLLER_NOT_FOUND',
        'not_found',
        `there is no network controller '${name.slice(0, 80)}' to reuse; name an existing one or set createNewNetworkController`,
        [
          {
            field: 'networkControllerDisplayName',
            rule: 'exists',
            message: 'must name an existing network controller',
          },
        ],
      );
    }
    return networkOf(plan.graph, found.id);
  }
  if (address !== undefined) {
    const found = controllers.find((c) => c.parameters['ipAddress'] === address);
    if (!found) {
      throw new DomainError(
        'NETWORK_CONTROLLER_NOT_FOUND',
        'not_found',
        `no network controller has the address ${address}; name an existing one or set createNewNetworkController`,
        [
          {
            field: 'networkControllerIpAddress',
            rule: 'exists',
            message: 'must be the address of an existing network controller',
          },
        ],
      );
    }
    return networkOf(plan.graph, found.id);
  }
  const found =
    resolveIn(plan.graph, defaults.displayName, ['IN_STACK']) ??
    controllers.find((c) => c.parameters['ipAddress'] === defaults.ipAddress) ??
    controllers[0];
  if (!found) {
    throw new DomainError(
      'NETWORK_CONTROLLER_NOT_FOUND',
      'not_found',
      'the configuration has no network controller to reuse; set createNewNetworkController',
      [{ field: 'createNewNetworkController', rule: 'exists', message: 'no network controller exists to reuse' }],
    );
  }
  return networkOf(plan.graph, found.id);
}

interface SipStackOptions {
  readonly name: string;
  readonly network: SipNetwork;
  readonly udpTcpPort: number;
  readonly tlsPort: number;
  readonly useTls: boolean;
  readonly securityProfileId?: string;
  readonly whitelistId?: string;
  readonly mappingId?: string;
  readonly allowOnlyNegotiatedPeersForRtpRtcp: boolean;
  readonly userAgentHeader: string;
  readonly sipDomain?: string;
  readonly portFields: readonly [string, string];
}

/** SIP transport, media negotiation and SIP user agent of a node; answers the user agent. */
function sipStack(plan: WizardPlan, o: SipStackOptions): ConfigObject {
  plan.claimPort(o.network, o.udpTcpPort, o.portFields[0], `node '${o.name}'`);
  plan.claimPort(o.network, o.tlsPort, o.portFields[1], `node '${o.name}'`);
  const qos = plan.graph.ofSort('IN_QOS_STACK')[0]?.id;
  const transcoding = plan.graph.ofSort('MEDIA_PUMP_DOMAIN')[0]?.id;
  const shared = {
    networkControllerId: [o.network.controllerId],
    networkSecurityProfileId: o.securityProfileId ? [o.securityProfileId] : [],
    networkPeerWhitelistId: o.whitelistId ? [o.whitelistId] : [],
    networkMappingId: o.mappingId ? [o.mappingId] : [],
    qosProfileId: qos ? [qos] : [],
  };
  const transport = plan.add(
    'SIPST_STACK',
    `${o.name} SIP transport`,
    {
      udpEnabled: true,
      tcpEnabled: true,
      tlsEnabled: o.useTls,
      udpTcpPort: o.udpTcpPort,
      tlsPort: o.tlsPort,
      sipDomain: o.sipDomain ?? '',
    },
    shared,
  );
  const media = plan.add(
    'MNS_STACK',
    `${o.name} media negotiation`,
    {
      allowOnlyNegotiatedPeersForRtpRtcp: o.allowOnlyNegotiatedPeersForRtpRtcp,
      rtpProfile: o.useTls ? 'RTP_SAVP' : 'AUTO',
    },
    { ...shared, mediaTranscodingOptionsId: transcoding ? [transcoding] : [] },
  );
  return plan.add(
    'SIPUA_STACK',
    `${o.name} SIP user agent`,
    { userAgentHeader: o.userAgentHeader },
    { sipTransportId: [transport.id], mediaNegotiationId: [media.id] },
  );
}

/** A self-signed digital identity (certificate to be installed later) and the security profile presenting it. */
function securityProfile(plan: WizardPlan, name: string, subject: string, server: boolean, client: boolean): string {
  const identity = plan.add('CRY_X509_STACK', `${name} digital identity`, {
    keyType: 'RSA_2048',
    selfSigned: true,
    subject: `CN=${subject}`,
  });
  return plan.add(
    'INS_STACK',
    `${name} network security profile`,
    {
      serverAuthentication: server,
      clientAuthentication: client,
      srtpMode: 'OPTIONAL',
    },
    { digitalIdentityId: [identity.id] },
  ).id;
}

function whitelist(plan: WizardPlan, name: string, peers: readonly NetworkPeer[], includeOwnSubnet: boolean): string {
  const entries = peers
    .filter(
      (peer, i) =>
        peers.findIndex((p) => p.host === peer.host && p.subnetPrefixLength === peer.subnetPrefixLength) === i,
    )
    .map((peer) => ({
      ipVersion: peer.ipVersion,
      host: peer.host,
      subnetPrefixLength: peer.subnetPrefixLength,
      dnsLookup: [...peer.dnsLookup],
    }));
  return plan.add('IN_FILTER', `${name} network peer whitelist`, { includeOwnSubnet, entries }).id;
}

function hostPeer(host: string): NetworkPeer {
  const v6 = host.includes(':');
  const literal = /^[\d.]+$/.test(host) || v6;
  return {
    ipVersion: v6 ? 'IN_ADDRESS_VERSION_6' : 'IN_ADDRESS_VERSION_4',
    host,
    subnetPrefixLength: v6 ? 128 : 32,
    dnsLookup: literal ? [] : ['A', 'SRV'],
  };
}

function uriHost(host: string, port: number, tls: boolean): string {
  return `${tls ? 'sips' : 'sip'}:${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The SIP transport connection (standard, with proxy) to the remote side; with credentials when given. */
function connection(
  plan: WizardPlan,
  name: string,
  o: {
    proxyIri: string;
    registrationSipDomain?: string;
    addressOfRecord?: string;
    assertedAddress?: string;
    credentials?: { username: string; password: string };
  },
): ConfigObject {
  const credentials = o.credentials
    ? plan.add('SIPAUTH_STACK', `${name} credentials`, {
        username: o.credentials.username,
        password: o.credentials.password,
      })
    : undefined;
  return plan.add(
    'AN_SIPRT_ROUTE',
    `${name} transport connection`,
    {
      proxyIri: o.proxyIri,
      proxyOptions: true,
      authenticationEnabled: credentials !== undefined,
      registrationSipDomain: o.registrationSipDomain ?? '',
      addressOfRecord: o.addressOfRecord ?? '',
      assertedAddress: o.assertedAddress ?? '',
    },
    { credentialsId: credentials ? [credentials.id] : [] },
  );
}

function ports(
  request: WizardRequestBase,
  defaults: { udpTcpPort: number; tlsPort: number },
): { udpTcpPort: number; tlsPort: number } {
  const udpTcpPort = given(request.udpTcpPort, defaults.udpTcpPort);
  let tlsPort = given(request.tlsPort, defaults.tlsPort);
  if (request.tlsPort == null && tlsPort === udpTcpPort)
    tlsPort = udpTcpPort === 65535 ? udpTcpPort - 1 : udpTcpPort + 1;
  return { udpTcpPort, tlsPort };
}

/**
 * addSystem: a PBX (SIP node with a transport connection to the PBX) or a collaboration-platform node (direct
 * routing, carrier or survivable branch appliance: TELCOLLAB_STACK with its tenant and cloud connection, and for
 * SBA a SIP node towards the branch appliance) from a system profile.
 */
export function buildSystemNode(plan: WizardPlan, profile: SystemProfile, request: SystemNodeRequest): WizardResult {
  checkRequest(request);
  const name = request.displayName.trim();
  nodeNameFree(plan, name);
  const kind = profile.wizard.kind;
  const network = networkController(
    plan,
    request,
    {
      createNew: profile.createNewNetworkController,
      displayName: profile.networkControllerDisplayName,
      interfaceName: profile.networkControllerInterface,
      ipVersion: profile.networkControllerIpVersion,
      ipAddress: profile.networkControllerIpAddress,
    },
    profile.udpPortRange,
  );
  const useTls = profile.wizard.useTls || profile.activateServerAuthentication || profile.activateClientAuthentication;
  const sbcFqdn = given(request.sbcFqdn, profile.sbcFqdn);
  const tenantFqdn = given(request.tenantFqdn, profile.tenantFqdn);
  const remote = request.remoteSipDomain ?? profile.remoteSipDomain;
  const securityProfileId = useTls
    ? securityProfile(
        plan,
        name,
        sbcFqdn || name.replace(/[^A-Za-z0-9.-]+/g, '-'),
        profile.activateServerAuthentication,
        profile.activateClientAuthentication,
      )
    : undefined;
  const peers = [
    ...(request.networkPeerWhitelist ?? profile.networkPeerWhitelist),
    ...(profile.includeRemoteSipDomainInWhitelist ? [hostPeer(remote.host)] : []),
  ];
  const whitelistId = profile.useNetworkPeerWhitelist
    ? whitelist(plan, name, peers, profile.includeOwnSubnetInWhitelist)
    : undefined;
  const { udpTcpPort, tlsPort } = ports(request, profile.wizard);
  const userAgent = sipStack(plan, {
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
  });
  const remoteTls = remote.transport === 'TLS';
  const cloud = connection(plan, name, { proxyIri: uriHost(remote.host, remote.port, remoteTls) });
  let node: ConfigObject;
  if (kind === 'SIP') {
    node = plan.add(
      'TELSIP_STACK',
      name,
      { enabled: true, nodeRole: 'SYSTEM', sipInterconnection: profile.sipInterconnection },
      { sipUserAgentId: [userAgent.id], transportConnectionIds: [cloud.id] },
    );
  } else {
    const tenant = tenantFqdn
      ? plan.add('TELCOLLAB_TENANT', `${name} tenant`, { tenantFqdn, tenantId: '' })
      : undefined;
    let sbaNodeId: string | undefined;
    if (kind === 'COLLAB_SBA') {
      const sbaName = `${name} SBA`;
      const sbaUserAgent = sipStack(plan, {
        name: sbaName,
        network,
        udpTcpPort: udpTcpPort + 2 > 65535 ? udpTcpPort - 2 : udpTcpPort + 2,
        tlsPort: tlsPort + 2 > 65535 ? tlsPort - 2 : tlsPort + 2,
        useTls,
        securityProfileId,
        whitelistId,
        allowOnlyNegotiatedPeersForRtpRtcp: profile.allowOnlyNegotiatedPeersForRtpRtcp,
        userAgentHeader: profile.wizard.userAgentHeader,
        sipDomain: sbcFqdn,
        portFields: ['udpTcpPort', 'tlsPort'],
      });
      const sbaConnection = connection(plan, sbaName, {
        proxyIri: uriHost(sbcFqdn || network.ipAddress || '127.0.0.1', 5061, true),
      });
      sbaNodeId = plan.add(
        'TELSIP_STACK',
        sbaName,
        { enabled: true, nodeRole: 'SYSTEM', sipInterconnection: 'SUBSCRIBER' },
        { sipUserAgentId: [sbaUserAgent.id], transportConnectionIds: [sbaConnection.id] },
      ).id;
    }
    node = plan.add(
      'TELCOLLAB_STACK',
      name,
      {
        enabled: true,
        connectivity: kind === 'COLLAB_CARRIER' ? 'CARRIER' : kind === 'COLLAB_SBA' ? 'SBA' : 'DIRECT_ROUTING',
        sbcFqdn,
      },
      {
        tenantIds: tenant ? [tenant.id] : [],
        sipUserAgentId: [userAgent.id],
        transportConnectionIds: [cloud.id],
        sbaSipNodeId: sbaNodeId ? [sbaNodeId] : [],
      },
    );
  }
  joinRoutingDomains(plan, node, request.routingDomains ?? profile.routingDomains);
  return finish(plan, node);
}

/** addProvider: a SIP trunk node (role PROVIDER) with a transport connection to the region's proxy, credentials, registration. */
export function buildProviderNode(
  plan: WizardPlan,
  profile: ProviderProfile,
  request: ProviderNodeRequest,
): WizardResult {
  checkRequest(request);
  const name = request.displayName.trim();
  nodeNameFree(plan, name);
  const regionName = request.region?.trim();
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
  const network = networkController(plan, request, {
    createNew: profile.createNewNetworkController,
    displayName: profile.networkControllerDisplayName,
    interfaceName: profile.networkControllerInterface,
    ipVersion: profile.networkControllerIpVersion,
    ipAddress: profile.networkControllerIpAddress,
  });
  const clientAuthentication = given(request.activateClientAuthentication, profile.activateClientAuthentication);
  const useTls = profile.wizard.useTls || clientAuthentication;
  const securityProfileId = useTls
    ? securityProfile(plan, name, name.replace(/[^A-Za-z0-9.-]+/g, '-'), false, clientAuthentication)
    : undefined;
  const proxyPeers = given(request.includeProxyInWhitelist, profile.includeProxyInWhitelist)
    ? [hostPeer(region.proxyHost)]
    : [];
  const domainPeers = given(request.includeRemoteSipDomainInWhitelist, profile.includeRemoteSipDomainInWhitelist)
    ? [hostPeer(profile.remoteSipDomain.host)]
    : [];
  const registrarPeers =
    given(request.includeSipRegistrarInWhitelist, profile.includeSipRegistrarInWhitelist) && profile.wizard.register
      ? [hostPeer(region.proxyHost)]
      : [];
  const whitelistId = profile.useNetworkPeerWhitelist
    ? whitelist(
        plan,
        name,
        [
          ...(request.networkPeerWhitelist ?? profile.networkPeerWhitelist),
          ...proxyPeers,
          ...domainPeers,
          ...registrarPeers,
        ],
        false,
      )
    : undefined;
  const mappingId = profile.activateNatTraversal
    ? plan.add(
        'IN_MAP_STACK',
        `${name} network mapping`,
        { mode: 'STUN', stunServer: 'stun.example.net', stunPort: 3478 },
        { networkControllerId: [network.controllerId] },
      ).id
    : undefined;
  const { udpTcpPort, tlsPort } = ports(request, profile.wizard);
  const userAgent = sipStack(plan, {
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
  });
  const addressOfRecord = given(request.addressOfRecord, profile.addressOfRecord);
  const assertedUri = given(request.assertedUri, profile.defineAssertedUri ? profile.assertedUri : '');
  const trunk = connection(plan, name, {
    proxyIri: uriHost(region.proxyHost, useTls ? 5061 : region.proxyPort, useTls),
    registrationSipDomain: profile.wizard.register
      ? uriHost(region.proxyHost, region.proxyPort, false).replace(/:\d+$/, '')
      : '',
    addressOfRecord: profile.wizard.register ? addressOfRecord : '',
    assertedAddress: assertedUri,
    credentials: request.credentials
      ? { username: request.credentials.username.trim(), password: request.credentials.password }
      : undefined,
  });
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
  joinRoutingDomains(plan, node, request.routingDomains ?? profile.routingDomains);
  return finish(plan, node);
}

/** addSipPhoneRegistrar: a node (role SIP_PHONE_REGISTRAR) whose registrar accepts SIP phones' registrations. */
export function buildSipPhoneRegistrarNode(
  plan: WizardPlan,
  profile: SipPhoneRegistrarProfile,
  request: SipPhoneRegistrarRequest,
): WizardResult {
  checkRequest(request);
  const name = request.displayName.trim();
  nodeNameFree(plan, name);
  const directoryText = request.sipPhoneRegistrarDirectoryId?.trim();
  const directory = directoryText ? resolveIn(plan.graph, directoryText, DIRECTORY_SORTS) : undefined;
  if (directoryText && !directory) {
    throw new DomainError('DIRECTORY_NOT_FOUND', 'not_found', `there is no directory '${directoryText.slice(0, 80)}'`, [
      {
        field: 'sipPhoneRegistrarDirectoryId',
        rule: 'exists',
        message: 'must be the id or display name of a directory',
      },
    ]);
  }
  const network = networkController(plan, request, {
    createNew: false,
    displayName: 'eth0',
    interfaceName: 'eth0',
    ipVersion: 'IN_ADDRESS_VERSION_4',
    ipAddress: '192.0.2.10',
  });
  const whitelistId =
    request.networkPeerWhitelist && request.networkPeerWhitelist.length > 0
      ? whitelist(plan, name, request.networkPeerWhitelist, true)
      : undefined;
  const { udpTcpPort, tlsPort } = ports(request, profile.wizard);
  const sipDomain = given(request.sipDomain, profile.sipDomain);
  const userAgent = sipStack(plan, {
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
  });
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
  joinRoutingDomains(plan, node, request.routingDomains ?? []);
  return finish(plan, node);
}

function finish(plan: WizardPlan, node: ConfigObject): WizardResult {
  plan.check();
  return { node, created: [node, ...plan.created.filter((o) => o.id !== node.id)] };
}
