import type { RandomSource } from '../../../../shared/domain/RandomSource.js';
import { FieldProblems } from '../../shared/domain/RuleError.js';

/** The most jitter a packetLoss fault may give a node's media. */
export const MAX_FAULT_JITTER_MS = 1000;

/** A parameter a gateway fault takes (beside `kind`): a node of the lab, or a number in a range. */
export type GatewayFaultParameter =
  | { readonly name: string; readonly type: 'node'; readonly required: true; readonly description: string }
  | {
      readonly name: string;
      readonly type: 'number';
      readonly required: boolean;
      readonly min: number;
      readonly max: number;
      readonly integer: boolean;
      readonly default?: number;
      readonly unit: string;
      readonly description: string;
    };

const NODE: GatewayFaultParameter = {
  name: 'node',
  type: 'node',
  required: true,
  description: "a node id of the lab's committed configuration",
};

/**
 * The gateway faults and the parameters each takes (the one table the checks, the OpenAPI shape and the
 * documentation read). What each does is its owning context's (see ARCHITECTURE.md, "Faults and the journal").
 */
export const GATEWAY_FAULTS = {
  monitorUnreachable: [],
  standbyLinkDown: [],
  nodeDown: [NODE],
  trunkDown: [
    {
      ...NODE,
      description: "the carrier/provider node whose SIP trunk is down (a node id of the lab's committed configuration)",
    },
  ],
  licenseRevoked: [],
  diskFull: [],
  cpuOverload: [
    {
      name: 'loadPercent',
      type: 'number',
      required: false,
      min: 1,
      max: 100,
      integer: true,
      default: 98,
      unit: 'percent',
      description: 'the CPU load (default 98)',
    },
  ],
  packetLoss: [
    NODE,
    {
      name: 'lossPercent',
      type: 'number',
      required: true,
      min: 0,
      max: 100,
      integer: false,
      unit: 'percent',
      description: "the share of RTP packets lost on the node's media",
    },
    {
      name: 'jitterMs',
      type: 'number',
      required: false,
      min: 0,
      max: MAX_FAULT_JITTER_MS,
      integer: false,
      unit: 'milliseconds',
      description: "the jitter of the node's media (default: unchanged)",
    },
  ],
} as const satisfies Readonly<Record<string, readonly GatewayFaultParameter[]>>;
export type GatewayFaultKind = keyof typeof GATEWAY_FAULTS;
export const GATEWAY_FAULT_KINDS = Object.keys(GATEWAY_FAULTS) as GatewayFaultKind[];
/** Every parameter name some gateway fault takes. */
export const GATEWAY_FAULT_PARAMETERS = [
  ...new Set(Object.values(GATEWAY_FAULTS).flatMap((parameters) => parameters.map((p) => p.name))),
];

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
  | {
      readonly type: 'gateway';
      readonly kind: GatewayFaultKind;
      readonly parameters: Readonly<Record<string, string | number>>;
    };

export type LatencyInput =
  | number
  | {
      readonly distribution?: unknown;
      readonly min?: unknown;
      readonly max?: unknown;
      readonly mean?: unknown;
      readonly sd?: unknown;
    };

/** An effect as written in a rule (the wire's and the files' form). */
export interface FaultEffectInput {
  readonly status?: number;
  readonly body?: unknown;
  readonly latencyMs?: LatencyInput;
  readonly drop?: boolean;
  readonly malformedBody?: boolean;
  readonly timeout?: boolean;
  readonly kind?: string;
  /** Parameters of gateway faults (see GATEWAY_FAULTS). */
  readonly node?: string;
  readonly lossPercent?: number;
  readonly jitterMs?: number;
  readonly loadPercent?: number;
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
    problems.add(
      field,
      'type',
      'must be a number of milliseconds or {"distribution": "uniform", "min", "max"} or {"distribution": "normal", "mean", "sd"}',
    );
    return undefined;
  }
  const allowed =
    input.distribution === 'uniform'
      ? ['distribution', 'min', 'max']
      : input.distribution === 'normal'
        ? ['distribution', 'mean', 'sd']
        : undefined;
  if (!allowed) {
    problems.add(`${field}.distribution`, 'isIn', `must be one of ${LATENCY_DISTRIBUTIONS.join(', ')}`);
    return undefined;
  }
  for (const key of Object.keys(input))
    if (!allowed.includes(key))
      problems.add(`${field}.${key}`, 'unknown', `is not a field of a ${String(input.distribution)} latency`);
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
 * A gateway fault (`kind`) with its parameters: the kind one of GATEWAY_FAULTS; each parameter it takes given
 * when required, of its type and in its range (a number's default filled in); nothing else (no API field, no
 * parameter of another kind). Whether a `node` is a node of the lab is the application's check (it needs the
 * lab's committed configuration).
 */
function gatewayFault(
  input: FaultEffectInput,
  given: readonly (keyof FaultEffectInput)[],
  problems: FieldProblems,
  field: string,
): FaultEffect | undefined {
  const kind = input.kind;
  if (typeof kind !== 'string' || !(GATEWAY_FAULT_KINDS as readonly string[]).includes(kind)) {
    problems.add(`${field}.kind`, 'isIn', `must be one of ${GATEWAY_FAULT_KINDS.join(', ')}`);
    return undefined;
  }
  const takes: readonly GatewayFaultParameter[] = GATEWAY_FAULTS[kind as GatewayFaultKind];
  const names = takes.map((p) => p.name);
  for (const other of given.filter((key) => key !== 'kind' && !names.includes(key))) {
    if ((GATEWAY_FAULT_PARAMETERS as readonly string[]).includes(other)) {
      problems.add(
        `${field}.${other}`,
        'unknown',
        `is not a parameter of ${kind} (${names.length > 0 ? `it takes ${names.join(', ')}` : 'it takes none'})`,
      );
    } else problems.add(`${field}.${other}`, 'exclusive', 'cannot be combined with a gateway fault (kind)');
  }
  const parameters: Record<string, string | number> = {};
  const values = input as unknown as Record<string, unknown>;
  for (const parameter of takes) {
    const value = values[parameter.name];
    const name = `${field}.${parameter.name}`;
    if (value === undefined) {
      if (parameter.required) problems.add(name, 'required', `is required by ${kind} (${parameter.description})`);
      else if (parameter.type === 'number' && parameter.default !== undefined)
        parameters[parameter.name] = parameter.default;
      continue;
    }
    if (parameter.type === 'node') {
      if (typeof value !== 'string' || value.trim() === '' || value.length > 200)
        problems.add(name, 'isNodeId', `must be a node id (${parameter.description})`);
      else parameters[parameter.name] = value;
      continue;
    }
    if (
      !isNumber(value) ||
      value < parameter.min ||
      value > parameter.max ||
      (parameter.integer && !Number.isInteger(value))
    ) {
      problems.add(
        name,
        'range',
        `must be a ${parameter.integer ? 'whole number' : 'number'} from ${parameter.min} to ${parameter.max} (${parameter.unit})`,
      );
    } else parameters[parameter.name] = value;
  }
  if (!problems.empty) return undefined;
  return { type: 'gateway', kind: kind as GatewayFaultKind, parameters };
}

/**
 * Checks an effect and builds it; every fault is added to `problems` under its field (`effect.status`). Rules:
 * a gateway fault (`kind`) stands alone with the parameters of its kind (GATEWAY_FAULTS), which go with no API
 * effect; an API effect has latencyMs and/or exactly one answer (status with an
 * optional body, drop, malformedBody or timeout); the flags are `true` when given; body goes with status only.
 */
export function faultEffect(
  input: FaultEffectInput,
  problems: FieldProblems,
  field = 'effect',
): FaultEffect | undefined {
  const given = (Object.keys(input) as Array<keyof FaultEffectInput>).filter((key) => input[key] !== undefined);
  if (given.length === 0) {
    problems.add(field, 'required', 'needs one of status, latencyMs, drop, malformedBody, timeout or kind');
    return undefined;
  }
  if (input.kind !== undefined) return gatewayFault(input, given, problems, field);
  for (const other of given.filter((key) => (GATEWAY_FAULT_PARAMETERS as readonly string[]).includes(key))) {
    problems.add(`${field}.${other}`, 'requires', `is a parameter of a gateway fault: it goes with ${field}.kind`);
  }
  for (const flag of ['drop', 'malformedBody', 'timeout'] as const) {
    if (input[flag] !== undefined && input[flag] !== true)
      problems.add(`${field}.${flag}`, 'isTrue', 'must be true when given (leave it out otherwise)');
  }
  const answers = (['status', 'drop', 'malformedBody', 'timeout'] as const).filter((key) => input[key] !== undefined);
  if (answers.length > 1)
    problems.add(
      `${field}.${answers[1]}`,
      'exclusive',
      `cannot be combined with ${field}.${answers[0]}: a rule gives one answer`,
    );
  if (input.body !== undefined && input.status === undefined)
    problems.add(`${field}.body`, 'requires', `goes with ${field}.status only`);
  let answer: FaultAnswer | undefined;
  if (input.status !== undefined) {
    if (!Number.isInteger(input.status) || input.status < MIN_FAULT_STATUS || input.status > MAX_FAULT_STATUS) {
      problems.add(
        `${field}.status`,
        'range',
        `must be an HTTP status from ${MIN_FAULT_STATUS} to ${MAX_FAULT_STATUS}`,
      );
    } else answer = { kind: 'status', status: input.status, ...(input.body !== undefined ? { body: input.body } : {}) };
  } else if (input.drop) answer = { kind: 'drop' };
  else if (input.malformedBody) answer = { kind: 'malformedBody' };
  else if (input.timeout) answer = { kind: 'timeout' };
  const delay = input.latencyMs !== undefined ? latency(input.latencyMs, `${field}.latencyMs`, problems) : undefined;
  if (input.timeout && input.latencyMs !== undefined)
    problems.add(`${field}.latencyMs`, 'exclusive', `cannot be combined with ${field}.timeout`);
  if (!problems.empty) return undefined;
  return { type: 'api', ...(delay ? { latency: delay } : {}), ...(answer ? { answer } : {}) };
}

/** The effect in the form a rule is written in (for lists and the journal). */
export function effectInput(effect: FaultEffect): FaultEffectInput {
  if (effect.type === 'gateway') return { kind: effect.kind, ...effect.parameters };
  const latencyMs: LatencyInput | undefined =
    effect.latency === undefined
      ? undefined
      : effect.latency.distribution === 'fixed'
        ? effect.latency.ms
        : effect.latency.distribution === 'uniform'
          ? { distribution: 'uniform', min: effect.latency.min, max: effect.latency.max }
          : { distribution: 'normal', mean: effect.latency.mean, sd: effect.latency.sd };
  const answer = effect.answer;
  return {
    ...(answer?.kind === 'status'
      ? { status: answer.status, ...(answer.body !== undefined ? { body: answer.body } : {}) }
      : {}),
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
    case 'fixed':
      ms = latency.ms;
      break;
    case 'uniform':
      ms = latency.min + random.next() * (latency.max - latency.min);
      break;
    case 'normal': {
      const u = 1 - random.next();
      const v = random.next();
      ms = latency.mean + latency.sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
      break;
    }
  }
  return Math.round(Math.min(MAX_FAULT_MS, Math.max(0, ms)));
}
