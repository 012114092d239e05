import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';

/** A SIP address of a node: where the gateway listens, or the far end. */
export class SipEndpointView {
  @IsString() host!: string;
  @IsInt() port!: number;
  @IsIn(['UDP', 'TCP', 'TLS']) transport!: 'UDP' | 'TCP' | 'TLS';
  /** The IPv4 address packets go to (a simulated 203.0.113.x for a host name). */
  @IsString() address!: string;
}

export class CommittedNodeView {
  @IsString() id!: string;
  @IsString() displayName!: string;
  /** The object sort (TELSIP_STACK, SIP_PHONE_REGISTRAR, …). */
  @IsString() sort!: string;
  @IsBoolean() enabled!: boolean;
  /** Whether calls may enter on it (enabled, and a source node of some routing domain). */
  @IsBoolean() source!: boolean;
  @ValidateNested() @Type(() => SipEndpointView) local!: SipEndpointView;
  /** Absent when the node has no transport connection. */
  @IsOptional() @ValidateNested() @Type(() => SipEndpointView) remote?: SipEndpointView;
}

export class CommittedRouteFilterView {
  @IsArray() @IsString({ each: true }) sourceNodeIds!: string[];
  /** The destination dial string matcher in words (`0*`, `prefix 030…`, `never`); absent: any. */
  @IsOptional() @IsString() destination?: string;
  @IsOptional() @IsString() source?: string;
}

export class CommittedRouteTargetView {
  @IsString() destinationNodeId!: string;
  /** The statuses on which the next target is tried (`SIP 408,500-599; ERROR`); absent: none. */
  @IsOptional() @IsString() failoverOn?: string;
}

export class CommittedRouteView {
  @IsString() id!: string;
  @IsString() displayName!: string;
  @IsBoolean() enabled!: boolean;
  @IsIn(['ACCEPT', 'REJECT', 'IGNORE']) action!: 'ACCEPT' | 'REJECT' | 'IGNORE';
  @IsArray() @ValidateNested({ each: true }) @Type(() => CommittedRouteFilterView) filters!: CommittedRouteFilterView[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => CommittedRouteTargetView) targets!: CommittedRouteTargetView[];
}

export class CommittedRoutingDomainView {
  @IsString() id!: string;
  @IsString() displayName!: string;
  @IsArray() @IsString({ each: true }) sourceNodeIds!: string[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => CommittedRouteView) routes!: CommittedRouteView[];
}

export class PlanProblemView {
  @IsString() objectId!: string;
  @IsString() message!: string;
}

/** The committed configuration as the simulator carries calls on it (the console's overview). */
export class CommittedGatewayView {
  /** Bumps with every commit the simulator took up. */
  @IsInt() generation!: number;
  /** When it was compiled (ISO-8601). */
  @IsString() compiledAt!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => CommittedNodeView) nodes!: CommittedNodeView[];
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CommittedRoutingDomainView)
  routingDomains!: CommittedRoutingDomainView[];
  /** Pieces of the committed configuration left out because they do not compile. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => PlanProblemView) problems!: PlanProblemView[];
}
