import { randomUUID } from 'node:crypto';
import Koa, { type Context, type Next } from 'koa';
import type { Container } from 'inversify';
import { DEFAULT_LAB, type LabId } from '../../shared/domain/LabId.js';
import { Logger } from '../../shared/application/Logger.js';
import { APP_CONFIG, type AppConfig } from '../config/AppConfig.js';
import { errorBoundary, errorBody } from './errorBoundary.js';
import type { OperationDefinition } from '../../shared/interface/http/Operation.js';
import { operationRouter, servedMethods } from './operationRouter.js';
import { BodyParser } from './parseBody.js';
import { openApiDocument } from './openApiDocument.js';
import { SPECIFIED_OPERATIONS } from '../specifiedOperations.js';
import { Metrics } from '../../shared/application/Metrics.js';
import { ReadinessCheck } from '../../shared/application/ReadinessCheck.js';
import { PrometheusMetrics } from '../../shared/infrastructure/metrics/PrometheusMetrics.js';
import { PROBE_PATHS, requestMetrics, simEndpoints } from './simEndpoints.js';
import { corsMiddleware } from './cors.js';
import { Authenticator } from '../../shared/application/Authenticator.js';
import { FaultRules, RequestJournal } from '../../contexts/control/index.js';
import { LabDirectory } from '../../shared/application/LabDirectory.js';
import { LabScope } from '../../shared/application/LabScope.js';
import { labRouting } from './labRouting.js';
import { LiveForwarding } from './liveForwarding.js';
import { LabChangeWatch } from '../../shared/application/LabChangeWatch.js';
import { LabGate } from '../../shared/application/LabGate.js';
import { faultInjection, isGatewayPath } from './faultInjection.js';
import { requestJournal } from './requestJournal.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The OpenAPI document of the operation table, served without authentication (it holds no state). */
export const OPENAPI_PATH = '/openapi.json';
/** The simulator's control endpoints (`/_sim/...`) in a document of their own. */
export const CONTROL_OPENAPI_PATH = '/_sim/openapi.json';
const PRODUCT_VERSION: string = (require('../../../../package.json') as { version: string }).version;

/** The JSON text of an OpenAPI document of `operations`, exactly as the server answers it. */
export function openApiDocumentText(operations: readonly OperationDefinition[], kind: 'gateway' | 'control'): string {
  return JSON.stringify(openApiDocument(operations, PRODUCT_VERSION, kind));
}

function requestLogger(ctx: Context): Logger {
  return (ctx.state['logger'] as () => Logger)();
}

/**
 * Request id (honouring a sane X-Request-Id), a child logger made on first use, and one structured line per
 * request naming the operation, the user and the error code of an error answer; never the query string
 * (changePassword takes passwords there). The probes of orchestrators and scrapers (/_sim/health, /_sim/ready,
 * /_sim/metrics), which come every few seconds, are logged at debug level.
 */
function requestContext(logger: Logger) {
  const logRequests = logger.isLevelEnabled('info');
  const logProbes = logger.isLevelEnabled('debug');
  return async (ctx: Context, next: Next): Promise<void> => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state['requestId'] = requestId;
    let child: Logger | undefined;
    ctx.state['logger'] = () => (child ??= logger.child({ requestId }));
    ctx.set('X-Request-Id', requestId);
    const probe = PROBE_PATHS.has(ctx.path);
    if (!(probe ? logProbes : logRequests)) return next();
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const state = ctx.state as { user?: string; operation?: string; errorCode?: string };
      const line = {
        requestId, method: ctx.method, path: ctx.path, operation: state.operation, user: state.user, status: ctx.status,
        errorCode: state.errorCode, ms: Math.round(ms * 10) / 10,
      };
      if (probe) logger.debug(line, 'request');
      else logger.info(line, 'request');
    }
  };
}

/** The Koa adapter: every operation of the table, mounted for the default lab at the root. */
export function createHttpApp(container: Container, operations: readonly OperationDefinition[]): Koa {
  const config = container.get<AppConfig>(APP_CONFIG);
  const logger = container.get(Logger);
  const app = new Koa({ proxy: false });
  app.silent = true;
  app.use(requestContext(logger));
  const metrics = container.get(PrometheusMetrics);
  app.use(requestMetrics(container.get(Metrics)));
  if (config.corsOrigins) app.use(corsMiddleware(config.corsOrigins));
  // What runs before the operations' own error boundary (the lab prefix, the lab's gate, the journal) answers its
  // errors in the same shape, logged as theirs are.
  app.use(errorBoundary(requestLogger));
  // every lab's gateway API under /labs/{lab}: the rest of the pipeline sees the lab's own path and ctx.state.lab
  const directory = container.get(LabDirectory);
  const scope = container.get(LabScope);
  app.use(labRouting(directory, scope));
  // A gateway request's lab is brought up to date with changes made through other processes of a shared server
  // (clock, fault rules, traffic) before the journal, the faults and the operation see it.
  // A request of a lab being reset waits for the reset to end (LabGate).
  const watch = container.get(LabChangeWatch);
  const gate = container.get(LabGate);
  const prepare = async (lab: LabId): Promise<void> => {
    const resetting = gate.passage(lab);
    if (resetting) await resetting;
    await watch.check(lab);
  };
  app.use(async (ctx, next) => {
    if (isGatewayPath(ctx.path)) await prepare((ctx.state['lab'] as LabId | undefined) ?? DEFAULT_LAB);
    return next();
  });
  // the journal sits outside the error boundary, so it records the status actually answered
  const faults = container.get(FaultRules);
  const forwarding = container.get(LiveForwarding);
  app.use(requestJournal(container.get(RequestJournal), faults, forwarding));
  app.use(errorBoundary(requestLogger));
  app.use(simEndpoints({
    productVersion: PRODUCT_VERSION, metrics, metricsToken: config.metricsToken,
    readiness: () => (container.isBound(ReadinessCheck) ? container.getAll(ReadinessCheck) : []),
  }));
  // Rendered on first demand (the schema generator costs start-up time that most runs never need), then kept.
  const documents = new Map<string, string>();
  app.use(async (ctx, next) => {
    const kind = ctx.path === OPENAPI_PATH ? 'gateway' : ctx.path === CONTROL_OPENAPI_PATH ? 'control' : undefined;
    if (!kind || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let document = documents.get(kind);
    if (!document) {
      document = openApiDocumentText(operations, kind);
      documents.set(kind, document);
    }
    ctx.state['operation'] = `GET ${ctx.path}`;
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = document;
  });
  // fault rules act around the operation router (see ARCHITECTURE.md, "Faults and the journal")
  app.use(faultInjection(faults, container.get(Authenticator), operations, { forwarding }));
  app.use(operationRouter({
    container, operations, bodyParser: new BodyParser(config.bodyLimits), scope,
    lab: (ctx) => (ctx.state['lab'] as LabId | undefined) ?? DEFAULT_LAB,
    labNamed: (name) => directory.named(name),
    prepare,
    live: forwarding,
  }));
  const methodsAt = servedMethods(operations);
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body) return;
    const allowed = methodsAt(ctx.path);
    const requestId = String(ctx.state['requestId']);
    const specified = SPECIFIED_OPERATIONS.filter((op) => op.path === ctx.path);
    const unserved = specified.find((op) => op.method === ctx.method && !allowed.includes(op.method));
    if (unserved) {
      ctx.status = 501;
      ctx.state['operation'] = `${unserved.method} ${unserved.path}`;
      ctx.state['errorCode'] = 'NOT_SIMULATED';
      ctx.body = errorBody(501, 'NOT_SIMULATED',
        `${unserved.method} ${unserved.path} (area '${unserved.area}') is an operation of the specification that this simulator does not serve yet`,
        requestId, [{ field: 'operation', rule: 'notSimulated', message: `area '${unserved.area}' is not simulated yet` }]);
      return;
    }
    for (const op of specified) if (!allowed.includes(op.method)) allowed.push(op.method);
    if (allowed.length > 0) {
      ctx.status = 405;
      ctx.set('Allow', allowed.join(', '));
      ctx.state['errorCode'] = 'METHOD_NOT_ALLOWED';
      ctx.body = errorBody(405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}; use ${allowed.join(' or ')}`, requestId);
    } else {
      ctx.status = 404;
      ctx.state['errorCode'] = 'NO_SUCH_OPERATION';
      ctx.body = errorBody(404, 'NO_SUCH_OPERATION', `there is no operation ${ctx.method} ${ctx.path}`, requestId);
    }
  });
  return app;
}
