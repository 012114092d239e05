import type { RequestListener } from 'node:http';
import Koa, { type Context } from 'koa';
import type { Container } from 'inversify';
import { DEFAULT_LAB, type LabId } from '../../shared/domain/LabId.js';
import { Logger } from '../../shared/application/Logger.js';
import { APP_CONFIG, type AppConfig } from '../config/AppConfig.js';
import { errorBoundary } from './errorBoundary.js';
import type { OperationDefinition } from '../../shared/interface/http/Operation.js';
import { operationRouter } from './operationRouter.js';
import { BodyParser } from './parseBody.js';
import { Metrics } from '../../shared/application/Metrics.js';
import { ReadinessCheck } from '../../shared/application/ReadinessCheck.js';
import { PrometheusMetrics } from '../../shared/infrastructure/metrics/PrometheusMetrics.js';
import { requestMetrics, simEndpoints } from './simEndpoints.js';
import { corsMiddleware } from './cors.js';
import { Authenticator } from '../../shared/application/Authenticator.js';
import { FaultRules, RequestJournal } from '../../contexts/control/index.js';
import { LabDirectory } from '../../shared/application/LabDirectory.js';
import { LabScope } from '../../shared/application/LabScope.js';
import { labRouting } from './labRouting.js';
import { LiveForwarding } from './liveForwarding.js';
import { LabChangeWatch } from '../../shared/application/LabChangeWatch.js';
import { LabGate } from '../../shared/application/LabGate.js';
import { faultInjection } from './faultInjection.js';
import { requestJournal } from './requestJournal.js';
import { requestContext } from './requestContext.js';
import { labNamer, labPreparer } from './labPreparer.js';
import { labPreparation } from './labPreparation.js';
import { openApiEndpoints } from './openApiEndpoints.js';
import { noSuchOperation } from './noSuchOperation.js';
import { PRODUCT_VERSION } from './productVersion.js';

/** The request's logger, made by requestContext. */
function requestLogger(ctx: Context): Logger {
  return (ctx.state['logger'] as () => Logger)();
}

/**
 * The Koa adapter: every operation of the table, mounted for the default lab at the root. The middlewares, in
 * the order a request meets them:
 *   1. requestContext   request id, the request's logger, one log line per request
 *   2. requestMetrics   the request counters and durations of /_sim/metrics
 *   3. corsMiddleware   CORS for the configured browser origins (only with corsOrigins)
 *   4. labRouting       /labs/{lab}/…: the lab's own path and ctx.state.lab
 *   5. labPreparation   a gateway request's lab readied: a reset waited for, other processes' changes applied
 *   6. requestJournal   the lab's request journal (outside the error boundary: it records the status answered)
 *   7. errorBoundary    every error as an answer in the error shape
 *   8. simEndpoints     /_sim/health, /_sim/ready, /_sim/metrics
 *   9. openApiEndpoints /openapi.json and /_sim/openapi.json
 *  10. faultInjection   fault rules, around the operation router (ARCHITECTURE.md, "Faults and the journal")
 *  11. operationRouter  the operations of the table
 *  12. noSuchOperation  what nothing answered: 501 NOT_SIMULATED, 405 METHOD_NOT_ALLOWED or 404
 */
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
  const gate = container.get(LabGate);
  const named = labNamer(gate, directory);
  app.use(labRouting(named, scope));
  const watch = container.get(LabChangeWatch);
  const prepare = labPreparer(gate, watch);
  app.use(labPreparation(prepare));
  const faults = container.get(FaultRules);
  const forwarding = container.get(LiveForwarding);
  app.use(requestJournal(container.get(RequestJournal), faults, forwarding));
  app.use(errorBoundary(requestLogger));
  app.use(
    simEndpoints({
      productVersion: PRODUCT_VERSION,
      metrics,
      metricsToken: config.metricsToken,
      readiness: () => (container.isBound(ReadinessCheck) ? container.getAll(ReadinessCheck) : []),
    }),
  );
  app.use(openApiEndpoints(operations));
  app.use(faultInjection(faults, container.get(Authenticator), operations, { forwarding }));
  app.use(
    operationRouter({
      container,
      operations,
      bodyParser: new BodyParser(config.bodyLimits),
      scope,
      lab: (ctx) => (ctx.state['lab'] as LabId | undefined) ?? DEFAULT_LAB,
      labNamed: named,
      prepare,
      live: forwarding,
    }),
  );
  app.use(noSuchOperation(operations));
  return app;
}

/**
 * The app as Node's request listener. Koa's callback answers a promise that never rejects (Koa answers and reports
 * its own errors: the error boundary, then app.onerror), which Node's listener signature does not take.
 */
export function requestListener(app: Koa): RequestListener {
  const handle = app.callback();
  return (request, response) => {
    void handle(request, response);
  };
}
