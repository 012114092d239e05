import { IsString } from 'class-validator';
import type { Route } from '../../domain/Route.js';
import { RouteDto } from './RouteDtos.js';

/** A route as answered: with its id (canonical; "" for a route stored through objects/set without one). */
export class RouteView extends RouteDto {
  @IsString() id!: string;
}

/** The answer for a route: the spec as it is (the spec's fields are the wire's). */
export function routeView(route: Route): RouteView {
  return JSON.parse(JSON.stringify(route.spec)) as RouteView;
}
