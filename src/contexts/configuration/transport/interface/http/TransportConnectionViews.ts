import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { ConnectionDetails } from '../../application/connectionGraph.js';
import type { NodeConnection } from '../../application/ListNodeTransportConnections.js';
import type { AssertedAddress } from '../../domain/AssertedAddress.js';
import { CONNECTION_KINDS } from '../../domain/ConnectionKind.js';
import { AUTHENTICATION_POLICIES, DISTRIBUTIONS, SRV_SERVICES, TRANSPORTS } from '../../domain/KindSettings.js';
import type { TransportConnection } from '../../domain/TransportConnection.js';
import type { SipCredentials } from '../../domain/SipCredentials.js';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';

export class ProxyView {
  @IsString() @JSONSchema({ description: 'SIP or SIPS URI of the proxy or peer' }) iri!: string;
  @IsBoolean() @JSONSchema({ description: 'send OPTIONS to the proxy' }) options!: boolean;
  @IsBoolean() @JSONSchema({ description: 'send OPTIONS to the next hop' }) optionsNextHop!: boolean;
  @IsBoolean() @JSONSchema({ description: 'omit the initial Route header' }) omitInitialRouteSet!: boolean;
  @IsBoolean() @JSONSchema({ description: 'keep a flow (RFC 5626) to the proxy' }) flow!: boolean;
}

/** The credentials a connection uses: the SIPAUTH_STACK object and its user name (never the password). */
export class ConnectionCredentialsView {
  @IsString()
  @JSONSchema({ description: 'id of the SIP credentials object (SIPAUTH_STACK)' })
  authenticationProfileId!: string;
  @IsString() username!: string;
}

export class RegistrationView {
  @IsString()
  @JSONSchema({ description: 'SIP URI of the domain registered at; empty: no registration' })
  sipDomain!: string;
  @IsString() @JSONSchema({ description: 'SIP URI registered; empty: none' }) addressOfRecord!: string;
}

/** An asserted identity or address of record: a URI (empty when none is set) and, for an asserted identity, a display name. */
@SchemaName('AssertedUri')
export class AssertedUriView {
  @IsString()
  @JSONSchema({ description: 'SIP, SIPS or TEL URI (address of record: SIP or SIPS); empty when none is set' })
  uri!: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'display name sent with the asserted identity' })
  displayName?: string;
}

export class PlainDestinationView {
  @IsString() @JSONSchema({ description: 'SIP or SIPS URI requests go to' }) iri!: string;
  @IsIn(TRANSPORTS) transport!: (typeof TRANSPORTS)[number];
}

export class MemberView {
  @IsString() transportConnectionId!: string;
}

export class RegistrarView {
  @IsString() @JSONSchema({ description: 'SIP or SIPS URI of the registrar' }) iri!: string;
}

abstract class ConnectionViewBase {
  @IsString() id!: string;
  @IsString() displayName!: string;
  @IsOptional()
  @IsString()
  @JSONSchema({
    description:
      'the node listing the connection in its transport connections; absent (never null) when none does: an unattached connection',
  })
  sipNodeId?: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'the connection works only while this condition holds' })
  conditionId?: string;
}

abstract class AuthenticatingViewBase extends ConnectionViewBase {
  @IsBoolean() authenticationEnabled!: boolean;
  @IsOptional()
  @ValidateNested()
  @Type(() => ConnectionCredentialsView)
  credentials?: ConnectionCredentialsView;
  @IsOptional()
  @ValidateNested()
  @Type(() => AssertedUriView)
  assertedAddress?: AssertedUriView;
}

@SchemaName('StandardTransportConnection')
export class StandardTransportConnectionView extends AuthenticatingViewBase {
  @IsIn(['STANDARD']) type!: 'STANDARD';
  @ValidateNested() @Type(() => ProxyView) proxy!: ProxyView;
  @ValidateNested() @Type(() => RegistrationView) registration!: RegistrationView;
  @IsIn(AUTHENTICATION_POLICIES) authenticationPolicy!: (typeof AUTHENTICATION_POLICIES)[number];
}

@SchemaName('PlainTransportConnection')
export class PlainTransportConnectionView extends AuthenticatingViewBase {
  @IsIn(['PLAIN']) type!: 'PLAIN';
  @ValidateNested() @Type(() => PlainDestinationView) destination!: PlainDestinationView;
}

@SchemaName('SipLoadBalancingTransportConnection')
export class SipLoadBalancingTransportConnectionView extends ConnectionViewBase {
  @IsIn(['SIP_LOAD_BALANCING']) type!: 'SIP_LOAD_BALANCING';
  @IsIn(DISTRIBUTIONS) distribution!: (typeof DISTRIBUTIONS)[number];
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => MemberView)
  @JSONSchema({ description: 'the balanced connections, in priority order' })
  members!: MemberView[];
  @IsString()
  @JSONSchema({ description: 'responses that move on to the next member, e.g. 408,500-599' })
  failoverSipStatusCodes!: string;
  @IsBoolean() failoverOnTimeout!: boolean;
}

@SchemaName('SipRegistrationAsTransportConnection')
export class SipRegistrationAsTransportConnectionView extends AuthenticatingViewBase {
  @IsIn(['SIP_REGISTRATION']) type!: 'SIP_REGISTRATION';
  @ValidateNested() @Type(() => RegistrarView) registrar!: RegistrarView;
  @IsString() addressOfRecord!: string;
  @IsInt() @JSONSchema({ minimum: 60, maximum: 86400 }) expiresSeconds!: number;
  @IsString() @JSONSchema({ description: 'user part of the Contact; empty for the AOR user' }) contactUser!: string;
}

@SchemaName('SrvLoadBalancer')
export class SrvLoadBalancerView extends AuthenticatingViewBase {
  @IsIn(['SRV_LOAD_BALANCER']) type!: 'SRV_LOAD_BALANCER';
  @IsString() @JSONSchema({ description: 'DNS domain whose SRV records are resolved' }) domain!: string;
  @IsIn(SRV_SERVICES) service!: (typeof SRV_SERVICES)[number];
  @IsInt() @JSONSchema({ minimum: 10, maximum: 86400 }) refreshSeconds!: number;
}

export type TransportConnectionView =
  | StandardTransportConnectionView
  | PlainTransportConnectionView
  | SipLoadBalancingTransportConnectionView
  | SipRegistrationAsTransportConnectionView
  | SrvLoadBalancerView;

/** SipCredentials: whether the connection authenticates and with which credentials; never the password. */
export class SipCredentialsView {
  @IsBoolean() authenticationEnabled!: boolean;
  @IsOptional() @IsString() authenticationProfileId?: string;
  @IsOptional() @IsString() username?: string;
  @IsOptional() @IsString() authorizationUsername?: string;
  @IsOptional() @IsString() realm?: string;
}

/** A transport connection of a node as nodes/transportConnections/get lists it. */
export class NodeTransportConnectionView {
  @IsString() id!: string;
  @IsString() displayName!: string;
  @IsIn(CONNECTION_KINDS) type!: (typeof CONNECTION_KINDS)[number];
  @IsInt() @JSONSchema({ description: "position in the node's list, 1 first" }) priority!: number;
  @IsString()
  @JSONSchema({
    description:
      "where the connection leads: proxy, destination, registrar or SRV domain; the members' count for a load balancer",
  })
  target!: string;
  @IsBoolean() authenticationEnabled!: boolean;
  @IsOptional() @IsString() conditionId?: string;
}

function credentialsView(credentials: SipCredentials | undefined): { credentials?: ConnectionCredentialsView } {
  return credentials
    ? { credentials: { authenticationProfileId: credentials.id, username: credentials.username } }
    : {};
}

export function assertedUriView(address: AssertedAddress): AssertedUriView {
  return address.displayName !== '' ? { uri: address.uri, displayName: address.displayName } : { uri: address.uri };
}

function common(connection: TransportConnection) {
  return {
    id: connection.id,
    displayName: connection.displayName,
    ...(connection.sipNodeId ? { sipNodeId: connection.sipNodeId } : {}),
    ...(connection.conditionId ? { conditionId: connection.conditionId } : {}),
  };
}

function authenticating({ connection, credentials }: ConnectionDetails) {
  return {
    authenticationEnabled: connection.authenticationEnabled,
    ...credentialsView(credentials),
    ...(connection.assertedAddress ? { assertedAddress: assertedUriView(connection.assertedAddress) } : {}),
  };
}

/** The connection in its kind's shape. */
export function renderConnection(details: ConnectionDetails): TransportConnectionView {
  const { connection } = details;
  const settings = connection.settings;
  switch (settings.kind) {
    case 'STANDARD':
      return {
        ...common(connection),
        type: 'STANDARD',
        proxy: { ...settings.proxy },
        ...authenticating(details),
        registration: { ...settings.registration },
        authenticationPolicy: settings.authenticationPolicy,
      };
    case 'PLAIN':
      return {
        ...common(connection),
        type: 'PLAIN',
        destination: { ...settings.destination },
        ...authenticating(details),
      };
    case 'SIP_LOAD_BALANCING':
      return {
        ...common(connection),
        type: 'SIP_LOAD_BALANCING',
        distribution: settings.distribution,
        members: settings.memberIds.map((transportConnectionId) => ({ transportConnectionId })),
        failoverSipStatusCodes: settings.failoverSipStatusCodes,
        failoverOnTimeout: settings.failoverOnTimeout,
      };
    case 'SIP_REGISTRATION':
      return {
        ...common(connection),
        type: 'SIP_REGISTRATION',
        registrar: { ...settings.registrar },
        addressOfRecord: settings.addressOfRecord,
        expiresSeconds: settings.expiresSeconds,
        contactUser: settings.contactUser,
        ...authenticating(details),
      };
    case 'SRV_LOAD_BALANCER':
      return {
        ...common(connection),
        type: 'SRV_LOAD_BALANCER',
        domain: settings.domain,
        service: settings.service,
        refreshSeconds: settings.refreshSeconds,
        ...authenticating(details),
      };
  }
}

export function renderCredentials({ connection, credentials }: ConnectionDetails): SipCredentialsView {
  return {
    authenticationEnabled: connection.authenticationEnabled,
    ...(credentials ? { authenticationProfileId: credentials.id, username: credentials.username } : {}),
    ...(credentials?.authorizationUsername ? { authorizationUsername: credentials.authorizationUsername } : {}),
    ...(credentials?.realm ? { realm: credentials.realm } : {}),
  };
}

function targetOf(connection: TransportConnection): string {
  const settings = connection.settings;
  switch (settings.kind) {
    case 'STANDARD':
      return settings.proxy.iri;
    case 'PLAIN':
      return settings.destination.iri;
    case 'SIP_LOAD_BALANCING':
      return `${settings.memberIds.length} member(s)`;
    case 'SIP_REGISTRATION':
      return settings.registrar.iri;
    case 'SRV_LOAD_BALANCER':
      return `${settings.service}.${settings.domain}`;
  }
}

export function renderNodeConnection({ connection, priority }: NodeConnection): NodeTransportConnectionView {
  return {
    id: connection.id,
    displayName: connection.displayName,
    type: connection.kind,
    priority,
    target: targetOf(connection),
    authenticationEnabled: connection.authenticationEnabled,
    ...(connection.conditionId ? { conditionId: connection.conditionId } : {}),
  };
}
