import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsString, IsUUID, ValidateNested } from 'class-validator';
import {
  DNS_LOOKUP_VALUES,
  IP_VERSION_VALUES,
  type DnsLookup,
  type IpVersion,
} from '../../../profiles/domain/NodeProfile.js';

/**
 * The shapes of the Nodes operations, one class each: request DTOs (validated by validateDto, described in
 * /openapi.json) and the answers the controller's mappings are typed to return.
 */

// ---- answers ----

/** GetNodesNode and AddNodeResult (the same shape): an object's id and display name. */
export class NodeEntryView {
  @IsUUID() id!: string;
  @IsString() displayName!: string;
}

/** A profile as listed without completeData. */
export class ProfileEntryView {
  @IsUUID() id!: string;
  @IsString() displayName!: string;
}

export class NetworkPeerView {
  @IsIn(IP_VERSION_VALUES) ipVersion!: IpVersion;
  @IsString() host!: string;
  @IsInt() subnetPrefixLength!: number;
  @IsArray() @IsIn(DNS_LOOKUP_VALUES, { each: true }) dnsLookup!: DnsLookup[];
}

/** What credentials a profile expects; profiles carry no password. */
export class CredentialsHintView {
  @IsBoolean() required!: boolean;
  @IsString() username!: string;
}

export class RemoteSipDomainView {
  @IsString() host!: string;
  @IsInt() port!: number;
  @IsIn(['UDP', 'TCP', 'TLS']) transport!: 'UDP' | 'TCP' | 'TLS';
}

export class SipRegistrarView {
  @IsIn(['ALWAYS', 'NEVER']) type!: 'ALWAYS' | 'NEVER';
}

export class PortRangeView {
  @IsInt() firstPort!: number;
  @IsInt() lastPort!: number;
}

export class ProviderRegionView {
  @IsString() name!: string;
  @IsString() proxyHost!: string;
  @IsInt() proxyPort!: number;
}

/** A system profile with completeData=true (the specification's list entry). */
export class SystemProfileView {
  @IsUUID() id!: string;
  @IsString() displayName!: string;
  @IsString() networkControllerDisplayName!: string;
  @IsString() networkControllerInterface!: string;
  @IsIn(IP_VERSION_VALUES) networkControllerIpVersion!: IpVersion;
  @IsString() networkControllerIpAddress!: string;
  @IsString() sbcFqdn!: string;
  @IsString() tenantFqdn!: string;
  @IsBoolean() createNewNetworkController!: boolean;
  @IsBoolean() createNewCollabCarrierNode!: boolean;
  @IsBoolean() activateServerAuthentication!: boolean;
  @IsBoolean() activateClientAuthentication!: boolean;
  @IsBoolean() includeSipRegistrarInWhitelist!: boolean;
  @IsBoolean() includeRemoteSipDomainInWhitelist!: boolean;
  @IsBoolean() includeOwnSubnetInWhitelist!: boolean;
  @IsBoolean() allowOnlyNegotiatedPeersForRtpRtcp!: boolean;
  @IsBoolean() useNetworkPeerWhitelist!: boolean;
  @IsArray() @IsString({ each: true }) routingDomains!: string[];
  @ValidateNested({ each: true }) @Type(() => NetworkPeerView) networkPeerWhitelist!: NetworkPeerView[];
  @ValidateNested() @Type(() => CredentialsHintView) serverCredentials!: CredentialsHintView;
  @ValidateNested() @Type(() => CredentialsHintView) clientCredentials!: CredentialsHintView;
  @ValidateNested() @Type(() => RemoteSipDomainView) remoteSipDomain!: RemoteSipDomainView;
  @ValidateNested() @Type(() => SipRegistrarView) sipRegistrar!: SipRegistrarView;
  @ValidateNested() @Type(() => PortRangeView) udpPortRange!: PortRangeView;
  @IsIn(['TRUNK', 'SUBSCRIBER']) sipInterconnection!: 'TRUNK' | 'SUBSCRIBER';
}

/** A provider profile with completeData=true: the specification's list entry, plus the carrier's regions. */
export class ProviderProfileView {
  @IsUUID() id!: string;
  @IsString() displayName!: string;
  @IsString() networkControllerDisplayName!: string;
  @IsString() networkControllerInterface!: string;
  @IsIn(IP_VERSION_VALUES) networkControllerIpVersion!: IpVersion;
  @IsString() networkControllerIpAddress!: string;
  @IsString() addressOfRecord!: string;
  @IsString() assertedUri!: string;
  @IsBoolean() createNewNetworkController!: boolean;
  @IsBoolean() activateNatTraversal!: boolean;
  @IsBoolean() defineAssertedUri!: boolean;
  @IsBoolean() nodeViaSipTrunking!: boolean;
  @IsBoolean() activateClientAuthentication!: boolean;
  @IsBoolean() includeSipRegistrarInWhitelist!: boolean;
  @IsBoolean() includeRemoteSipDomainInWhitelist!: boolean;
  @IsBoolean() includeProxyInWhitelist!: boolean;
  @IsBoolean() allowOnlyNegotiatedPeersForRtpRtcp!: boolean;
  @IsBoolean() useNetworkPeerWhitelist!: boolean;
  @IsArray() @IsString({ each: true }) routingDomains!: string[];
  @ValidateNested({ each: true }) @Type(() => NetworkPeerView) networkPeerWhitelist!: NetworkPeerView[];
  @ValidateNested() @Type(() => CredentialsHintView) credentials!: CredentialsHintView;
  @ValidateNested() @Type(() => RemoteSipDomainView) remoteSipDomain!: RemoteSipDomainView;
  @ValidateNested({ each: true }) @Type(() => ProviderRegionView) regions!: ProviderRegionView[];
}
