import type { RandomSource } from '../../../../shared/domain/RandomSource.js';
import { FieldProblems } from '../../shared/domain/RuleError.js';

/** The gateway faults this version switches (while the rule is active). */
export const GATEWAY_FAULT_KINDS = ['monitorUnreachable'] as const;
export type GatewayFaultKind = (typeof GATEWAY_FAULT_KINDS)[number];
/** Gateway faults of the control plane's plan that are not simulated yet: refused, never silently accepted. */
export const LATER_GATEWAY_FAULT_KINDS = ['standbyLinkDown', 'nodeDown', 'trunkDown', 'licenseRevoked', 'diskFull', 'cpuOverload', 'packetLoss'] as const;

export const LATENCY_DISTRIBUTIONS = ['uniform', 'normal'] as const;
/** The longest latency a rule may add, and the longest a timeout holds a request (five minutes). */
export const MAX_FAULT_MS = 300_000;
export const MIN_FAULT_STATUS = 200;
export const MAX_FAULT_STATUS = 599;

export type Latency =
  | { readonly distribution: 'fixed'; readonly ms: number }
  | { readonly distribution: 'uniform'; readonly min: number; readonly max: number }
  | { readonly distribution: 'normal'; readonly mean: number; readonly sd: number };

/** What answers instead of the operation (which then does not run). */
export type FaultAnswer =
  | { readonly kind: 'status'; readonly status: number; readonly body?: unknown }
  | { readonly kind: 'drop' }
  | { readonly kind: 'malformedBody' }
  | { readonly kind: 'timeout' };

/** An API fault (latency before the operation or before another answer, and/or an answer) or a gateway fault. */
export type FaultEffect =
  | { readonly type: 'api'; readonly latency?: Latency; readonly answer?: FaultAnswer }
  | { readonly type: 'gateway'; readonly kind: GatewayFaultKind };

export type LatencyInput = number | { readonly distribution?: unknown; readonly min?: unknown; readonly max?: unknown; readonly mean?: unknown; readonly sd?: unknown };

/** An effect as written in a rule (the wire's and the files' form). */
export interface FaultEffectInput {
  readonly status?: number;
  readonly body?: unknown;
  readonly latencyMs?: LatencyInput;
  readonly drop?: boolean;
  readonly malformedBody?: boolean;
  readonly timeout?: boolean;
  readonly kind?: string;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function latency(input: LatencyInput, field: string, problems: FieldProblems): Latency | undefined {
  const inRange = (value: unknown, name: string): value is number => {
    if (!isNumber(value) || value < 0 || value > MAX_FAULT_MS) {
      problems.add(name, 'range', `must be a number of milliseconds from 0 to ${MAX_FAULT_MS}`);
      return false;
    }
    return true;
  };
  if (typeof input === 'number') return inRange(input, field) ? { distribution: 'fixed', ms: input } : undefined;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    problems.add(field, 'type', 'must be a number of milliseconds or {"distribution": "uniform", "min", "max"} or {"distribution": "normal", "mean", "sd"}');
    return undefined;
  }
  const allowed = input.distribution === 'uniform' ? ['distribution', 'min', 'max'] : input.distribution === 'normal' ? ['distribution', 'mean', 'sd'] : undefined;
  if (!allowed) {
    problems.add(`${field}.distribution`, 'isIn', `must be one of ${LATENCY_DISTRIBUTIONS.join(', ')}`);
    return undefined;
  }
  for (const key of Object.keys(input)) if (!allowed.includes(key)) problems.add(`${field}.${key}`, 'unknown', `is not a field of a ${String(input.distribution)} latency`);
  if (input.distribution === 'uniform') {
    const ok = inRange(input.min, `${field}.min`) && inRange(input.max, `${field}.max`);
    if (!ok) return undefined;
    if ((input.max as number) < (input.min as number)) {
      problems.add(`${field}.max`, 'order', 'must not be below min');
      return undefined;
    }
    return { distribution: 'uniform', min: input.min as number, max: input.max as number };
  }
  const ok = inRange(input.mean, `${field}.mean`) && inRange(input.sd, `${field}.sd`);
  return ok ? { distribution: 'normal', mean: input.mean as number, sd: input.sd as number } : undefined;
}

/**
 * Checks an effect and builds it; every fault is added to `problems` under its field (`effect.status`). Rules:
 * a gateway fault (`kind`) stands alone; an API effect has latencyMs and/or exactly one answer (status with an
 * optional body, drop, malformedBody or timeout); the flags are `true` when given; body goes with status only.
 */
export function faultEffect(input: FaultEffectInput, problems: FieldProblems, field = 'effect'): FaultEffect | undefined {
  const given = (Object.keys(input) as Array<keyof FaultEffectInput>).filter((key) => input[key] !== undefined);
  if (given.length === 0) {
    problems.add(field, 'required', 'needs one of status, latencyMs, drop, malformedBody, timeout or kind');
    return undefined;
  }
  if (input.kind !== undefined) {
    if ((LATER_GATEWAY_FAULT_KINDS as readonly string[]).includes(input.kind)) {
      problems.add(`${field}.kind`, 'notAvailable', `'${input.kind}' is not available yet: this version simulates only ${GATEWAY_FAULT_KINDS.join(', ')}`);
      return undefined;
    }
    if (!(GATEWAY_FAULT_KINDS as readonly string[]).includes(input.kind)) {
      problems.add(`${field}.kind`, 'isIn', `must be one of ${GATEWAY_FAULT_KINDS.join(', ')} (later: ${LATER_GATEWAY_FAULT_KINDS.join(', ')})`);
      return undefined;
    }
    for (const other of given.filter((key) => key !== 'kind')) problems.add(`${field}.${other}`, 'exclusive', 'cannot be combined with a gateway fault (kind)');
    return { type: 'gateway', kind: input.kind as GatewayFaultKind };
  }
  for (const flag of ['drop', 'malformedBody', 'timeout'] as const) {
    if (input[flag] !== undefined && input[flag] !== true) problems.add(`${field}.${flag}`, 'isTrue', 'must be true when given (leave it out otherwise)');
  }
  const answers = (['status', 'drop', 'malformedBody', 'timeout'] as const).filter((key) => input[key] !== undefined);
  if (answers.length > 1) problems.add(`${field}.${answers[1]}`, 'exclusive', `cannot be combined with ${field}.${answers[0]}: a rule gives one answer`);
  if (input.body !== undefined && input.status === undefined) problems.add(`${field}.body`, 'requires', `goes with ${field}.status only`);
  let answer: FaultAnswer | undefined;
  if (input.status !== undefined) {
    if (!Number.isInteger(input.status) || input.status < MIN_FAULT_STATUS || input.status > MAX_FAULT_STATUS) {
      problems.add(`${field}.status`, 'range', `must be an HTTP status from ${MIN_FAULT_STATUS} to ${MAX_FAULT_STATUS}`);
    } else answer = { kind: 'status', status: input.status, ...(input.body !== undefined ? { body: input.body } : {}) };
  } else if (input.drop) answer = { kind: 'drop' };
  else if (input.malformedBody) answer = { kind: 'malformedBody' };
  else if (input.timeout) answer = { kind: 'timeout' };
  const delay = input.latencyMs !== undefined ? latency(input.latencyMs, `${field}.latencyMs`, problems) : undefined;
  if (input.timeout && input.latencyMs !== undefined) problems.add(`${field}.latencyMs`, 'exclusive', `cannot be combined with ${field}.timeout`);
  if (!problems.empty) return undefined;
  return { type: 'api', ...(delay ? { latency: delay } : {}), ...(answer ? { answer } : {}) };
}

/** The effect in the form a rule is written in (for lists and the journal). */
export function effectInput(effect: FaultEffect): FaultEffectInput {
  if (effect.type === 'gateway') return { kind: effect.kind };
  const latencyMs: LatencyInput | undefined = effect.latency === undefined ? undefined
    : effect.latency.distribution === 'fixed' ? effect.latency.ms
      : effect.latency.distribution === 'uniform' ? { distribution: 'uniform', min: effect.latency.min, max: effect.latency.max }
        : { distribution: 'normal', mean: effect.latency.mean, sd: effect.latency.sd };
  const answer = effect.answer;
  return {
    ...(answer?.kind === 'status' ? { status: answer.status, ...(answer.body !== undefined ? { body: answer.body } : {}) } : {}),
    ...(latencyMs !== undefined ? { latencyMs } : {}),
    ...(answer?.kind === 'drop' ? { drop: true } : {}),
    ...(answer?.kind === 'malformedBody' ? { malformedBody: true } : {}),
    ...(answer?.kind === 'timeout' ? { timeout: true } : {}),
  };
}

/** One draw of a latency, whole milliseconds within [0, MAX_FAULT_MS]; the normal distribution by Box-Muller. */
export function sampleLatency(latency: Latency, random: RandomSource): number {
  let ms: number;
  switch (latency.distribution) {
    case 'fixed': ms = latency.ms; break;
    case 'uniform': ms = latency.min + random.next() * (latency.max - latency.min); break;
    case 'normal': {
      const u = 1 - random.next();
      const v = random.next();
      ms = latency.mean + latency.sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
      break;
    }
  }
  return Math.round(Math.min(MAX_FAULT_MS, Math.max(0, ms)));
}
