import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { AUTHENTICATION_POLICIES, DISTRIBUTIONS, SRV_SERVICES, TRANSPORTS } from '../../domain/KindSettings.js';

export class ProxyDto {
  @IsString() @JSONSchema({ description: 'SIP or SIPS URI of the proxy or peer' }) iri!: string;
  @IsOptional() @IsBoolean() options?: boolean | null;
  @IsOptional() @IsBoolean() optionsNextHop?: boolean | null;
  @IsOptional() @IsBoolean() omitInitialRouteSet?: boolean | null;
  @IsOptional() @IsBoolean() flow?: boolean | null;
}

export class ConnectionCredentialsDto {
  @IsString()
  @JSONSchema({
    description: 'id of an existing SIP credentials object (SIPAUTH_STACK); set new ones with authentication/set',
  })
  authenticationProfileId!: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'when sent, must be the user name of those credentials' })
  username?: string | null;
}

export class RegistrationDto {
  @IsOptional() @IsString() sipDomain?: string | null;
  @IsOptional() @IsString() addressOfRecord?: string | null;
}

/** AssertedUriView as sent: the URI (empty clears an asserted identity) and an optional display name. */
export class AssertedUriDto {
  @IsString()
  @JSONSchema({
    description: 'SIP, SIPS or TEL URI (address of record: SIP or SIPS); empty clears the asserted identity',
  })
  uri!: string;
  @IsOptional() @IsString() @JSONSchema({ description: 'display name of an asserted identity' }) displayName?:
    string | null;
}

/** Credentials: the user name and password a connection authenticates with. The password is never answered. */
export class CredentialsDto {
  @IsString() username!: string;
  @IsString() @JSONSchema({ writeOnly: true, description: 'stored, never answered' }) password!: string;
}

export class PlainDestinationDto {
  @IsString() @JSONSchema({ description: 'SIP or SIPS URI requests go to' }) iri!: string;
  @IsOptional() @IsIn(TRANSPORTS) transport?: (typeof TRANSPORTS)[number] | null;
}

export class MemberDto {
  @IsString() transportConnectionId!: string;
}

export class RegistrarDto {
  @IsString() @JSONSchema({ description: 'SIP or SIPS URI of the registrar' }) iri!: string;
}

/**
 * Fields every add body may carry. `displayName`, when sent, must be the query's; without `sipNodeId` the
 * connection is made unattached (no node lists it) until a node's transportConnectionIds names it.
 */
abstract class AddConnectionBase {
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'when sent, must equal the displayName query parameter' })
  displayName?: string | null;
  @IsOptional()
  @IsString()
  @JSONSchema({
    description:
      'id of the node the connection is added to (last priority); without it the connection is unattached, never chosen until a node lists it',
  })
  sipNodeId?: string | null;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'id of a condition; the connection works only while it holds' })
  conditionId?: string | null;
}

abstract class AddAuthenticatingBase extends AddConnectionBase {
  @IsOptional() @IsBoolean() authenticationEnabled?: boolean | null;
  @IsOptional() @ValidateNested() @Type(() => ConnectionCredentialsDto) credentials?: ConnectionCredentialsDto | null;
  @IsOptional() @ValidateNested() @Type(() => AssertedUriDto) assertedAddress?: AssertedUriDto | null;
}

export class AddStandardConnectionDto extends AddAuthenticatingBase {
  @IsOptional() @IsIn(['STANDARD']) type?: 'STANDARD' | null;
  @IsDefined() @ValidateNested() @Type(() => ProxyDto) proxy!: ProxyDto;
  @IsOptional() @ValidateNested() @Type(() => RegistrationDto) registration?: RegistrationDto | null;
  @IsOptional() @IsIn(AUTHENTICATION_POLICIES) authenticationPolicy?: (typeof AUTHENTICATION_POLICIES)[number] | null;
}

export class AddPlainConnectionDto extends AddAuthenticatingBase {
  @IsOptional() @IsIn(['PLAIN']) type?: 'PLAIN' | null;
  @IsDefined() @ValidateNested() @Type(() => PlainDestinationDto) destination!: PlainDestinationDto;
}

export class AddSipLoadBalancingDto extends AddConnectionBase {
  @IsOptional() @IsIn(['SIP_LOAD_BALANCING']) type?: 'SIP_LOAD_BALANCING' | null;
  @IsOptional() @IsIn(DISTRIBUTIONS) distribution?: (typeof DISTRIBUTIONS)[number] | null;
  @IsArray()
  @ArrayMaxSize(256)
  @ValidateNested({ each: true })
  @Type(() => MemberDto)
  @JSONSchema({ description: 'the balanced connections, in priority order (at least one)' })
  members!: MemberDto[];
  @IsOptional() @IsString() failoverSipStatusCodes?: string | null;
  @IsOptional() @IsBoolean() failoverOnTimeout?: boolean | null;
}

export class AddSipRegistrarDto extends AddAuthenticatingBase {
  @IsOptional() @IsIn(['SIP_REGISTRATION']) type?: 'SIP_REGISTRATION' | null;
  @IsDefined() @ValidateNested() @Type(() => RegistrarDto) registrar!: RegistrarDto;
  @IsString() @JSONSchema({ description: 'SIP or SIPS URI registered' }) addressOfRecord!: string;
  @IsOptional() @IsInt() @JSONSchema({ minimum: 60, maximum: 86400, default: 3600 }) expiresSeconds?: number | null;
  @IsOptional() @IsString() contactUser?: string | null;
}

export class AddSrvLoadBalancerDto extends AddAuthenticatingBase {
  @IsOptional() @IsIn(['SRV_LOAD_BALANCER']) type?: 'SRV_LOAD_BALANCER' | null;
  @IsString() @JSONSchema({ description: 'DNS domain whose SRV records are resolved' }) domain!: string;
  @IsOptional() @IsIn(SRV_SERVICES) service?: (typeof SRV_SERVICES)[number] | null;
  @IsOptional() @IsInt() @JSONSchema({ minimum: 10, maximum: 86400, default: 300 }) refreshSeconds?: number | null;
}
