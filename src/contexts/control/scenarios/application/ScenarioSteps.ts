import { inject, injectable, optional } from 'inversify';
import { MonitorSinks } from '../../../monitoring/index.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabClocks } from '../../../clock/index.js';
import { TrafficLabs } from '../../../simulation/index.js';
import { FaultRules } from '../../faults/application/FaultRules.js';
import { evaluate } from '../domain/JsonChecks.js';
import type { Expectation, ScenarioRequest, ScenarioStep, StepAction } from '../domain/ScenarioDocument.js';
import type { ExpectationResult, ScenarioRun, StepOutcome } from '../domain/ScenarioRun.js';
import { GatewayRequests, type GatewayAnswer } from './GatewayRequests.js';
import type { ReadyScenario } from './ScenarioRunner.js';
import { message, pathFor, statusOk, shortBody } from './ScenarioSeeder.js';

/**
 * Runs one step of a scenario at its instant (the lab clock held there): a fault rule added or removed, the
 * traffic changed, the lab clock moved, a request sent as the lab's administrator, or expectations read and
 * checked. A step that fails (a request refused, an expectation not met, an error) is reported, never thrown.
 */
/** The action of a clock step. */
type ClockAction = Extract<StepAction<unknown, unknown>, { kind: 'clock' }>;

@injectable()
export class ScenarioSteps {
  constructor(
    @inject(LabClocks) private readonly clocks: LabClocks,
    @inject(FaultRules) private readonly faults: FaultRules,
    @inject(TrafficLabs) private readonly traffic: TrafficLabs,
    @inject(GatewayRequests) private readonly gateway: GatewayRequests,
    @inject(MonitorSinks) @optional() private readonly sinks: MonitorSinks | undefined = undefined,
  ) {}

  async perform(run: ScenarioRun, step: ScenarioStep, at: Date): Promise<StepOutcome> {
    const lab = run.lab;
    const action = (step as ReadyScenario['steps'][number]).action;
    try {
      switch (action.kind) {
        case 'fault': {
          const rule = await this.faults.add(lab, action.rule);
          run.faults.set(action.label, rule.id);
          return { status: 'done', ranAt: at, detail: `fault rule ${rule.id} (${action.label}) added` };
        }
        case 'clearFault': {
          const id = run.faults.get(action.label);
          if (!id)
            return { status: 'failed', ranAt: at, detail: `no fault step labelled '${action.label}' ran before` };
          await this.faults.remove(lab, id);
          run.faults.delete(action.label);
          return { status: 'done', ranAt: at, detail: `fault rule ${id} (${action.label}) removed` };
        }
        case 'traffic': {
          const state = await this.traffic.configure(lab, action.change);
          return {
            status: 'done',
            ranAt: at,
            detail: `traffic ${state.running ? 'running' : 'stopped'} at ${state.profile.callsPerSecond} calls per second`,
          };
        }
        case 'clock':
          return await this.moveClock(run, action, at);
        case 'request':
          return await this.request(lab, action.request, at);
        case 'expect':
          return await this.expect(lab, action.expectations, at);
      }
    } catch (error) {
      return { status: 'failed', ranAt: at, detail: message(error) };
    }
  }

  /** A clock step: the run's clock mode changed, the lab clock moved or set, the traffic advanced to it. */
  private async moveClock(run: ScenarioRun, action: ClockAction, at: Date): Promise<StepOutcome> {
    const lab = run.lab;
    if (action.mode)
      run.clockMode = {
        mode: action.mode,
        scale: action.mode === 'scaled' ? (action.scale ?? run.clockMode.scale) : undefined,
      };
    if (action.advanceMs) await this.clocks.advance(lab, action.advanceMs);
    if (action.set) await this.clocks.setMode(lab, 'frozen', { now: action.set });
    await this.traffic.advance(lab);
    const now = this.clocks.nowOf(lab);
    return {
      status: 'done',
      ranAt: at,
      detail: `lab clock at ${now.toISOString()}, ${run.clockMode.mode}${run.clockMode.mode === 'scaled' ? ` ×${run.clockMode.scale ?? 'current'}` : ''}`,
    };
  }

  /** A request step, sent as the lab's administrator: done when answered with the status it expects. */
  private async request(lab: LabId, request: ScenarioRequest, at: Date): Promise<StepOutcome> {
    const answer = await this.gateway.send(lab, request.method, pathFor(lab, request.path), request.body);
    const ok = statusOk(answer, request.status);
    return {
      status: ok ? 'done' : 'failed',
      ranAt: at,
      detail: `${request.method} ${request.path} answered ${answer.status}${ok ? '' : ` (expected ${request.status ?? '2xx'}): ${shortBody(answer.body)}`}`,
    };
  }

  /** An expect step: each read sent and checked; done when every one is as expected. */
  private async expect(lab: LabId, expectations: readonly Expectation[], at: Date): Promise<StepOutcome> {
    // the lab as it is at the step's instant (a request step may have changed it), its history up to that instant
    // in the store before it is read (the sinks write in batches)
    await this.traffic.advance(lab);
    await this.sinks?.flush();
    const results: ExpectationResult[] = [];
    for (const expectation of expectations) results.push(await this.check(lab, expectation));
    const passed = results.every((r) => r.passed);
    return {
      status: passed ? 'done' : 'failed',
      ranAt: at,
      detail: passed
        ? 'every expectation met'
        : `${results.filter((r) => !r.passed).length} of ${results.length} reads not as expected`,
      expectations: results,
    };
  }

  private async check(lab: LabId, expectation: Expectation): Promise<ExpectationResult> {
    const read = expectation.read;
    const label = `${read.method} ${read.path}`;
    let answer: GatewayAnswer;
    try {
      answer = await this.gateway.send(lab, read.method, pathFor(lab, read.path), read.body);
    } catch (error) {
      return { read: label, status: undefined, passed: false, error: message(error), checks: [] };
    }
    if (!statusOk(answer, read.status)) {
      // an unexpected status fails the read; its checks still show what the answer held
      const checks = expectation.checks.map((check) => evaluate(check, answer.body));
      return {
        read: label,
        status: answer.status,
        passed: false,
        error: `answered ${answer.status}, expected ${read.status ?? '2xx'}: ${shortBody(answer.body)}`,
        checks,
      };
    }
    const checks = expectation.checks.map((check) => evaluate(check, answer.body));
    return { read: label, status: answer.status, passed: checks.every((c) => c.passed), checks };
  }
}
