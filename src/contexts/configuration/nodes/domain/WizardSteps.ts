import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import type { IpVersion, NetworkPeer, SystemProfile } from '../../profiles/domain/NodeProfile.js';
import { given } from './given.js';
import { networkOf, type SipNetwork } from './NodePorts.js';
import type { WizardRequestBase, WizardResult } from './NodeWizard.js';
import type { WizardPlan } from './WizardPlan.js';

export interface ControllerDefaults {
  readonly createNew: boolean;
  readonly displayName: string;
  readonly interfaceName: string;
  readonly ipVersion: IpVersion;
  readonly ipAddress: string;
}

/** The network controller settings of a system or provider profile. */
export type ControllerProfile = Pick<
  SystemProfile,
  | 'createNewNetworkController'
  | 'networkControllerDisplayName'
  | 'networkControllerInterface'
  | 'networkControllerIpVersion'
  | 'networkControllerIpAddress'
>;

export interface SipStackOptions {
  readonly name: string;
  readonly network: SipNetwork;
  readonly udpTcpPort: number;
  readonly tlsPort: number;
  readonly useTls: boolean;
  readonly securityProfileId?: string | undefined;
  readonly whitelistId?: string | undefined;
  readonly mappingId?: string | undefined;
  readonly allowOnlyNegotiatedPeersForRtpRtcp: boolean;
  readonly userAgentHeader: string;
  readonly sipDomain?: string | undefined;
  readonly portFields: readonly [string, string];
}

export interface ConnectionOptions {
  readonly proxyIri: string;
  readonly registrationSipDomain?: string;
  readonly addressOfRecord?: string;
  readonly assertedAddress?: string;
  readonly credentials?: { username: string; password: string } | undefined;
}

/** The steps the node wizards share, each adding its objects to the plan (or finding existing ones in its graph). */
export class WizardSteps {
  constructor(readonly plan: WizardPlan) {}

  /** An object of one of the sorts, by id or display name. */
  resolve(text: string, sorts: readonly ObjectSort[]): ConfigObject | undefined {
    const id = canonicalObjectId(text);
    const byId = id === undefined ? undefined : this.plan.graph.get(id);
    if (byId && sorts.includes(byId.sort)) return byId;
    for (const sort of sorts) {
      const found = this.plan.graph.byDisplayName(sort, text.trim());
      if (found) return found;
    }
    return undefined;
  }

  /** A node's display name is unique among every node sort (nodes are named by display name in queries). */
  nodeNameFree(name: string): void {
    const taken = this.plan.graph.ofSorts(NODE_SORTS).find((o) => o.displayName === name);
    if (taken) {
      throw DomainError.conflict(
        'DISPLAY_NAME_TAKEN',
        `a node (${taken.sort} ${taken.id}) is already named '${name}'; choose another displayName`,
        [{ field: 'displayName', rule: 'unique', message: `the node name '${name}' is taken` }],
      );
    }
  }

  joinRoutingDomains(node: ConfigObject, texts: readonly string[]): void {
    for (const domain of this.routingDomains(texts)) {
      const copy = domain.copy();
      copy.setReferences('sourceNodeIds', [...domain.referencesIn('sourceNodeIds'), node.id]);
      this.plan.change(copy);
    }
  }

  /** The routing domains (TELRT_STACK, by id or display name) the node joins: 404 naming routingDomains[i]. */
  private routingDomains(texts: readonly string[]): ConfigObject[] {
    const found: ConfigObject[] = [];
    texts.forEach((text, i) => {
      const domain = this.resolve(text, ['TELRT_STACK']);
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

  /** The network controller the node binds to: a new one, or an existing one by name (or id), else by address. */
  networkController(
    request: WizardRequestBase,
    defaults: ControllerDefaults,
    rtp?: { firstPort: number; lastPort: number },
  ): SipNetwork {
    const name = request.networkControllerDisplayName?.trim() || undefined;
    const address = request.networkControllerIpAddress?.trim() || undefined;
    if (given(request.createNewNetworkController, defaults.createNew))
      return this.newController(request, defaults, name, address, rtp);
    if (name !== undefined) return this.namedController(name);
    if (address !== undefined) return this.controllerAt(address);
    return this.defaultController(defaults);
  }

  /** The network controller of a node made from a profile, whose network controller settings are the defaults. */
  profileNetworkController(
    request: WizardRequestBase,
    profile: ControllerProfile,
    rtp?: { firstPort: number; lastPort: number },
  ): SipNetwork {
    const defaults: ControllerDefaults = {
      createNew: profile.createNewNetworkController,
      displayName: profile.networkControllerDisplayName,
      interfaceName: profile.networkControllerInterface,
      ipVersion: profile.networkControllerIpVersion,
      ipAddress: profile.networkControllerIpAddress,
    };
    return this.networkController(request, defaults, rtp);
  }

  private newController(
    request: WizardRequestBase,
    defaults: ControllerDefaults,
    name: string | undefined,
    address: string | undefined,
    rtp?: { firstPort: number; lastPort: number },
  ): SipNetwork {
    const controller = this.plan.add(
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

  private namedController(name: string): SipNetwork {
    const found = this.resolve(name, ['IN_STACK']);
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
    return networkOf(this.plan.graph, found.id);
  }

  private controllerAt(address: string): SipNetwork {
    const found = this.plan.graph.ofSort('IN_STACK').find((c) => c.parameters['ipAddress'] === address);
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
    return networkOf(this.plan.graph, found.id);
  }

  private defaultController(defaults: ControllerDefaults): SipNetwork {
    const controllers = this.plan.graph.ofSort('IN_STACK');
    const found =
      this.resolve(defaults.displayName, ['IN_STACK']) ??
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
    return networkOf(this.plan.graph, found.id);
  }

  /** SIP transport, media negotiation and SIP user agent of a node; answers the user agent. */
  sipStack(o: SipStackOptions): ConfigObject {
    const plan = this.plan;
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
  securityProfile(name: string, subject: string, server: boolean, client: boolean): string {
    const identity = this.plan.add('CRY_X509_STACK', `${name} digital identity`, {
      keyType: 'RSA_2048',
      selfSigned: true,
      subject: `CN=${subject}`,
    });
    return this.plan.add(
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

  whitelist(name: string, peers: readonly NetworkPeer[], includeOwnSubnet: boolean): string {
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
    return this.plan.add('IN_FILTER', `${name} network peer whitelist`, { includeOwnSubnet, entries }).id;
  }

  hostPeer(host: string): NetworkPeer {
    const v6 = host.includes(':');
    const literal = /^[\d.]+$/.test(host) || v6;
    return {
      ipVersion: v6 ? 'IN_ADDRESS_VERSION_6' : 'IN_ADDRESS_VERSION_4',
      host,
      subnetPrefixLength: v6 ? 128 : 32,
      dnsLookup: literal ? [] : ['A', 'SRV'],
    };
  }

  uriHost(host: string, port: number, tls: boolean): string {
    return `${tls ? 'sips' : 'sip'}:${host.includes(':') ? `[${host}]` : host}:${port}`;
  }

  /** The SIP transport connection (standard, with proxy) to the remote side; with credentials when given. */
  connection(name: string, o: ConnectionOptions): ConfigObject {
    const credentials = o.credentials
      ? this.plan.add('SIPAUTH_STACK', `${name} credentials`, {
          username: o.credentials.username,
          password: o.credentials.password,
        })
      : undefined;
    return this.plan.add(
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

  ports(
    request: WizardRequestBase,
    defaults: { udpTcpPort: number; tlsPort: number },
  ): { udpTcpPort: number; tlsPort: number } {
    const udpTcpPort = given(request.udpTcpPort, defaults.udpTcpPort);
    let tlsPort = given(request.tlsPort, defaults.tlsPort);
    if (request.tlsPort == null && tlsPort === udpTcpPort)
      tlsPort = udpTcpPort === 65535 ? udpTcpPort - 1 : udpTcpPort + 1;
    return { udpTcpPort, tlsPort };
  }

  finish(node: ConfigObject): WizardResult {
    this.plan.check();
    return { node, created: [node, ...this.plan.created.filter((o) => o.id !== node.id)] };
  }
}
