import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import type { RoutingDomain } from '../../domain/RoutingDomain.js';
import { RouteView, routeView } from './RouteDtos.js';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';

/**
 * AddRoutingDomainDto, the request of routingDomains/add and /set: a display name (required to add; on
 * set, left out keeps the name) and source node ids (either id shape; on set they are added to the current ones).
 */
@SchemaName('AddRoutingDomainOptions')
export class AddRoutingDomainDto {
  @IsOptional() @IsString() @MaxLength(255) displayName?: string | null;
  @IsOptional() @IsArray() @ArrayMaxSize(256) @IsString({ each: true }) sourceNodes?: string[] | null;
}

/** RoutingDomainView: a routing domain with its source nodes and both route lists. */
@SchemaName('GetRoutingDomainOptions')
export class RoutingDomainView {
  @IsString() id!: string;
  @IsString() displayName!: string;
  @IsArray() @IsString({ each: true }) sourceNodeIds!: string[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => RouteView) routes!: RouteView[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => RouteView) pathReplacementRoutes!: RouteView[];

  static of(domain: RoutingDomain): RoutingDomainView {
    return {
      id: domain.id, displayName: domain.displayName, sourceNodeIds: [...domain.sourceNodeIds],
      routes: domain.routes.map(routeView), pathReplacementRoutes: domain.pathReplacementRoutes.map(routeView),
    };
  }
}
