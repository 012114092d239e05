import { Type } from 'class-transformer';
import { IsArray, IsString, ValidateNested } from 'class-validator';
import type { RoutingDomain } from '../../domain/RoutingDomain.js';
import { RouteView, routeView } from './RouteView.js';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';

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
      id: domain.id,
      displayName: domain.displayName,
      sourceNodeIds: [...domain.sourceNodeIds],
      routes: domain.routes.map(routeView),
      pathReplacementRoutes: domain.pathReplacementRoutes.map(routeView),
    };
  }
}
