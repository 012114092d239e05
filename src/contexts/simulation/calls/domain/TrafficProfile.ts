import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';

/**
 * What traffic a lab's simulated gateway carries. One definition: the control endpoint's DTO mirrors these
 * fields, `checkTrafficProfile` holds the rules the DTO's types cannot say, and SIMULATION.md documents both.
 */
export const OUTCOMES = ['answer', 'busy', 'noAnswer', 'failure', 'cancel'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const SIMULATED_CODECS = ['PCMA', 'PCMU', 'G722', 'opus'] as const;
export type SimulatedCodec = (typeof SIMULATED_CODECS)[number];

export const HOLDING_DISTRIBUTIONS = ['exponential', 'lognormal'] as const;
export type HoldingDistribution = (typeof HOLDING_DISTRIBUTIONS)[number];

export interface HoldingTime {
  readonly distribution: HoldingDistribution;
  readonly meanSeconds: number;
  /** lognormal only: the standard deviation of the holding time, seconds. */
  readonly sdSeconds?: number;
}

export interface SecondsRange {
  readonly min: number;
  readonly max: number;
}

/** A called number pattern: `X` any digit, `N` a digit 2-9, anything else literal. */
export interface CalledPattern {
  readonly pattern: string;
  readonly weight: number;
}

export interface NumberPlan {
  /** The calling number: this prefix followed by callingDigits random digits. */
  readonly callingPrefix: string;
  readonly callingDigits: number;
  readonly called: readonly CalledPattern[];
  /** How often calls enter on this node relative to the other source nodes. */
  readonly weight: number;
}

export interface NodeNumberPlan extends NumberPlan {
  readonly nodeId: string;
}

export type OutcomeWeights = Readonly<Record<Outcome, number>>;
export type CodecWeights = Readonly<Record<SimulatedCodec, number>>;

export interface TrafficProfile {
  readonly seed: number;
  /** Mean rate of the Poisson arrivals. */
  readonly callsPerSecond: number;
  readonly holdingTime: HoldingTime;
  readonly outcomes: OutcomeWeights;
  /** How long the called party's phone rings before it answers (answer) or the caller hangs up (cancel). */
  readonly ringTimeSeconds: SecondsRange;
  /** How long a caller waits for an answer that never comes (noAnswer) before hanging up. */
  readonly noAnswerTimeoutSeconds: number;
  readonly codecs: CodecWeights;
  readonly packetLossPercent: number;
  readonly jitterMs: number;
  /** The share (0..1) of calls that are recorded. */
  readonly recordedShare: number;
  /** The share (0..1) of answered calls the caller ends; the called party ends the others. */
  readonly callerHangupShare: number;
  readonly numberPlans: readonly NodeNumberPlan[];
  /** The plan of every source node numberPlans does not list. */
  readonly defaultNumberPlan: NumberPlan;
}

/** A modest demo: about one call a second, a minute's mean holding time, mostly answered. */
export const DEFAULT_TRAFFIC_PROFILE: TrafficProfile = Object.freeze<TrafficProfile>({
  seed: 1,
  callsPerSecond: 1,
  holdingTime: { distribution: 'exponential', meanSeconds: 60 },
  outcomes: { answer: 80, busy: 8, noAnswer: 5, failure: 4, cancel: 3 },
  ringTimeSeconds: { min: 2, max: 8 },
  noAnswerTimeoutSeconds: 30,
  codecs: { PCMA: 50, PCMU: 20, G722: 20, opus: 10 },
  packetLossPercent: 0.5,
  jitterMs: 8,
  recordedShare: 0.1,
  callerHangupShare: 0.5,
  numberPlans: [],
  defaultNumberPlan: {
    callingPrefix: '+4930',
    callingDigits: 7,
    called: [{ pattern: '0301234XXX', weight: 1 }],
    weight: 1,
  },
});

/** A profile as a request may give it: omitted top-level fields take the defaults; a given field is taken whole. */
export type TrafficProfileInput = {
  readonly [K in keyof TrafficProfile]?: TrafficProfile[K] | Partial<TrafficProfile[K]>;
};

/** The profile given, completed with the defaults and checked (DomainError INVALID_TRAFFIC_PROFILE naming each field). */
export function trafficProfile(input: TrafficProfileInput = {}): TrafficProfile {
  const weights = <K extends string>(
    keys: readonly K[],
    given: Partial<Record<K, number>> | undefined,
    fallback: Record<K, number>,
  ) =>
    given === undefined
      ? fallback
      : (Object.fromEntries(keys.map((key) => [key, given[key] ?? 0])) as Record<K, number>);
  const profile: TrafficProfile = {
    ...DEFAULT_TRAFFIC_PROFILE,
    ...(input as Partial<TrafficProfile>),
    outcomes: weights(OUTCOMES, input.outcomes, DEFAULT_TRAFFIC_PROFILE.outcomes),
    codecs: weights(SIMULATED_CODECS, input.codecs, DEFAULT_TRAFFIC_PROFILE.codecs),
  };
  checkTrafficProfile(profile);
  return profile;
}

const DIAL_PREFIX = /^\+?[0-9*#]*$/;
const CALLED_PATTERN = /^\+?[0-9*#XN]+$/;

/** The rules beyond the field types; throws one DomainError naming every faulty field. */
export function checkTrafficProfile(profile: TrafficProfile): void {
  const problems: ErrorDetail[] = [];
  const refuse = (field: string, message: string) =>
    problems.push({ field: `profile.${field}`, message: `profile.${field} ${message}` });
  const within = (field: string, value: number, min: number, max: number, exclusiveMin = false) => {
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      value > max ||
      (exclusiveMin ? value <= min : value < min)
    ) {
      refuse(field, `must be a number ${exclusiveMin ? 'above' : 'of at least'} ${min} and at most ${max}`);
    }
  };
  if (!Number.isInteger(profile.seed) || profile.seed < 0 || profile.seed > 0xffffffff)
    refuse('seed', 'must be an integer from 0 to 4294967295');
  within('callsPerSecond', profile.callsPerSecond, 0, 1000, true);
  within('holdingTime.meanSeconds', profile.holdingTime.meanSeconds, 0, 86_400, true);
  if (profile.holdingTime.distribution === 'lognormal') {
    if (profile.holdingTime.sdSeconds === undefined)
      refuse('holdingTime.sdSeconds', 'is required for the lognormal distribution');
    else within('holdingTime.sdSeconds', profile.holdingTime.sdSeconds, 0, 86_400, true);
  }
  checkWeights('outcomes', profile.outcomes, refuse);
  checkWeights('codecs', profile.codecs, refuse);
  within('ringTimeSeconds.min', profile.ringTimeSeconds.min, 0, 300);
  within('ringTimeSeconds.max', profile.ringTimeSeconds.max, 0, 300);
  if (profile.ringTimeSeconds.max < profile.ringTimeSeconds.min)
    refuse('ringTimeSeconds.max', 'must not be below ringTimeSeconds.min');
  within('noAnswerTimeoutSeconds', profile.noAnswerTimeoutSeconds, 0, 600, true);
  within('packetLossPercent', profile.packetLossPercent, 0, 100);
  within('jitterMs', profile.jitterMs, 0, 1000);
  within('recordedShare', profile.recordedShare, 0, 1);
  within('callerHangupShare', profile.callerHangupShare, 0, 1);
  const seen = new Set<string>();
  profile.numberPlans.forEach((plan, index) => {
    if (typeof plan.nodeId !== 'string' || plan.nodeId === '')
      refuse(`numberPlans[${index}].nodeId`, 'must name a node');
    else if (seen.has(plan.nodeId)) refuse(`numberPlans[${index}].nodeId`, `names node ${plan.nodeId} a second time`);
    seen.add(plan.nodeId);
    checkNumberPlan(`numberPlans[${index}]`, plan, refuse);
  });
  checkNumberPlan('defaultNumberPlan', profile.defaultNumberPlan, refuse);
  if (problems.length > 0) {
    throw DomainError.invalid(
      'INVALID_TRAFFIC_PROFILE',
      `the traffic profile is invalid: ${problems.map((p) => p.message).join('; ')}`,
      problems,
    );
  }
}

function checkWeights(
  field: string,
  weights: Readonly<Record<string, number>>,
  refuse: (field: string, message: string) => void,
): void {
  let total = 0;
  for (const [key, weight] of Object.entries(weights)) {
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0)
      refuse(`${field}.${key}`, 'must be a weight of 0 or more');
    else total += weight;
  }
  if (total <= 0) refuse(field, 'needs at least one weight above 0');
}

function checkNumberPlan(field: string, plan: NumberPlan, refuse: (field: string, message: string) => void): void {
  if (!DIAL_PREFIX.test(plan.callingPrefix))
    refuse(`${field}.callingPrefix`, "must be digits (* and # allowed), optionally after a '+'");
  if (!Number.isInteger(plan.callingDigits) || plan.callingDigits < 0 || plan.callingDigits > 20)
    refuse(`${field}.callingDigits`, 'must be an integer from 0 to 20');
  if (plan.callingPrefix.length + plan.callingDigits === 0)
    refuse(`${field}.callingDigits`, 'must give the calling number at least one character');
  if (typeof plan.weight !== 'number' || !Number.isFinite(plan.weight) || plan.weight < 0)
    refuse(`${field}.weight`, 'must be a weight of 0 or more');
  if (plan.called.length === 0) refuse(`${field}.called`, 'needs at least one called number pattern');
  let total = 0;
  plan.called.forEach((called, index) => {
    if (!CALLED_PATTERN.test(called.pattern) || called.pattern.length > 32) {
      refuse(
        `${field}.called[${index}].pattern`,
        "must be 1 to 32 of digits, *, #, X (any digit) and N (2-9), optionally after a '+'",
      );
    }
    if (typeof called.weight !== 'number' || !Number.isFinite(called.weight) || called.weight < 0)
      refuse(`${field}.called[${index}].weight`, 'must be a weight of 0 or more');
    else total += called.weight;
  });
  if (plan.called.length > 0 && total <= 0) refuse(`${field}.called`, 'needs at least one weight above 0');
}
