import type {
  DialStringMatcher,
  RouteFilter,
  RouteSpec,
  RoutingTarget,
} from '../../src/contexts/configuration/routing/domain/RouteModel.js';
import { compileMatcher } from '../../src/contexts/configuration/routing/domain/compiled/CompiledMatcher.js';
import {
  compileRoutingDomain,
  type RoutingCall,
  type RoutingDomainSpec,
  type RoutingPlan,
} from '../../src/contexts/configuration/routing/domain/compiled/RoutingPlan.js';

export interface RoutingBenchFigures {
  readonly routes: number;
  readonly calls: number;
  /** Compiling the whole domain into a plan: median of `runs`, ms. */
  readonly compileMs: number;
  readonly matchesPerSecond: number;
  /** The same calls through a top-down scan of the same compiled matchers, without the route index. */
  readonly scanMatchesPerSecond: number;
  /** Share of the calls whose winning route lies in the last fifth of the list (or is the final catch-all). */
  readonly nearEndShare: number;
}

export const BENCH_NODES = ['node-0', 'node-1', 'node-2', 'node-3'] as const;

/** A deterministic pseudo-random source (a linear congruential generator): the same domain and calls every run. */
function seeded(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

const FAILOVER = { sipStatusCodes: '408,480-486,500-599', telStatusList: ['USER_BUSY', 'NO_ANSWER'] } as const;
const segment = {
  prefix: '',
  suffix: '',
  delLeading: 0,
  delTrailing: 0,
  keepLeading: 0,
  keepTrailing: 0,
  matchedPart: 0,
  source: 'MOST_APPROPRIATE',
} as const;

function targets(index: number): RoutingTarget[] {
  return [
    {
      destinationNodeId: `trunk-${index % 7}`,
      routingForwardProfileId: '',
      destinationDialStringRewriting: { segments: [{ ...segment, prefix: '0', delLeading: 3 }] },
      sourceDialStringRewriting: { segments: [{ ...segment, source: 'SOURCE', keepTrailing: 10 }] },
      failoverStatusMatch: FAILOVER,
    },
    { destinationNodeId: `backup-${index % 3}`, routingForwardProfileId: '', failoverStatusMatch: FAILOVER },
  ];
}

/** A destination of 12–14 characters that `matcher` matches (the bench's calls aimed at a route). */
function matchingDestination(matcher: DialStringMatcher, random: (n: number) => number): string {
  const digits = (n: number) => Array.from({ length: n }, () => String(random(10))).join('');
  switch (matcher.type) {
    case 'DIRECTORY':
      return matcher.directory![random(matcher.directory!.length)]!;
    case 'EXTENSION_RANGE': {
      const { trunk, firstExtension, lastExtension } = matcher.extensionRange!;
      const extension = Number(firstExtension) + random(Number(lastExtension) - Number(firstExtension) + 1);
      return trunk + String(extension).padStart(lastExtension.length, '0');
    }
    case 'WILDCARD':
      return matcher.wildcardPattern!.replace('*', digits(3)).replace(/\?/g, () => String(random(10)));
    case 'PLAIN':
      return matcher.plain!.prefix + digits(4) + matcher.plain!.suffix;
    default:
      throw new Error(`no destination matches ${matcher.type}`);
  }
}

/**
 * A realistic routing domain of `count` routes (the last a catch-all) over 40 area codes: a quarter each
 * WILDCARD (`+49<area><block>??*`), PLAIN (national `0<area><block>`), EXTENSION_RANGE (a trunk with 100–1000
 * extensions, some zero-extended) and DIRECTORY (12 numbers); every 10th route only for calls from node-1, every
 * 7th with a second filter, every 25th a broad `+49<area>*` route that also wants a source dial string most calls
 * do not have (so it is tried and fails). Each route has two targets with segment rewritings and failover lists.
 */
export function benchDomain(count = 1000): RoutingDomainSpec {
  const random = seeded(42);
  const routes: RouteSpec[] = [];
  for (let index = 0; index < count - 1; index += 1) {
    const area = String(30 + (index % 40) * 7);
    const block = String(100 + Math.floor(index / 40) * 3 + random(3));
    let destination: DialStringMatcher;
    switch (index % 4) {
      case 0:
        destination = { type: 'WILDCARD', wildcardPattern: `+49${area}${block}??*` };
        break;
      case 1:
        destination = { type: 'PLAIN', plain: { prefix: `0${area}${block}`, suffix: '' } };
        break;
      case 2:
        destination = {
          type: 'EXTENSION_RANGE',
          extensionRange:
            random(4) === 0
              ? { trunk: `+49${area}${block}`, firstExtension: '0', lastExtension: '999', zeroExtend: true }
              : { trunk: `+49${area}${block}`, firstExtension: '100', lastExtension: '199', zeroExtend: false },
        };
        break;
      default:
        destination = {
          type: 'DIRECTORY',
          directory: Array.from({ length: 12 }, () => `+49${area}${block}${1000 + random(9000)}`),
        };
    }
    if (index % 25 === 24) destination = { type: 'WILDCARD', wildcardPattern: `+49${area}*` };
    const filters: RouteFilter[] = [
      {
        sourceNodeIds: index % 10 === 9 ? ['node-1'] : [],
        destinationDialString: destination,
        ...(index % 25 === 24 ? { sourceDialString: { type: 'PLAIN', plain: { prefix: '+4969', suffix: '' } } } : {}),
      },
    ];
    if (index % 7 === 3)
      filters.push({
        sourceNodeIds: ['node-2'],
        destinationDialString: { type: 'WILDCARD', wildcardPattern: `00${area}${block}*` },
        sourceDialString: { type: 'WILDCARD', wildcardPattern: '+49*' },
      });
    routes.push({
      id: `route-${index}`,
      displayName: `route ${index}`,
      enabled: index % 50 !== 49,
      establishment: { action: 'ACCEPT', routingTargets: targets(index) },
      filters,
    });
  }
  routes.push({
    id: 'route-default',
    displayName: 'default',
    enabled: true,
    establishment: { action: 'ACCEPT', routingTargets: targets(count) },
    filters: [{ sourceNodeIds: [] }],
  });
  return { id: 'bench-domain', sourceNodeIds: [...BENCH_NODES], routes, pathReplacementRoutes: [] };
}

/** `count` calls: 60 % aimed at a route in the last fifth of the list, 30 % at any route, 10 % at no route (the catch-all takes them). */
export function benchCalls(domain: RoutingDomainSpec, count = 10_000): RoutingCall[] {
  const random = seeded(7);
  const calls: RoutingCall[] = [];
  const routes = domain.routes.slice(0, -1);
  for (let i = 0; i < count; i += 1) {
    const kind = random(10);
    const sourceNodeId = BENCH_NODES[random(BENCH_NODES.length)]!;
    const source = `+4930${1000000 + random(9000000)}`;
    if (kind === 9) {
      calls.push({ sourceNodeId, source, destination: `+1555${1000000 + random(9000000)}` });
      continue;
    }
    const from = kind < 6 ? Math.floor(routes.length * 0.8) : 0;
    const aimed = routes[from + random(routes.length - from)]!;
    calls.push({
      sourceNodeId,
      source,
      destination: matchingDestination(aimed.filters[0]!.destinationDialString!, random),
    });
  }
  return calls;
}

/**
 * The baseline: every enabled route top-down through the same compiled matchers, no index; answers the winning
 * route's position (-1: none). The bench domain's filters look at the destination and source only.
 */
export function topDownScan(domain: RoutingDomainSpec): (call: RoutingCall) => number {
  const roles = [
    ['destinationDialString', 'destination'],
    ['sourceDialString', 'source'],
  ] as const;
  const compiled = domain.routes.map((route, index) => ({
    index,
    filters: route.enabled
      ? route.filters.map((filter) => ({
          nodes: new Set(filter.sourceNodeIds),
          matchers: roles.flatMap(([field, role]) =>
            filter[field] ? [[role, compileMatcher(filter[field])] as const] : [],
          ),
        }))
      : [],
  }));
  return (call) =>
    compiled.find(({ filters }) =>
      filters.some(
        (filter) =>
          (filter.nodes.size === 0 || filter.nodes.has(call.sourceNodeId)) &&
          filter.matchers.every(([role, matcher]) => matcher.test(call[role] ?? '')),
      ),
    )?.index ?? -1;
}

function rate(calls: readonly RoutingCall[], seconds: number, route: (call: RoutingCall) => unknown): number {
  for (const call of calls.slice(0, 2000)) route(call); // warm-up
  let done = 0;
  const started = process.hrtime.bigint();
  const until = started + BigInt(Math.round(seconds * 1e9));
  let now = started;
  while (now < until) {
    for (const call of calls) route(call);
    done += calls.length;
    now = process.hrtime.bigint();
  }
  return Math.round(done / (Number(now - started) / 1e9));
}

export function routingBench(options: { routes?: number; seconds?: number; runs?: number } = {}): RoutingBenchFigures {
  const domain = benchDomain(options.routes ?? 1000);
  const calls = benchCalls(domain);
  const samples: number[] = [];
  let plan: RoutingPlan | undefined;
  for (let run = 0; run < (options.runs ?? 5); run += 1) {
    const started = process.hrtime.bigint();
    plan = compileRoutingDomain(domain);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const compiled = plan!;
  const nearEnd = calls.filter((call) => compiled.match(call)!.routeIndex >= domain.routes.length * 0.8).length;
  const seconds = options.seconds ?? 2;
  let targets = 0;
  const matchesPerSecond = rate(calls, seconds, (call) => {
    targets += compiled.match(call)?.targets.length ?? 0;
  });
  const scan = topDownScan(domain);
  const scanMatchesPerSecond = rate(calls, Math.min(seconds, 1), scan);
  if (targets === 0) throw new Error('the routing bench matched no call');
  return {
    routes: domain.routes.length,
    calls: calls.length,
    compileMs: Number(samples[Math.floor(samples.length / 2)]!.toFixed(1)),
    matchesPerSecond,
    scanMatchesPerSecond,
    nearEndShare: nearEnd / calls.length,
  };
}
