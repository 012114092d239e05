/**
 * Node profiles: the presets the node wizards (nodes/addSystem, addProvider, addSipPhoneRegistrar) start from.
 * The list entry fields are the specification's ("Nodes and profiles"); `wizard` holds what the wizard needs
 * besides them (default ports, TLS, the kind of node built) and is not answered by the profile lists.
 */
export type IpVersion = 'IN_ADDRESS_VERSION_4' | 'IN_ADDRESS_VERSION_6';
export const IP_VERSION_VALUES: readonly IpVersion[] = ['IN_ADDRESS_VERSION_4', 'IN_ADDRESS_VERSION_6'];
export const DNS_LOOKUP_VALUES = ['A', 'AAAA', 'SRV', 'NAPTR'] as const;
export type DnsLookup = (typeof DNS_LOOKUP_VALUES)[number];

export interface NetworkPeer {
  readonly ipVersion: IpVersion;
  readonly host: string;
  readonly subnetPrefixLength: number;
  readonly dnsLookup: readonly DnsLookup[];
}

/** The SIP domain (host and port) of the remote system: where the node's transport connection points. */
export interface RemoteSipDomain {
  readonly host: string;
  readonly port: number;
  readonly transport: 'UDP' | 'TCP' | 'TLS';
}

/** What credentials a profile expects (never a password: profiles carry no secrets). */
export interface CredentialsHint {
  readonly required: boolean;
  readonly username: string;
}

export interface PortRange {
  readonly firstPort: number;
  readonly lastPort: number;
}

export type SystemNodeKind = 'SIP' | 'COLLAB_DIRECT_ROUTING' | 'COLLAB_CARRIER' | 'COLLAB_SBA';

export interface WizardDefaults {
  readonly udpTcpPort: number;
  readonly tlsPort: number;
  /** The transport listens on TLS and the node gets a security profile and digital identity. */
  readonly useTls: boolean;
  readonly userAgentHeader: string;
}

export interface SystemProfile {
  readonly id: string;
  readonly displayName: string;
  readonly networkControllerDisplayName: string;
  readonly networkControllerInterface: string;
  readonly networkControllerIpVersion: IpVersion;
  readonly networkControllerIpAddress: string;
  readonly sbcFqdn: string;
  readonly tenantFqdn: string;
  readonly createNewNetworkController: boolean;
  readonly createNewCollabCarrierNode: boolean;
  readonly activateServerAuthentication: boolean;
  readonly activateClientAuthentication: boolean;
  readonly includeSipRegistrarInWhitelist: boolean;
  readonly includeRemoteSipDomainInWhitelist: boolean;
  readonly includeOwnSubnetInWhitelist: boolean;
  readonly allowOnlyNegotiatedPeersForRtpRtcp: boolean;
  readonly useNetworkPeerWhitelist: boolean;
  readonly routingDomains: readonly string[];
  readonly networkPeerWhitelist: readonly NetworkPeer[];
  readonly serverCredentials: CredentialsHint;
  readonly clientCredentials: CredentialsHint;
  readonly remoteSipDomain: RemoteSipDomain;
  readonly sipRegistrar: { readonly type: 'ALWAYS' | 'NEVER' };
  readonly udpPortRange: PortRange;
  readonly sipInterconnection: 'TRUNK' | 'SUBSCRIBER';
  readonly wizard: WizardDefaults & { readonly kind: SystemNodeKind };
}

/** A region of a carrier: the proxy the transport connection points to there. */
export interface ProviderRegion {
  readonly name: string;
  readonly proxyHost: string;
  readonly proxyPort: number;
}

export interface ProviderProfile {
  readonly id: string;
  readonly displayName: string;
  readonly networkControllerDisplayName: string;
  readonly networkControllerInterface: string;
  readonly networkControllerIpVersion: IpVersion;
  readonly networkControllerIpAddress: string;
  readonly addressOfRecord: string;
  readonly assertedUri: string;
  readonly createNewNetworkController: boolean;
  readonly activateNatTraversal: boolean;
  readonly defineAssertedUri: boolean;
  readonly nodeViaSipTrunking: boolean;
  readonly activateClientAuthentication: boolean;
  readonly includeSipRegistrarInWhitelist: boolean;
  readonly includeRemoteSipDomainInWhitelist: boolean;
  readonly includeProxyInWhitelist: boolean;
  readonly allowOnlyNegotiatedPeersForRtpRtcp: boolean;
  readonly useNetworkPeerWhitelist: boolean;
  readonly routingDomains: readonly string[];
  readonly networkPeerWhitelist: readonly NetworkPeer[];
  readonly credentials: CredentialsHint;
  readonly remoteSipDomain: RemoteSipDomain;
  /** The carrier's regions; the request's `region` picks one (the first when absent). */
  readonly regions: readonly ProviderRegion[];
  readonly wizard: WizardDefaults & { readonly register: boolean };
}

/** The one preset of addSipPhoneRegistrar (it takes no profile parameter). */
export interface SipPhoneRegistrarProfile {
  readonly id: string;
  readonly displayName: string;
  readonly sipDomain: string;
  readonly wizard: WizardDefaults;
}
