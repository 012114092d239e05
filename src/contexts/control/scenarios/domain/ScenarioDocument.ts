import type { Check } from './JsonChecks.js';
import type { HttpMethod } from './parseRequest.js';
import { parseSeed } from './parseSeed.js';
import { parseSteps } from './parseSteps.js';
import { ScenarioProblems, isObject, known, text, type Json } from './ScenarioProblems.js';

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
export { HTTP_METHODS, type HttpMethod } from './parseRequest.js';

export interface ScenarioClock {
  /** The lab's instant at which the scenario starts (undefined: the lab's time when it starts). */
  readonly start: Date | undefined;
  /** How the lab's time runs during the run: real, scaled (scale times as fast), or frozen (the runner jumps from step to step). */
  readonly mode: 'real' | 'scaled' | 'frozen';
  readonly scale: number | undefined;
  /** How the lab clock is left once the run ended (see CLOCK_AFTERWARDS). */
  readonly afterwards: ClockAfterwards;
}

/**
 * How a finished run leaves its lab's clock: `wall` (the default: back to wall time, real time at no offset, so
 * what is done in the lab afterwards happens now), `runOn` (it goes on in the run's mode from where the run ended:
 * a scaled run's clock keeps its pace), `hold` (frozen where the run ended, to look at the lab as it was then).
 */
export const CLOCK_AFTERWARDS = ['wall', 'runOn', 'hold'] as const;
export type ClockAfterwards = (typeof CLOCK_AFTERWARDS)[number];

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
  const seed = parseSeed(problems, doc['seed'], parts);
  const rawSeed = doc['seed'];
  const randomSeed = isObject(rawSeed) && typeof rawSeed['randomSeed'] === 'number' ? rawSeed['randomSeed'] : undefined;
  const schedule = scheduleOf(parseSteps(problems, doc['steps'], parts, randomSeed));
  checkClearedFaults(problems, schedule);
  problems.throwIfAny();
  return { name: name!, description, seed: seed!, steps: schedule, document: doc };
}

/** Each clearFault step names the label of a fault step that runs before it. */
function checkClearedFaults(problems: ScenarioProblems, schedule: readonly ScenarioStep[]): void {
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
}

/** The order steps run in: by `at`, then as written (a stable sort). */
export function scheduleOf<S extends { readonly atMs: number; readonly index: number }>(steps: readonly S[]): S[] {
  return [...steps].sort((a, b) => a.atMs - b.atMs || a.index - b.index);
}
