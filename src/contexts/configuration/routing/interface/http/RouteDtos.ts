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
  MATCHER_TYPES,
  ROUTE_ACTIONS,
  SEGMENT_SOURCES,
  TEL_STATUSES,
  type DialStringMatcher,
  type DialStringRewritingSpec,
  type FailoverStatusMatch,
  type RouteFilter,
  type RouteSpec,
  type RoutingTarget,
  type RewriteSegment,
} from '../../domain/RouteModel.js';

/**
 * The route shape of the specification ("Routing domain" resource), once: the request of routes/add (without
 * id) and, with the id, the answer of routes/get, routes/add and routingDomains/get. Members a request leaves
 * out (or sends as null) take their defaults: enabled true, action ACCEPT, routingForwardProfileId "" (the
 * default forwarding), segment texts "" and counts 0, segment source MOST_APPROPRIATE, a filter's
 * sourceNodeIds [] (any source node). A matcher carries only the member of its type.
 */
export class ExtensionRangeDto {
  @IsString() @MaxLength(32) firstExtension!: string;
  @IsString() @MaxLength(32) lastExtension!: string;
  @IsOptional() @IsString() @MaxLength(64) trunk?: string | null;
  @IsOptional() @IsBoolean() zeroExtend?: boolean | null;
}

export class PlainMatchDto {
  @IsOptional() @IsString() @MaxLength(255) prefix?: string | null;
  @IsOptional() @IsString() @MaxLength(255) suffix?: string | null;
}

export class DialStringMatcherDto {
  @IsIn(MATCHER_TYPES) type!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) directory?: string[] | null;
  @IsOptional() @ValidateNested() @Type(() => ExtensionRangeDto) extensionRange?: ExtensionRangeDto | null;
  @IsOptional() @IsString() @MaxLength(255) wildcardPattern?: string | null;
  @IsOptional() @ValidateNested() @Type(() => PlainMatchDto) plain?: PlainMatchDto | null;
}

export class RouteFilterDto {
  @IsOptional() @IsArray() @ArrayMaxSize(256) @IsString({ each: true }) sourceNodeIds?: string[] | null;
  @IsOptional() @ValidateNested() @Type(() => DialStringMatcherDto) sourceDialString?: DialStringMatcherDto | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => DialStringMatcherDto)
  firstDiversionDialString?: DialStringMatcherDto | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => DialStringMatcherDto)
  lastDiversionDialString?: DialStringMatcherDto | null;
  @IsOptional() @ValidateNested() @Type(() => DialStringMatcherDto) destinationDialString?: DialStringMatcherDto | null;
  @IsOptional() @ValidateNested() @Type(() => DialStringMatcherDto) transferrerDialString?: DialStringMatcherDto | null;
}

export class RewriteSegmentDto {
  @IsOptional() @IsString() @MaxLength(64) prefix?: string | null;
  @IsOptional() @IsString() @MaxLength(64) suffix?: string | null;
  @IsOptional() @IsInt() @Min(0) @Max(255) delLeading?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(255) delTrailing?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(255) keepLeading?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(255) keepTrailing?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(32) matchedPart?: number | null;
  @IsOptional() @IsIn(SEGMENT_SOURCES) source?: string | null;
}

export class DialStringRewritingSpecDto {
  @IsArray()
  @ArrayMaxSize(16)
  @ValidateNested({ each: true })
  @Type(() => RewriteSegmentDto)
  segments!: RewriteSegmentDto[];
}

export class FailoverStatusMatchDto {
  @IsOptional() @IsArray() @IsIn(TEL_STATUSES, { each: true }) telStatusList?: string[] | null;
  /** SIP status codes and ranges joined by commas, e.g. "408,480-486". */
  @IsOptional() @IsString() @MaxLength(255) sipStatusCodes?: string | null;
}

export class RoutingTargetDto {
  @IsString() destinationNodeId!: string;
  @IsOptional() @IsString() routingForwardProfileId?: string | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => DialStringRewritingSpecDto)
  destinationDialStringRewriting?: DialStringRewritingSpecDto | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => DialStringRewritingSpecDto)
  sourceDialStringRewriting?: DialStringRewritingSpecDto | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => DialStringRewritingSpecDto)
  elinDialStringRewriting?: DialStringRewritingSpecDto | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => DialStringRewritingSpecDto)
  assertedDialStringRewriting?: DialStringRewritingSpecDto | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => DialStringRewritingSpecDto)
  transferrerDialStringRewriting?: DialStringRewritingSpecDto | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => FailoverStatusMatchDto)
  failoverStatusMatch?: FailoverStatusMatchDto | null;
}

export class RouteEstablishmentDto {
  @IsOptional() @IsIn(ROUTE_ACTIONS) action?: string | null;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(32)
  @ValidateNested({ each: true })
  @Type(() => RoutingTargetDto)
  routingTargets?: RoutingTargetDto[] | null;
}

/** A route as routes/add takes it: everything but the id, which the service assigns. */
export class RouteDto {
  @IsString() @MaxLength(255) displayName!: string;
  @IsOptional() @IsBoolean() enabled?: boolean | null;
  @IsOptional() @ValidateNested() @Type(() => RouteEstablishmentDto) establishment?: RouteEstablishmentDto | null;
  @IsOptional() @IsArray() @ArrayMaxSize(64) @ValidateNested({ each: true }) @Type(() => RouteFilterDto) filters?:
    RouteFilterDto[] | null;
}

// ---- request → spec (defaults filled), spec → answer ----

function matcher(dto: DialStringMatcherDto | null | undefined): DialStringMatcher | undefined {
  if (!dto) return undefined;
  return {
    type: dto.type as DialStringMatcher['type'],
    ...(dto.directory != null ? { directory: [...dto.directory] } : {}),
    ...(dto.extensionRange != null
      ? {
          extensionRange: {
            firstExtension: dto.extensionRange.firstExtension,
            lastExtension: dto.extensionRange.lastExtension,
            trunk: dto.extensionRange.trunk ?? '',
            zeroExtend: dto.extensionRange.zeroExtend ?? false,
          },
        }
      : {}),
    ...(dto.wildcardPattern != null ? { wildcardPattern: dto.wildcardPattern } : {}),
    ...(dto.plain != null ? { plain: { prefix: dto.plain.prefix ?? '', suffix: dto.plain.suffix ?? '' } } : {}),
  };
}

function rewriting(dto: DialStringRewritingSpecDto | null | undefined): DialStringRewritingSpec | undefined {
  if (!dto) return undefined;
  return {
    segments: dto.segments.map((s): RewriteSegment => ({
      prefix: s.prefix ?? '',
      suffix: s.suffix ?? '',
      delLeading: s.delLeading ?? 0,
      delTrailing: s.delTrailing ?? 0,
      keepLeading: s.keepLeading ?? 0,
      keepTrailing: s.keepTrailing ?? 0,
      matchedPart: s.matchedPart ?? 0,
      source: (s.source ?? 'MOST_APPROPRIATE') as RewriteSegment['source'],
    })),
  };
}

function failover(dto: FailoverStatusMatchDto | null | undefined): FailoverStatusMatch | undefined {
  if (!dto) return undefined;
  return {
    telStatusList: (dto.telStatusList ?? []) as FailoverStatusMatch['telStatusList'],
    sipStatusCodes: dto.sipStatusCodes ?? '',
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function target(dto: RoutingTargetDto): RoutingTarget {
  return {
    destinationNodeId: dto.destinationNodeId,
    routingForwardProfileId: dto.routingForwardProfileId ?? '',
    ...optional('destinationDialStringRewriting', rewriting(dto.destinationDialStringRewriting)),
    ...optional('sourceDialStringRewriting', rewriting(dto.sourceDialStringRewriting)),
    ...optional('elinDialStringRewriting', rewriting(dto.elinDialStringRewriting)),
    ...optional('assertedDialStringRewriting', rewriting(dto.assertedDialStringRewriting)),
    ...optional('transferrerDialStringRewriting', rewriting(dto.transferrerDialStringRewriting)),
    ...optional('failoverStatusMatch', failover(dto.failoverStatusMatch)),
  };
}

function filter(dto: RouteFilterDto): RouteFilter {
  return {
    sourceNodeIds: [...(dto.sourceNodeIds ?? [])],
    ...optional('sourceDialString', matcher(dto.sourceDialString)),
    ...optional('firstDiversionDialString', matcher(dto.firstDiversionDialString)),
    ...optional('lastDiversionDialString', matcher(dto.lastDiversionDialString)),
    ...optional('destinationDialString', matcher(dto.destinationDialString)),
    ...optional('transferrerDialString', matcher(dto.transferrerDialString)),
  };
}

/** The route a request describes, defaults filled (the domain checks it). */
export function routeSpecFrom(dto: RouteDto): Omit<RouteSpec, 'id'> {
  return {
    displayName: dto.displayName,
    enabled: dto.enabled ?? true,
    establishment: {
      action: (dto.establishment?.action ?? 'ACCEPT') as RouteSpec['establishment']['action'],
      routingTargets: (dto.establishment?.routingTargets ?? []).map(target),
    },
    filters: (dto.filters ?? []).map(filter),
  };
}
