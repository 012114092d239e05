import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { IpVersion, NetworkPeer, RemoteSipDomain } from '../../profiles/domain/NodeProfile.js';

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
