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
import { FORWARDING_MODES } from '../../domain/RequestRouter.js';

export class PortRangeDto {
  @IsInt() firstPort!: number;
  @IsInt() lastPort!: number;
}

export class PartialPortRangeDto {
  @IsOptional() @IsInt() firstPort?: number | null;
  @IsOptional() @IsInt() lastPort?: number | null;
}

export class PortOptionsDto {
  @IsInt() @JSONSchema({ description: "TLS listening port of the router's new SIP transport" }) tlsPort!: number;
  @IsInt()
  @JSONSchema({ description: "UDP and TCP listening port of the router's new SIP transport" })
  udpTcpPort!: number;
  @IsOptional()
  @ValidateNested()
  @Type(() => PortRangeDto)
  @JSONSchema({ description: 'local ports of outgoing TCP/TLS connections (default 9000-12000)' })
  tcpPortRange?: PortRangeDto | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => PortRangeDto)
  @JSONSchema({ description: 'local UDP ports of forwarded requests (default 9000-12000)' })
  udpPortRange?: PortRangeDto | null;
}

export class NetworkControllerOptionsDto {
  @IsOptional() @IsBoolean() createNewNetworkController?: boolean | null;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: "with createNewNetworkController: the new controller's IPv4 or IPv6 address" })
  newNetworkControllerIpAddress?: string | null;
  @IsOptional()
  @IsString()
  @JSONSchema({
    description:
      'without createNewNetworkController: an existing controller (id or display name); default the first by name',
  })
  networkControllerId?: string | null;
}

/** The body of requestRouters/add, as the real product takes it. */
export class AddRequestRouterDto {
  @IsString() @JSONSchema({ description: "becomes the router's displayName" }) requestRouterName!: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @IsString({ each: true })
  @JSONSchema({ description: 'SIP or SIPS URIs requests are routed to' })
  routingTargets?: string[] | null;
  @IsOptional() @IsBoolean() useLocalNode?: boolean | null;
  @IsOptional() @IsIn(FORWARDING_MODES) forwardingMode?: (typeof FORWARDING_MODES)[number] | null;
  @IsDefined() @ValidateNested() @Type(() => PortOptionsDto) portOptions!: PortOptionsDto;
  @IsOptional()
  @ValidateNested()
  @Type(() => NetworkControllerOptionsDto)
  networkControllerOptions?: NetworkControllerOptionsDto | null;
}

export class RequestRouterRouteDto {
  @IsString() transportConnectionId!: string;
}

export class SideOptionsDto {
  @IsOptional() @IsBoolean() recordRoute?: boolean | null;
  @IsOptional() @IsBoolean() topologyHiding?: boolean | null;
  @IsOptional() @IsInt() maxForwards?: number | null;
}

/** The body of requestRouters/set: a RequestRouter; every field optional (left out: unchanged; null clears an optional reference). */
export class SetRequestRouterDto {
  @IsOptional() @IsString() @JSONSchema({ description: "when sent, the router's own id" }) id?: string | null;
  @IsOptional() @IsString() displayName?: string | null;
  @IsOptional() @IsString() incomingEdgeSipTransportId?: string | null;
  @IsOptional() @IsString() outgoingEdgeSipTransportId?: string | null;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(256)
  @ValidateNested({ each: true })
  @Type(() => RequestRouterRouteDto)
  routes?: RequestRouterRouteDto[] | null;
  @IsOptional() @IsArray() @ArrayMaxSize(64) @IsString({ each: true }) routingTargets?: string[] | null;
  @IsOptional() @IsBoolean() useLocalNode?: boolean | null;
  @IsOptional() @IsIn(FORWARDING_MODES) forwardingMode?: (typeof FORWARDING_MODES)[number] | null;
  @IsOptional() @IsString() operationalStateConditionId?: string | null;
  @IsOptional() @ValidateNested() @Type(() => PartialPortRangeDto) udpPortRange?: PartialPortRangeDto | null;
  @IsOptional() @ValidateNested() @Type(() => SideOptionsDto) primarySideOptions?: SideOptionsDto | null;
  @IsOptional() @ValidateNested() @Type(() => SideOptionsDto) secondarySideOptions?: SideOptionsDto | null;
}
