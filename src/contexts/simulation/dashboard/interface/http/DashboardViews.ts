import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** Two counts: answered with success, and not. */
export class DashboardCountsView {
  @IsInt() success!: number;
  @IsInt() failed!: number;
}

/** A node's calls in progress: those that came in on it, and those whose current attempt went out on it. */
export class DashboardSessionsView {
  @IsInt() incomingCalls!: number;
  @IsInt() outgoingCalls!: number;
}

/** SIP OPTIONS keep-alives: those the gateway sent on the node's trunk, and those it answered on the node's listener. */
export class DashboardOptionsPacketsView {
  @ValidateNested() @Type(() => DashboardCountsView) sent!: DashboardCountsView;
  @ValidateNested() @Type(() => DashboardCountsView) received!: DashboardCountsView;
}

export class DashboardPortRangeView {
  @IsInt() firstPort!: number;
  @IsInt() lastPort!: number;
}

/** The node's local port ranges: UDP requests leave from its listening port, TCP/TLS connections from tcpFirstPort..tcpLastPort. */
export class DashboardPortRangesView {
  @ValidateNested() @Type(() => DashboardPortRangeView) udp!: DashboardPortRangeView;
  @ValidateNested() @Type(() => DashboardPortRangeView) tcp!: DashboardPortRangeView;
}

export class DashboardLocalPortView {
  @IsBoolean() enabled!: boolean;
  @IsInt() port!: number;
}

/** The node's listeners: whether each takes requests now, and its port. */
export class DashboardLocalPortsView {
  @ValidateNested() @Type(() => DashboardLocalPortView) udp!: DashboardLocalPortView;
  @ValidateNested() @Type(() => DashboardLocalPortView) tcp!: DashboardLocalPortView;
  @ValidateNested() @Type(() => DashboardLocalPortView) tls!: DashboardLocalPortView;
}

/** A phone registered at a registrar node (every field a string, dates in the request's date format). */
export class DashboardRegisteredClientView {
  @IsString() @JSONSchema({ description: 'the Contact URI registered' }) bindingIri!: string;
  @IsString()
  @JSONSchema({ description: 'when the REGISTER that made or renewed it was accepted' })
  lastRefresh!: string;
  @IsString() addressOfRecord!: string;
  @IsString() @JSONSchema({ description: 'the host its Contact sends to' }) ipAddress!: string;
  @IsString() @JSONSchema({ description: "'active' while it lasts" }) registration!: string;
  @IsString() @JSONSchema({ description: 'when it ends unless renewed' }) expiration!: string;
  @IsString() user!: string;
  @IsString() @JSONSchema({ description: "its User-Agent ('' when it sent none)" }) sipUserAgent!: string;
}

export class DashboardTransportConnectionView {
  @IsBoolean()
  @JSONSchema({ description: 'false once the keep-alive of the watched (first) connection found its peer down' })
  transportUp!: boolean;
  @IsString() transportId!: string;
  @IsString() transportTargetIri!: string;
}

/** One SIP node at a glance. */
export class DashboardSipNodeView {
  @IsString() id!: string;
  @IsString() displayName!: string;
  @IsBoolean() enabled!: boolean;
  @IsBoolean()
  @JSONSchema({
    description:
      'takes calls now: enabled, its network up (see networkState) and this system the active one of a hot standby pair',
  })
  operational!: boolean;
  @IsString()
  @JSONSchema({
    description:
      "'up', or 'down' when no listener of the node takes requests (a port it could not bind), the gateway fault nodeDown holds it, or its trunk's keep-alive found the peer down",
  })
  networkState!: string;
  @IsString()
  @JSONSchema({ description: "its trunk's registration: 'notConfigured', 'registering', 'registered' or 'failed'" })
  registrationState!: string;
  @IsString()
  @JSONSchema({ description: "the host its first transport connection points at ('' for none)" })
  remoteSipDomain!: string;
  @IsString() ipAddress!: string;
  @IsBoolean() natTraversalEnabled!: boolean;
  @ValidateNested() @Type(() => DashboardSessionsView) sessions!: DashboardSessionsView;
  @ValidateNested() @Type(() => DashboardOptionsPacketsView) optionsPackets!: DashboardOptionsPacketsView;
  @ValidateNested() @Type(() => DashboardPortRangesView) portRanges!: DashboardPortRangesView;
  @ValidateNested() @Type(() => DashboardLocalPortsView) localPorts!: DashboardLocalPortsView;
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DashboardRegisteredClientView)
  registeredClientList!: DashboardRegisteredClientView[];
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DashboardTransportConnectionView)
  transportConnections!: DashboardTransportConnectionView[];
}

/** The gateway's connection to a directory server. */
export class DashboardLdapConnectionView {
  @IsString() displayName!: string;
  @IsString() hostname!: string;
  @IsInt() port!: number;
  @IsString() @JSONSchema({ description: "'ssl' (ldaps) or 'none'" }) encryption!: string;
  @IsString() establishTime!: string;
  @IsString() @JSONSchema({ description: "the last user search ('' before the first)" }) lastSearchTime!: string;
  @IsString() @JSONSchema({ description: 'the account the gateway binds with' }) username!: string;
  @IsString() @JSONSchema({ description: "'connected' when up" }) state!: string;
  @IsInt() cachedItems!: number;
  @IsInt() searchCount!: number;
}

/** A certificate the gateway holds, with whole days until it expires on the lab clock (negative once it has). */
export class DashboardCertificateView {
  @IsString() commonName!: string;
  @IsInt() expiresInDays!: number;
}

/** A Skype for Business UCMA node (the simulated gateway has none). */
export class DashboardSfbUcmaNodeView {
  @IsString() displayName!: string;
}

/** The gateway at a glance. */
export class DashboardView {
  @IsArray() @ValidateNested({ each: true }) @Type(() => DashboardSipNodeView) sipNodes!: DashboardSipNodeView[];
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DashboardLdapConnectionView)
  ldapConnections!: DashboardLdapConnectionView[];
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DashboardSfbUcmaNodeView)
  @JSONSchema({ description: 'always empty' })
  sfbUcmaNodes!: DashboardSfbUcmaNodeView[];
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DashboardCertificateView)
  certificates!: DashboardCertificateView[];
}
