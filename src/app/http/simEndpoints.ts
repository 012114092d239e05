import { timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { GWSIM_METRICS, type Metrics } from '../../shared/application/Metrics.js';
import { READINESS_TIMEOUT_MS, type ReadinessCheck } from '../../shared/application/ReadinessCheck.js';
import type { PrometheusMetrics } from '../../shared/infrastructure/metrics/PrometheusMetrics.js';
import { errorBody } from './errorBoundary.js';
import { DOCS_PATH, serveDocs } from './swaggerUi.js';
import { CONSOLE_PATH, serveConsole } from './console.js';

export const HEALTH_PATH = '/_sim/health';
export const READY_PATH = '/_sim/ready';
export const METRICS_PATH = '/_sim/metrics';

/** The endpoints for operators' tools, outside the operation table: no credentials (metrics: an optional token), no `version`. */
export const PROBE_PATHS: ReadonlySet<string> = new Set([HEALTH_PATH, READY_PATH, METRICS_PATH]);

export interface SimEndpointsDeps {
  readonly productVersion: string;
  readonly readiness: () => readonly ReadinessCheck[];
  readonly metrics: PrometheusMetrics;
  /** GWSIM_METRICS_TOKEN: when set, /_sim/metrics asks for it as a Bearer token. */
  readonly metricsToken?: string;
}

/** What `/_sim/health` answers while the process serves (liveness: it answers at all). */
export interface HealthAnswer {
  readonly status: 'up' | 'starting';
  readonly version: string;
  readonly uptimeSeconds: number;
}

async function runCheck(check: ReadinessCheck): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${READINESS_TIMEOUT_MS / 1000} s`), READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check.check().catch((error: unknown) => `the check failed (${error instanceof Error ? error.name : 'error'})`),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function bearerMatches(header: string, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `/_sim/health` (liveness), `/_sim/ready` (readiness: every ReadinessCheck passes, else 503 naming each
 * failing check), `/_sim/metrics` (Prometheus text format), Swagger UI at `/_sim/docs` and the web console at `/_sim/console`. GET and HEAD only.
 */
export function simEndpoints(deps: SimEndpointsDeps) {
  const serve = simEndpoint(deps);
  // every path it serves is under /_sim/: anything else passes on at the cost of one prefix test
  return (ctx: Context, next: Next): Promise<void> => (ctx.path.startsWith(SIM_PREFIX) ? serve(ctx, next) : next());
}

const SIM_PREFIX = '/_sim/';
const PAGES = [DOCS_PATH, CONSOLE_PATH].map((base) => ({ base, under: `${base}/` }));

function simEndpoint(deps: SimEndpointsDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const probe = PROBE_PATHS.has(ctx.path);
    const page = PAGES.some(({ base, under }) => ctx.path === base || ctx.path.startsWith(under));
    if (!probe && !page) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.state['errorCode'] = 'METHOD_NOT_ALLOWED';
      ctx.body = errorBody(
        405,
        'METHOD_NOT_ALLOWED',
        `${ctx.method} is not allowed on ${ctx.path}; use GET`,
        String(ctx.state['requestId']),
      );
      return;
    }
    const requestId = String(ctx.state['requestId']);
    switch (ctx.path) {
      case HEALTH_PATH: {
        ctx.state['operation'] = `GET ${HEALTH_PATH}`;
        ctx.set('Cache-Control', 'no-store');
        const answer: HealthAnswer = {
          status: 'up',
          version: deps.productVersion,
          uptimeSeconds: Math.floor(process.uptime()),
        };
        ctx.body = answer;
        return;
      }
      case READY_PATH: {
        ctx.state['operation'] = `GET ${READY_PATH}`;
        ctx.set('Cache-Control', 'no-store');
        const checks = deps.readiness();
        const outcomes = await Promise.all(
          checks.map(async (check) => ({ name: check.name, reason: await runCheck(check) })),
        );
        const failing = outcomes.filter((outcome) => outcome.reason !== undefined);
        if (failing.length === 0) {
          ctx.body = { status: 'ready', checks: Object.fromEntries(outcomes.map((outcome) => [outcome.name, 'ok'])) };
          return;
        }
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        ctx.state['errorCode'] = 'NOT_READY';
        ctx.body = errorBody(
          503,
          'NOT_READY',
          `not ready: ${failing.map((f) => `${f.name}: ${f.reason}`).join('; ')}`,
          requestId,
          failing.map((f) => ({ field: f.name, rule: 'ready', message: f.reason! })),
        );
        return;
      }
      case METRICS_PATH: {
        ctx.state['operation'] = `GET ${METRICS_PATH}`;
        if (deps.metricsToken && !bearerMatches(ctx.get('authorization'), deps.metricsToken)) {
          ctx.status = 401;
          ctx.set('WWW-Authenticate', 'Bearer realm="gwsim-metrics"');
          ctx.state['errorCode'] = 'METRICS_TOKEN_REQUIRED';
          ctx.body = errorBody(
            401,
            'METRICS_TOKEN_REQUIRED',
            'the metrics need the token of GWSIM_METRICS_TOKEN: send Authorization: Bearer <token>',
            requestId,
          );
          return;
        }
        ctx.set('Cache-Control', 'no-store');
        ctx.type = deps.metrics.contentType;
        ctx.body = await deps.metrics.exposition();
        return;
      }
      default:
        if (!serveDocs(ctx) && !serveConsole(ctx)) await next();
    }
  };
}

/**
 * Counts every answer by operation (the operation table's `METHOD /path`, a simulator endpoint, or
 * `unmatched` for anything else: raw paths would let a client grow the series without bound) and status,
 * and observes its latency. Sits outside the error boundary, so it sees the status that was sent.
 */
export function requestMetrics(metrics: Metrics) {
  const requests = metrics.counter(GWSIM_METRICS.httpRequests);
  const duration = metrics.histogram(GWSIM_METRICS.httpDuration);
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const operation = typeof ctx.state['operation'] === 'string' ? (ctx.state['operation'] as string) : 'unmatched';
      requests.inc({ operation, status: ctx.status });
      duration.observe(Number(process.hrtime.bigint() - started) / 1e9, { operation });
    }
  };
}

/** The endpoints above as the simulator's OpenAPI document lists them (no credentials: `security: []`). */
export function simEndpointPaths(): Record<string, unknown> {
  const errorReply = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    [HEALTH_PATH]: {
      get: {
        tags: ['operations'],
        summary: 'Liveness: 200 while the process serves (also during start-up, with status "starting")',
        operationId: 'getHealth',
        security: [],
        responses: {
          '200': {
            description: 'alive',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'version', 'uptimeSeconds'],
                  properties: {
                    status: { type: 'string', enum: ['up', 'starting'] },
                    version: { type: 'string' },
                    uptimeSeconds: { type: 'integer' },
                  },
                },
              },
            },
          },
        },
      },
    },
    [READY_PATH]: {
      get: {
        tags: ['operations'],
        summary:
          "Readiness: the store and the monitor's store answer and their migrations are applied (503 NOT_READY naming what is not, 503 STARTING during start-up)",
        operationId: 'getReady',
        security: [],
        responses: {
          '200': {
            description: 'ready',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'checks'],
                  properties: {
                    status: { type: 'string', enum: ['ready'] },
                    checks: { type: 'object', additionalProperties: { type: 'string', enum: ['ok'] } },
                  },
                },
              },
            },
          },
          '503': errorReply('not ready: details name each failing check and why'),
        },
      },
    },
    [METRICS_PATH]: {
      get: {
        tags: ['operations'],
        summary: 'Prometheus metrics (text exposition format); open unless GWSIM_METRICS_TOKEN is set',
        operationId: 'getMetrics',
        security: [{}, { metricsToken: [] }],
        responses: {
          '200': { description: 'the metrics', content: { 'text/plain': { schema: { type: 'string' } } } },
          '401': errorReply('GWSIM_METRICS_TOKEN is set and the Bearer token is missing or wrong'),
        },
      },
    },
  };
}
