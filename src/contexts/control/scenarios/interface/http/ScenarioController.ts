import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { ScenarioLibrary } from '../../application/ScenarioLibrary.js';
import { ScenarioRunner, type ReadyScenario } from '../../application/ScenarioRunner.js';
import { LabHoldings, labInUse } from '../../application/LabHoldings.js';
import { describeCheck } from '../../domain/JsonChecks.js';
import type { ScenarioStep } from '../../domain/ScenarioDocument.js';
import type { ScenarioRun } from '../../domain/ScenarioRun.js';
import { ScenarioFileError } from '../../infrastructure/ScenarioFiles.js';
import { readyScenario } from './scenarioParts.js';
import type { ScenarioListView, ScenarioRunView, ScenarioStepView } from './ScenarioViews.js';

/** One line for a step's action. */
export function describeStep(step: ScenarioStep): string {
  const action = step.action;
  switch (action.kind) {
    case 'fault':
      return `fault '${action.label}': ${JSON.stringify((action.rule as { effect?: unknown }).effect)}`;
    case 'clearFault':
      return `clear fault '${action.label}'`;
    case 'traffic': {
      const change = action.change as { running?: boolean; profile?: { callsPerSecond: number } };
      return `traffic${change.running === undefined ? '' : change.running ? ' start' : ' stop'}${change.profile ? ` at ${change.profile.callsPerSecond} calls per second` : ''}`;
    }
    case 'clock':
      return `clock${action.advanceMs ? ` advance ${action.advanceMs / 1000} s` : ''}${action.set ? ` set to ${action.set.toISOString()}` : ''}${action.mode ? ` ${action.mode}${action.scale ? ` ×${action.scale}` : ''}` : ''}`;
    case 'request':
      return `${action.request.method} ${action.request.path}${action.request.status ? ` → ${action.request.status}` : ''}`;
    case 'expect':
      return action.expectations
        .map(
          (e) =>
            `${e.read.method} ${e.read.path}: ${e.checks.map(describeCheck).join(', ') || `status ${e.read.status ?? '2xx'}`}`,
        )
        .join('; ');
  }
}

export function runView(run: ScenarioRun): ScenarioRunView {
  const steps: ScenarioStepView[] = run.scenario.steps.map((step, i) => {
    const outcome = run.outcomes[i]!;
    return {
      index: step.index,
      at: step.at,
      ...(run.startedAt ? { due: run.dueAt(step).toISOString() } : {}),
      ...(step.name ? { name: step.name } : {}),
      action: step.action.kind,
      what: describeStep(step),
      status: outcome.status,
      ...(outcome.ranAt ? { ranAt: outcome.ranAt.toISOString() } : {}),
      ...(outcome.detail ? { detail: outcome.detail } : {}),
      ...(outcome.expectations
        ? {
            expectations: outcome.expectations.map((e) => ({
              read: e.read,
              ...(e.status !== undefined ? { status: e.status } : {}),
              passed: e.passed,
              ...(e.error ? { error: e.error } : {}),
              checks: e.checks.map((c) => ({
                path: c.path,
                operator: c.operator,
                expected: c.expected,
                ...(c.actual !== undefined ? { actual: c.actual } : {}),
                passed: c.passed,
              })),
            })),
          }
        : {}),
    };
  });
  const count = (status: string) => steps.filter((s) => s.status === status).length;
  const checks = steps.flatMap((s) => s.expectations ?? []).flatMap((e) => e.checks);
  return {
    lab: run.lab,
    name: run.scenario.name,
    description: run.scenario.description,
    state: run.state,
    requestedAt: run.requestedAt.toISOString(),
    ...(run.startedAt && run.state !== 'seeding' ? { startedAt: run.startedAt.toISOString() } : {}),
    ...(run.endedAt ? { endedAt: run.endedAt.toISOString() } : {}),
    ...(run.error ? { error: run.error } : {}),
    ...(run.replaced ? { replaced: run.replaced } : {}),
    clock: {
      mode: run.clockMode.mode,
      ...(run.clockMode.scale !== undefined ? { scale: run.clockMode.scale } : {}),
      afterwards: run.scenario.seed.clock.afterwards,
    },
    summary: {
      steps: steps.length,
      done: count('done'),
      failed: count('failed'),
      pending: count('pending'),
      skipped: count('skipped'),
      checksPassed: checks.filter((c) => c.passed).length,
      checksFailed: checks.filter((c) => !c.passed).length,
    },
    steps,
  };
}

/**
 * Reads a scenario given on the wire: a document, or the name of a shipped one (`field` names where it came
 * from: `use`, `scenario`); 400 INVALID_SCENARIO naming the faulty field, 404 SCENARIO_NOT_FOUND for an unknown name.
 */
@injectable()
export class ScenarioDocuments {
  constructor(@inject(ScenarioLibrary) private readonly library: ScenarioLibrary) {}

  named(name: string, field: string): Record<string, unknown> {
    let document: Record<string, unknown> | undefined;
    try {
      document = this.library.find(name);
    } catch (error) {
      if (!(error instanceof ScenarioFileError)) throw error;
      throw DomainError.invalid(
        'INVALID_SCENARIO',
        `${field}: the shipped scenario '${name}' cannot be read: ${error.message}`,
        [{ field, rule: 'readable', message: error.message }],
      );
    }
    if (!document) {
      const known = this.library
        .list()
        .map((entry) => entry.name)
        .join(', ');
      const message = `'${name.slice(0, 64)}' is not a shipped scenario (known: ${known || 'none'})`;
      throw new DomainError('SCENARIO_NOT_FOUND', 'not_found', `${field}: ${message}`, [
        { field, rule: 'exists', message },
      ]);
    }
    return document;
  }

  /** A document, or `{use: name}`, or (from a lab's creation) a name. */
  read(value: unknown, field: string): ReadyScenario {
    if (typeof value === 'string') return readyScenario(this.named(value, field));
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'use' in value) {
      const { use, ...rest } = value as Record<string, unknown>;
      if (typeof use !== 'string')
        throw DomainError.invalid('INVALID_SCENARIO', 'use must be the name of a shipped scenario', [
          { field: 'use', rule: 'isString', message: 'use must be a string' },
        ]);
      if (Object.keys(rest).length > 0)
        throw DomainError.invalid('INVALID_SCENARIO', 'use takes no other field: send a document or {use}', [
          { field: Object.keys(rest)[0]!, rule: 'unknown', message: 'not taken with use' },
        ]);
      return readyScenario(this.named(use, 'use'));
    }
    return readyScenario(value);
  }

  list(): ScenarioListView {
    return { scenarios: this.library.list().map((entry) => ({ name: entry.name, description: entry.description })) };
  }
}

/** The request's `replace` (beside the document or `use`: no field of the document), and the document without it. */
function confirmation(body: unknown): { replace: boolean; document: unknown } {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('replace' in body))
    return { replace: false, document: body };
  const { replace, ...document } = body as Record<string, unknown>;
  if (typeof replace !== 'boolean')
    throw DomainError.invalid('INVALID_SCENARIO', 'replace must be true or false', [
      { field: 'replace', rule: 'isBoolean', message: 'replace must be true or false' },
    ]);
  return { replace, document };
}

/** `/_sim/labs/{lab}/scenario` and `/_sim/scenarios`. */
@injectable()
export class ScenarioController {
  constructor(
    @inject(ScenarioRunner) private readonly runner: ScenarioRunner,
    @inject(ScenarioDocuments) private readonly documents: ScenarioDocuments,
    @inject(LabHoldings) private readonly holdings: LabHoldings,
  ) {}

  async list(): Promise<ScenarioListView> {
    return this.documents.list();
  }

  async get(request: OperationRequest): Promise<ScenarioRunView> {
    return runView(this.lastRun(request.lab));
  }

  /**
   * Runs a scenario on the lab. The run resets the lab first: a lab that holds a configuration or call history
   * (LabHoldings) is replaced only when the request says `replace: true` (409 LAB_IN_USE naming `replace` and
   * what the lab holds otherwise); the run then says what it replaced.
   */
  async run(request: OperationRequest): Promise<ScenarioRunView> {
    const { replace, document } = confirmation(request.body);
    const scenario = this.documents.read(document, 'scenario');
    const lab = request.lab;
    let replaced: string | undefined;
    const current = this.runner.current(lab);
    // a lab whose run goes on: the runner's own 409 SCENARIO_RUNNING says so
    if (!current || current.ended) {
      const held = await this.holdings.of(lab);
      if (held.length > 0 && !replace) throw labInUse(lab, scenario.name, held);
      if (held.length > 0) replaced = held.join(' and ');
    }
    return runView(await this.runner.start(lab, scenario, { reset: true, ...(replaced ? { replaced } : {}) }));
  }

  async stop(request: OperationRequest): Promise<ScenarioRunView> {
    return runView(await this.runner.stop(request.lab));
  }

  private lastRun(lab: LabId): ScenarioRun {
    const run = this.runner.current(lab);
    if (!run) {
      throw new DomainError(
        'SCENARIO_NOT_FOUND',
        'not_found',
        `no scenario has run on lab '${lab}' in this process (POST /_sim/labs/${lab}/scenario runs one)`,
        [{ field: 'lab', rule: 'hasRun', message: 'no scenario has run' }],
      );
    }
    return run;
  }
}
