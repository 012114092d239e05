import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  DNS_LOOKUP_VALUES,
  IP_VERSION_VALUES,
  type DnsLookup,
  type IpVersion,
} from '../../../profiles/domain/NodeProfile.js';

// ---- requests ----

const PORT_MIN = 1;

const PORT_MAX = 65535;

export class NetworkPeerDto {
  @IsIn(IP_VERSION_VALUES) ipVersion!: IpVersion;
  @IsString() @MaxLength(253) host!: string;
  @IsInt() @Min(0) @Max(128) subnetPrefixLength!: number;
  @IsOptional() @IsArray() @ArrayMaxSize(4) @IsIn(DNS_LOOKUP_VALUES, { each: true }) dnsLookup?: DnsLookup[] | null;
}

export class RemoteSipDomainDto {
  @IsString() @MaxLength(253) host!: string;
  @IsInt() @Min(PORT_MIN) @Max(PORT_MAX) port!: number;
  @IsIn(['UDP', 'TCP', 'TLS']) transport!: 'UDP' | 'TCP' | 'TLS';
}

export class NodeCredentialsDto {
  @IsString() @MaxLength(255) username!: string;
  @IsString() @MaxLength(1024) password!: string;
}

/** Fields every node wizard takes (null or absent: the profile's value). */
class WizardBaseDto {
  @IsString() @MaxLength(255) displayName!: string;
  @IsOptional() @IsBoolean() createNewNetworkController?: boolean | null;
  @IsOptional() @IsString() @MaxLength(255) networkControllerDisplayName?: string | null;
  @IsOptional() @IsIn(IP_VERSION_VALUES) networkControllerIpVersion?: IpVersion | null;
  @IsOptional() @IsString() @MaxLength(64) networkControllerIpAddress?: string | null;
  @IsOptional() @IsInt() @Min(PORT_MIN) @Max(PORT_MAX) udpTcpPort?: number | null;
  @IsOptional() @IsInt() @Min(PORT_MIN) @Max(PORT_MAX) tlsPort?: number | null;
  @IsOptional() @IsArray() @ArrayMaxSize(64) @IsString({ each: true }) routingDomains?: string[] | null;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => NetworkPeerDto)
  networkPeerWhitelist?: NetworkPeerDto[] | null;
}

/** AddSystemProfile: the fields the specification shows, plus udpTcpPort, tenantFqdn, remoteSipDomain and networkPeerWhitelist. */
export class AddSystemProfileDto extends WizardBaseDto {
  @IsOptional() @IsString() @MaxLength(253) sbcFqdn?: string | null;
  @IsOptional() @IsString() @MaxLength(253) tenantFqdn?: string | null;
  @IsOptional() @ValidateNested() @Type(() => RemoteSipDomainDto) remoteSipDomain?: RemoteSipDomainDto | null;
}

/** AddProviderProfile (version 2): credentials are stored with the node's transport connection, never answered. */
export class AddProviderProfileDto extends WizardBaseDto {
  @IsOptional() @IsString() @MaxLength(64) region?: string | null;
  @IsOptional() @ValidateNested() @Type(() => NodeCredentialsDto) credentials?: NodeCredentialsDto | null;
  @IsOptional() @IsBoolean() includeSipRegistrarInWhitelist?: boolean | null;
  @IsOptional() @IsBoolean() includeRemoteSipDomainInWhitelist?: boolean | null;
  @IsOptional() @IsBoolean() includeProxyInWhitelist?: boolean | null;
  @IsOptional() @IsBoolean() nodeViaSipTrunking?: boolean | null;
  @IsOptional() @IsString() @MaxLength(2048) assertedUri?: string | null;
  @IsOptional() @IsString() @MaxLength(2048) addressOfRecord?: string | null;
  @IsOptional() @IsBoolean() activateClientAuthentication?: boolean | null;
}

/** AddSipPhoneRegistrarProfile: the fields the specification shows, plus networkController*, sipDomain and routingDomains. */
export class AddSipPhoneRegistrarProfileDto extends WizardBaseDto {
  @IsOptional() @IsString() @MaxLength(255) sipPhoneRegistrarDirectoryId?: string | null;
  @IsOptional() @IsString() @MaxLength(253) sipDomain?: string | null;
}
