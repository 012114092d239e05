import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { FORWARDING_MODES, type RequestRouter } from '../../domain/RequestRouter.js';

export class RequestRouterRouteView {
  @IsString() transportConnectionId!: string;
}

export class RequestRouterPortRangeView {
  @IsInt() firstPort!: number;
  @IsInt() lastPort!: number;
}

export class SideOptionsView {
  @IsBoolean()
  @JSONSchema({ description: 'insert a Record-Route header so in-dialog requests pass the router' })
  recordRoute!: boolean;
  @IsBoolean()
  @JSONSchema({ description: 'replace Via, Contact and Record-Route values of the other edge' })
  topologyHiding!: boolean;
  @IsInt()
  @JSONSchema({ minimum: 1, maximum: 255, description: 'Max-Forwards of requests sent towards this edge' })
  maxForwards!: number;
}

/** RequestRouter as requestRouters/get, add and set answer it. */
export class RequestRouterView {
  @IsString() id!: string;
  @IsString() displayName!: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'SIP transport of the primary edge' })
  incomingEdgeSipTransportId?: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'SIP transport of the secondary edge' })
  outgoingEdgeSipTransportId?: string;
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RequestRouterRouteView)
  @JSONSchema({ description: 'transport connections the router routes over, in order' })
  routes!: RequestRouterRouteView[];
  @IsArray()
  @IsString({ each: true })
  @JSONSchema({ description: 'SIP URIs requests are routed to' })
  routingTargets!: string[];
  @IsBoolean() useLocalNode!: boolean;
  @IsIn(FORWARDING_MODES) forwardingMode!: (typeof FORWARDING_MODES)[number];
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'the router works only while this condition holds' })
  operationalStateConditionId?: string;
  @ValidateNested()
  @Type(() => RequestRouterPortRangeView)
  @JSONSchema({ description: 'local UDP ports of forwarded requests' })
  udpPortRange!: RequestRouterPortRangeView;
  @ValidateNested() @Type(() => SideOptionsView) primarySideOptions!: SideOptionsView;
  @ValidateNested() @Type(() => SideOptionsView) secondarySideOptions!: SideOptionsView;
}

export function renderRouter(router: RequestRouter): RequestRouterView {
  const s = router.snapshot();
  return {
    id: s.id,
    displayName: s.displayName,
    ...(s.incomingEdgeSipTransportId ? { incomingEdgeSipTransportId: s.incomingEdgeSipTransportId } : {}),
    ...(s.outgoingEdgeSipTransportId ? { outgoingEdgeSipTransportId: s.outgoingEdgeSipTransportId } : {}),
    routes: s.routeConnectionIds.map((transportConnectionId) => ({ transportConnectionId })),
    routingTargets: [...s.routingTargets],
    useLocalNode: s.useLocalNode,
    forwardingMode: s.forwardingMode,
    ...(s.operationalStateConditionId ? { operationalStateConditionId: s.operationalStateConditionId } : {}),
    udpPortRange: { ...s.udpPortRange },
    primarySideOptions: { ...s.primarySideOptions },
    secondarySideOptions: { ...s.secondarySideOptions },
  };
}
