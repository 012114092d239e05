import { ScenarioProblems, duration, instant, integer, isObject, known, text, type Json } from './ScenarioProblems.js';
import { parseChecks, type Check } from './JsonChecks.js';

/**
 * A scenario: a documented file that seeds a lab (configuration, licenses, users, traffic, clock) and schedules
 * steps on the lab clock (faults on and off, traffic changes, clock moves, gateway requests, expectations). This
 * is the document as the control API takes it (JSON; the CLI and the shipped library turn YAML into it and embed
 * the files it references). Every fault is named by its field (`steps[2].at`, `seed.licenses[0].sessions`).
 */
export const SCENARIO_FORMAT_VERSION = 1;
export const MAX_STEPS = 500;
export const MAX_CHECKS = 50;
export const SCENARIO_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ScenarioClock {
  /** The lab's instant at which the scenario starts (undefined: the lab's time when it starts). */
  readonly start: Date | undefined;
  /** How the lab's time runs during the run: real, scaled (scale times as fast), or frozen (the runner jumps from step to step). */
  readonly mode: 'real' | 'scaled' | 'frozen';
  readonly scale: number | undefined;
}

export interface ScenarioLicense {
  readonly identifier: string | undefined;
  readonly name: string;
  /** Concurrent sessions (the telrtSession facility). */
  readonly sessions: number;
  readonly recordingSessions: number;
  /** Offsets from the scenario's start (ms, may be negative). */
  readonly validFromMs: number;
  readonly validUntilMs: number;
}

export interface ScenarioUser {
  readonly name: string;
  readonly password: string;
  readonly role: string;
}

export interface ScenarioRequest {
  readonly method: HttpMethod;
  /** A path under /api/, /app/ or /_sim/ (with its query). */
  readonly path: string;
  readonly body: unknown;
  /** The status the request must answer (undefined: any 2xx). */
  readonly status: number | undefined;
}

/** One read and the checks on its answer. */
export interface Expectation {
  readonly read: ScenarioRequest;
  readonly checks: readonly Check[];
}

export type StepAction<FaultRule, TrafficChange> =
  | { readonly kind: 'fault'; readonly label: string; readonly rule: FaultRule }
  | { readonly kind: 'clearFault'; readonly label: string }
  | { readonly kind: 'traffic'; readonly change: TrafficChange }
  | {
      readonly kind: 'clock';
      readonly advanceMs?: number;
      readonly set?: Date;
      readonly mode?: 'real' | 'scaled' | 'frozen';
      readonly scale?: number;
    }
  | { readonly kind: 'request'; readonly request: ScenarioRequest }
  | { readonly kind: 'expect'; readonly expectations: readonly Expectation[] };

export interface ScenarioStep<FaultRule = unknown, TrafficChange = unknown> {
  readonly index: number;
  /** Offset from the scenario's start on the lab clock (ms), and as written (ISO-8601 duration). */
  readonly atMs: number;
  readonly at: string;
  readonly name: string | undefined;
  readonly action: StepAction<FaultRule, TrafficChange>;
}

export interface ConfigurationFile {
  readonly fileName: string;
  readonly content: Buffer;
}

export interface Scenario<FaultRule = unknown, TrafficChange = unknown> {
  readonly name: string;
  readonly description: string;
  readonly seed: {
    readonly configuration: ConfigurationFile | undefined;
    readonly licenses: readonly ScenarioLicense[];
    readonly users: readonly ScenarioUser[];
    readonly requests: readonly ScenarioRequest[];
    readonly traffic: TrafficChange | undefined;
    readonly randomSeed: number | undefined;
    readonly clock: ScenarioClock;
  };
  /** In the order they run: by `at`, then as written. */
  readonly steps: readonly ScenarioStep<FaultRule, TrafficChange>[];
  /** The document as given (what a lab remembers to be reset to). */
  readonly document: Record<string, unknown>;
}

/** How the parts that belong to other contexts are read (a fault rule, a traffic change); each throws a DomainError naming `field`. */
export interface ScenarioParts<FaultRule, TrafficChange> {
  faultRule(json: unknown, field: string): FaultRule;
  trafficChange(json: unknown, field: string, randomSeed: number | undefined): TrafficChange;
}

/** A gateway or control request: `{method, path, body?, status?}`, or `read: "GET /api/…"` in an expectation. */
export function parseRequest(problems: ScenarioProblems, value: unknown, field: string): ScenarioRequest | undefined {
  if (!isObject(value)) return problems.add(field, 'must be an object {method, path, body?, status?}');
  known(problems, value, field, ['method', 'path', 'body', 'status']);
  const method = typeof value['method'] === 'string' ? value['method'].toUpperCase() : undefined;
  if (!method || !(HTTP_METHODS as readonly string[]).includes(method))
    problems.add(`${field}.method`, `must be one of ${HTTP_METHODS.join(', ')}`);
  const path = text(problems, value['path'], `${field}.path`, {
    required: true,
    max: 2000,
    pattern: /^\/(api|app|_sim)\//,
    hint: 'must be a path of the gateway API (/api/…, /app/…) or of the control API (/_sim/…)',
  });
  const status = integer(problems, value['status'], `${field}.status`, 100, 599);
  if (!method || !path) return undefined;
  return { method: method as HttpMethod, path, body: value['body'], status };
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

const STEP_ACTIONS = ['fault', 'clearFault', 'traffic', 'clock', 'request', 'expect'] as const;

function parseStep<F, T>(
  problems: ScenarioProblems,
  value: unknown,
  index: number,
  parts: ScenarioParts<F, T>,
  labels: Set<string>,
  randomSeed: number | undefined,
): ScenarioStep<F, T> | undefined {
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
  const body = value[kind];
  const at = `${field}.${kind}`;
  let action: StepAction<F, T> | undefined;
  switch (kind) {
    case 'fault': {
      if (!isObject(body))
        return problems.add(at, 'must be a fault rule (as POST /_sim/labs/{lab}/faults takes it) with a label');
      const label = text(problems, body['label'], `${at}.label`, { required: true, max: 64 });
      if (label && labels.has(label)) problems.add(`${at}.label`, `'${label}' labels an earlier fault step already`);
      if (label) labels.add(label);
      const { label: _label, ...rule } = body;
      const parsed = problems.part(at, () => parts.faultRule(rule, at));
      if (label && parsed !== undefined) action = { kind, label, rule: parsed };
      break;
    }
    case 'clearFault': {
      // that a fault step labelled so runs before it is checked on the schedule (parseScenario)
      const label = text(problems, body, at, { required: true, max: 64 });
      if (label) action = { kind, label };
      break;
    }
    case 'traffic': {
      const change = problems.part(at, () => parts.trafficChange(body, at, randomSeed));
      if (change !== undefined) action = { kind, change };
      break;
    }
    case 'clock': {
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
      if (body['advance'] !== undefined && body['set'] !== undefined)
        problems.add(at, 'takes advance or set, not both');
      if (body['advance'] === undefined && body['set'] === undefined && body['mode'] === undefined)
        problems.add(at, 'must move the clock (advance, set) or change its mode');
      action = {
        kind,
        ...(advanceMs ? { advanceMs } : {}),
        ...(set ? { set } : {}),
        ...(mode ? { mode } : {}),
        ...(scale !== undefined ? { scale } : {}),
      };
      break;
    }
    case 'request': {
      const request = parseRequest(problems, body, at);
      if (request) action = { kind, request };
      break;
    }
    case 'expect': {
      const list = Array.isArray(body) ? body : [body];
      if (list.length === 0 || list.length > MAX_CHECKS) return problems.add(at, `must hold 1 to ${MAX_CHECKS} reads`);
      const expectations = list.map((item, i) =>
        parseExpectation(problems, item, Array.isArray(body) ? `${at}[${i}]` : at),
      );
      if (expectations.every((e) => e !== undefined)) action = { kind, expectations: expectations as Expectation[] };
      break;
    }
  }
  if (atMs === undefined || !action) return undefined;
  return { index, atMs, at: String(value['at']), name, action };
}

function parseMode(
  problems: ScenarioProblems,
  value: unknown,
  field: string,
): 'real' | 'scaled' | 'frozen' | undefined {
  if (value === undefined) return undefined;
  if (value !== 'real' && value !== 'scaled' && value !== 'frozen')
    return problems.add(field, 'must be real, scaled or frozen');
  return value;
}

function parseScale(
  problems: ScenarioProblems,
  value: unknown,
  field: string,
  mode: string | undefined,
): number | undefined {
  if (value === undefined) return undefined;
  if (mode !== 'scaled') return problems.add(field, 'applies to the scaled mode only');
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0.001 || value > 10_000)
    return problems.add(field, 'must be a number from 0.001 to 10000');
  return value;
}

function parseLicense(problems: ScenarioProblems, value: unknown, field: string): ScenarioLicense | undefined {
  if (!isObject(value)) return problems.add(field, 'must be an object {name, sessions, validFrom?, validUntil?}');
  known(problems, value, field, ['identifier', 'name', 'sessions', 'recordingSessions', 'validFrom', 'validUntil']);
  const identifier = text(problems, value['identifier'], `${field}.identifier`, {
    max: 64,
    pattern: /^[A-Za-z0-9._-]+$/,
    hint: 'may hold letters, digits, dots, hyphens and underscores',
  });
  const name = text(problems, value['name'], `${field}.name`, { required: true, max: 200 });
  const sessions = integer(problems, value['sessions'], `${field}.sessions`, 1, 100_000, true);
  const recordingSessions =
    integer(problems, value['recordingSessions'], `${field}.recordingSessions`, 0, 100_000) ?? 0;
  const validFromMs =
    value['validFrom'] === undefined
      ? 0
      : duration(problems, value['validFrom'], `${field}.validFrom`, { negative: true });
  const validUntilMs =
    value['validUntil'] === undefined
      ? 365 * 24 * 3600_000
      : duration(problems, value['validUntil'], `${field}.validUntil`, { negative: true });
  if (validFromMs !== undefined && validUntilMs !== undefined && validUntilMs <= validFromMs)
    problems.add(`${field}.validUntil`, 'must come after validFrom');
  if (!name || sessions === undefined || validFromMs === undefined || validUntilMs === undefined) return undefined;
  return { identifier, name, sessions, recordingSessions, validFromMs, validUntilMs };
}

function parseUser(problems: ScenarioProblems, value: unknown, field: string): ScenarioUser | undefined {
  if (!isObject(value)) return problems.add(field, 'must be an object {name, password, role}');
  known(problems, value, field, ['name', 'password', 'role']);
  const name = text(problems, value['name'], `${field}.name`, { required: true, max: 128 });
  const password = text(problems, value['password'], `${field}.password`, { required: true, max: 256 });
  const role = text(problems, value['role'], `${field}.role`, { required: true, max: 128 });
  return name && password && role ? { name, password, role } : undefined;
}

function parseConfiguration(problems: ScenarioProblems, value: unknown, field: string): ConfigurationFile | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value))
    return problems.add(
      field,
      'must be {fileName, contentBase64} (a scenario file names it {file: path}; the CLI embeds it)',
    );
  known(problems, value, field, ['fileName', 'contentBase64', 'file']);
  if (value['file'] !== undefined && value['contentBase64'] === undefined) {
    return problems.add(
      `${field}.file`,
      "names a file the server cannot read: send the file's content as contentBase64 (gwsim scenario run embeds it)",
    );
  }
  const fileName = text(
    problems,
    value['fileName'] ?? (typeof value['file'] === 'string' ? value['file'].split('/').pop() : undefined),
    `${field}.fileName`,
    { required: true, max: 255 },
  );
  const base64 = text(problems, value['contentBase64'], `${field}.contentBase64`, {
    required: true,
    max: 64 * 1024 * 1024,
    pattern: /^[A-Za-z0-9+/\s]*={0,2}\s*$/,
    hint: 'must be base64',
  });
  if (!fileName || !base64) return undefined;
  const content = Buffer.from(base64, 'base64');
  if (content.length === 0) return problems.add(`${field}.contentBase64`, 'is empty');
  return { fileName, content };
}

/** Reads and checks a scenario document; a 400 INVALID_SCENARIO names every faulty field. */
export function parseScenario<F, T>(json: unknown, parts: ScenarioParts<F, T>): Scenario<F, T> {
  const problems = new ScenarioProblems();
  if (!isObject(json)) {
    problems.add('scenario', 'must be an object {formatVersion, name, description, seed, steps}');
    problems.throwIfAny();
  }
  const doc = json as Json;
  known(problems, doc, '', ['formatVersion', 'name', 'description', 'seed', 'steps']);
  if (doc['formatVersion'] !== SCENARIO_FORMAT_VERSION)
    problems.add('formatVersion', `must be ${SCENARIO_FORMAT_VERSION}`);
  const name = text(problems, doc['name'], 'name', {
    required: true,
    max: 64,
    pattern: SCENARIO_NAME,
    hint: 'must be 1 to 64 lower-case letters, digits and hyphens',
  });
  const description = text(problems, doc['description'], 'description', { max: 4000 }) ?? '';
  const seed = doc['seed'] === undefined ? {} : doc['seed'];
  let parsedSeed: Scenario<F, T>['seed'] | undefined;
  if (!isObject(seed)) problems.add('seed', 'must be an object');
  else {
    known(problems, seed, 'seed', ['configuration', 'licenses', 'users', 'requests', 'traffic', 'randomSeed', 'clock']);
    const list = (key: string): unknown[] => {
      const value = seed[key];
      if (value === undefined) return [];
      if (!Array.isArray(value)) return problems.add(`seed.${key}`, 'must be a list') ?? [];
      if (value.length > 100) return problems.add(`seed.${key}`, 'holds at most 100 entries') ?? [];
      return value;
    };
    const randomSeed = integer(problems, seed['randomSeed'], 'seed.randomSeed', 0, 2 ** 32 - 1);
    const clock = seed['clock'] === undefined ? {} : seed['clock'];
    let parsedClock: ScenarioClock = { start: undefined, mode: 'real', scale: undefined };
    if (!isObject(clock)) problems.add('seed.clock', 'must be {start?, mode?, scale?}');
    else {
      known(problems, clock, 'seed.clock', ['start', 'mode', 'scale']);
      const start =
        clock['start'] === undefined
          ? undefined
          : (instant(clock['start']) ??
            problems.add(
              'seed.clock.start',
              'must be an ISO-8601 instant with its offset, such as 2026-11-23T09:00:00Z',
            ));
      const mode = parseMode(problems, clock['mode'], 'seed.clock.mode') ?? 'real';
      parsedClock = { start, mode, scale: parseScale(problems, clock['scale'], 'seed.clock.scale', mode) };
    }
    const traffic =
      seed['traffic'] === undefined
        ? undefined
        : problems.part('seed.traffic', () => parts.trafficChange(seed['traffic'], 'seed.traffic', randomSeed));
    parsedSeed = {
      configuration: parseConfiguration(problems, seed['configuration'], 'seed.configuration'),
      licenses: list('licenses')
        .map((l, i) => parseLicense(problems, l, `seed.licenses[${i}]`))
        .filter((l): l is ScenarioLicense => l !== undefined),
      users: list('users')
        .map((u, i) => parseUser(problems, u, `seed.users[${i}]`))
        .filter((u): u is ScenarioUser => u !== undefined),
      requests: list('requests')
        .map((r, i) => parseRequest(problems, r, `seed.requests[${i}]`))
        .filter((r): r is ScenarioRequest => r !== undefined),
      traffic,
      randomSeed,
      clock: parsedClock,
    };
  }
  const rawSteps = doc['steps'] === undefined ? [] : doc['steps'];
  const steps: ScenarioStep<F, T>[] = [];
  if (!Array.isArray(rawSteps)) problems.add('steps', 'must be a list');
  else if (rawSteps.length > MAX_STEPS) problems.add('steps', `holds at most ${MAX_STEPS} steps`);
  else {
    const labels = new Set<string>();
    const randomSeed = isObject(seed) && typeof seed['randomSeed'] === 'number' ? seed['randomSeed'] : undefined;
    rawSteps.forEach((raw, index) => {
      const step = parseStep(problems, raw, index, parts, labels, randomSeed);
      if (step) steps.push(step);
    });
  }
  const schedule = scheduleOf(steps);
  const faulted = new Set<string>();
  for (const step of schedule) {
    if (step.action.kind === 'fault') faulted.add(step.action.label);
    if (step.action.kind === 'clearFault' && !faulted.has(step.action.label)) {
      problems.add(
        `steps[${step.index}].clearFault`,
        `'${step.action.label}' is not the label of a fault step that runs before it`,
      );
    }
  }
  problems.throwIfAny();
  return { name: name!, description, seed: parsedSeed!, steps: schedule, document: doc };
}

/** The order steps run in: by `at`, then as written (a stable sort). */
export function scheduleOf<S extends { readonly atMs: number; readonly index: number }>(steps: readonly S[]): S[] {
  return [...steps].sort((a, b) => a.atMs - b.atMs || a.index - b.index);
}
