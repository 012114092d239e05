import { parseChecks } from './JsonChecks.js';
import { parseRequest } from './parseRequest.js';
import {
  MAX_CHECKS,
  MAX_STEPS,
  type Expectation,
  type ScenarioParts,
  type ScenarioStep,
  type StepAction,
} from './ScenarioDocument.js';
import {
  duration,
  instant,
  isObject,
  known,
  parseMode,
  parseScale,
  text,
  type Json,
  type ScenarioProblems,
} from './ScenarioProblems.js';

const STEP_ACTIONS = ['fault', 'clearFault', 'traffic', 'clock', 'request', 'expect'] as const;
type StepKind = (typeof STEP_ACTIONS)[number];

/** What reading one step's action needs besides its body. */
interface StepContext<F, T> {
  readonly problems: ScenarioProblems;
  readonly parts: ScenarioParts<F, T>;
  /** The labels of the fault steps read so far (a label names one fault step). */
  readonly labels: Set<string>;
  readonly randomSeed: number | undefined;
}

/** Reads the `steps` list, in the order written (undefined: none); a faulty step is named by its field. */
export function parseSteps<F, T>(
  problems: ScenarioProblems,
  value: unknown,
  parts: ScenarioParts<F, T>,
  randomSeed: number | undefined,
): ScenarioStep<F, T>[] {
  const rawSteps = value === undefined ? [] : value;
  const steps: ScenarioStep<F, T>[] = [];
  if (!Array.isArray(rawSteps)) problems.add('steps', 'must be a list');
  else if (rawSteps.length > MAX_STEPS) problems.add('steps', `holds at most ${MAX_STEPS} steps`);
  else {
    const context: StepContext<F, T> = { problems, parts, labels: new Set<string>(), randomSeed };
    rawSteps.forEach((raw, index) => {
      const step = parseStep(context, raw, index);
      if (step) steps.push(step);
    });
  }
  return steps;
}

function parseStep<F, T>(context: StepContext<F, T>, value: unknown, index: number): ScenarioStep<F, T> | undefined {
  const { problems } = context;
  const field = `steps[${index}]`;
  if (!isObject(value))
    return problems.add(
      field,
      'must be an object {at, name?, and one of fault, clearFault, traffic, clock, request, expect}',
    );
  known(problems, value, field, ['at', 'name', ...STEP_ACTIONS]);
  const atMs = duration(problems, value['at'], `${field}.at`, { required: true });
  const name = text(problems, value['name'], `${field}.name`, { max: 200 });
  const given = STEP_ACTIONS.filter((key) => value[key] !== undefined);
  if (given.length !== 1)
    return problems.add(
      field,
      `must have exactly one action of ${STEP_ACTIONS.join(', ')} (it has ${given.length === 0 ? 'none' : given.join(', ')})`,
    );
  const kind = given[0]!;
  const action = parseAction(context, kind, value[kind], `${field}.${kind}`);
  if (atMs === undefined || !action) return undefined;
  return { index, atMs, at: String(value['at']), name, action };
}

function parseAction<F, T>(
  context: StepContext<F, T>,
  kind: StepKind,
  body: unknown,
  at: string,
): StepAction<F, T> | undefined {
  const { problems } = context;
  switch (kind) {
    case 'fault':
      return parseFault(context, body, at);
    case 'clearFault': {
      // that a fault step labelled so runs before it is checked on the schedule (parseScenario)
      const label = text(problems, body, at, { required: true, max: 64 });
      return label ? { kind, label } : undefined;
    }
    case 'traffic': {
      const change = problems.part(at, () => context.parts.trafficChange(body, at, context.randomSeed));
      return change !== undefined ? { kind, change } : undefined;
    }
    case 'clock':
      return parseClock(problems, body, at);
    case 'request': {
      const request = parseRequest(problems, body, at);
      return request ? { kind, request } : undefined;
    }
    case 'expect':
      return parseExpect(problems, body, at);
  }
}

function parseFault<F, T>(context: StepContext<F, T>, body: unknown, at: string): StepAction<F, T> | undefined {
  const { problems, labels } = context;
  if (!isObject(body))
    return problems.add(at, 'must be a fault rule (as POST /_sim/labs/{lab}/faults takes it) with a label');
  const label = text(problems, body['label'], `${at}.label`, { required: true, max: 64 });
  if (label && labels.has(label)) problems.add(`${at}.label`, `'${label}' labels an earlier fault step already`);
  if (label) labels.add(label);
  const { label: _label, ...rule } = body;
  const parsed = problems.part(at, () => context.parts.faultRule(rule, at));
  return label && parsed !== undefined ? { kind: 'fault', label, rule: parsed } : undefined;
}

function parseClock<F, T>(problems: ScenarioProblems, body: unknown, at: string): StepAction<F, T> | undefined {
  if (!isObject(body)) return problems.add(at, 'must be {advance: PT1H} or {set: instant} and/or {mode, scale}');
  known(problems, body, at, ['advance', 'set', 'mode', 'scale']);
  const advanceMs = duration(problems, body['advance'], `${at}.advance`);
  if (advanceMs === 0) problems.add(`${at}.advance`, 'must be longer than zero');
  const set =
    body['set'] === undefined
      ? undefined
      : (instant(body['set']) ??
        problems.add(`${at}.set`, 'must be an ISO-8601 instant with its offset, such as 2026-11-23T09:00:00Z'));
  const mode = parseMode(problems, body['mode'], `${at}.mode`);
  const scale = parseScale(problems, body['scale'], `${at}.scale`, mode);
  checkClockMove(problems, body, at);
  return {
    kind: 'clock',
    ...(advanceMs ? { advanceMs } : {}),
    ...(set ? { set } : {}),
    ...(mode ? { mode } : {}),
    ...(scale !== undefined ? { scale } : {}),
  };
}

function checkClockMove(problems: ScenarioProblems, body: Json, at: string): void {
  if (body['advance'] !== undefined && body['set'] !== undefined) problems.add(at, 'takes advance or set, not both');
  if (body['advance'] === undefined && body['set'] === undefined && body['mode'] === undefined)
    problems.add(at, 'must move the clock (advance, set) or change its mode');
}

function parseExpect<F, T>(problems: ScenarioProblems, body: unknown, at: string): StepAction<F, T> | undefined {
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0 || list.length > MAX_CHECKS) return problems.add(at, `must hold 1 to ${MAX_CHECKS} reads`);
  const expectations = list.map((item, i) =>
    parseExpectation(problems, item, Array.isArray(body) ? `${at}[${i}]` : at),
  );
  return expectations.every((e) => e !== undefined)
    ? { kind: 'expect', expectations: expectations as Expectation[] }
    : undefined;
}

function parseExpectation(problems: ScenarioProblems, value: unknown, field: string): Expectation | undefined {
  if (!isObject(value)) return problems.add(field, 'must be an object {read, body?, status?, that: [checks]}');
  known(problems, value, field, ['read', 'body', 'status', 'that']);
  const read = text(problems, value['read'], `${field}.read`, {
    required: true,
    max: 2000,
    pattern: /^(GET|POST|PUT|DELETE) \/(api|app|_sim)\/\S*$/,
    hint: 'must be a method and a path, such as "GET /api/hotStandby/status"',
  });
  const request = read
    ? parseRequest(
        problems,
        { method: read.split(' ')[0], path: read.split(' ')[1], body: value['body'], status: value['status'] },
        field,
      )
    : undefined;
  const that = value['that'] === undefined ? [] : value['that'];
  if (!Array.isArray(that)) return problems.add(`${field}.that`, 'must be a list of checks');
  if (that.length > MAX_CHECKS) return problems.add(`${field}.that`, `holds at most ${MAX_CHECKS} checks`);
  const checks = parseChecks(problems, that, `${field}.that`);
  return request && checks ? { read: request, checks } : undefined;
}
