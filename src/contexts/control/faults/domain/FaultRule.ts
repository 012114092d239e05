import { FieldProblems } from '../../shared/domain/RuleError.js';
import { effectInput, faultEffect, type FaultEffect, type FaultEffectInput } from './FaultEffect.js';
import { FaultMatch, MATCH_ALL, type FaultMatchInput } from './FaultMatch.js';

export const MAX_FAULT_COUNT = 1_000_000;
/** The longest a rule may be given to live: 30 days. */
export const MAX_EXPIRES_IN_SECONDS = 30 * 24 * 3600;

/** A rule as written (the control API's body, a file given to the command line). */
export interface FaultRuleInput {
  readonly match?: FaultMatchInput;
  readonly effect: FaultEffectInput;
  readonly probability?: number;
  readonly count?: number;
  readonly window?: { readonly from?: string; readonly until?: string };
  readonly expiresInSeconds?: number;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function instant(value: unknown, field: string, problems: FieldProblems): Date | undefined {
  if (value === undefined) return undefined;
  const time = typeof value === 'string' && ISO_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    problems.add(field, 'isoInstant', 'must be an ISO-8601 instant with its offset, such as 2026-03-01T08:00:00Z');
    return undefined;
  }
  return new Date(time);
}

/**
 * A fault rule: which gateway requests it matches (an API fault names them: FaultMatch), its effect, the
 * probability that a matching request gets it, how many times at most (`count`: then it expires), and when it holds
 * (a window, an expiry). A gateway fault (`effect.kind`) has no match, probability or count: it holds while the rule
 * is active. Hits are counted here.
 */
export class FaultRule {
  private hitCount = 0;

  private constructor(
    readonly id: string,
    /** Order of addition: the first rule added wins when several match. */
    readonly sequence: number,
    readonly match: FaultMatch,
    readonly effect: FaultEffect,
    readonly probability: number,
    readonly count: number | undefined,
    readonly from: Date | undefined,
    readonly until: Date | undefined,
    readonly expiresAt: Date | undefined,
    readonly createdAt: Date,
  ) {}

  /** Checks a rule as written; a DomainError INVALID_FAULT_RULE names every faulty field (`match.method`, `probability`). */
  static create(input: FaultRuleInput, id: string, sequence: number, now: Date): FaultRule {
    const problems = new FieldProblems();
    if (input === null || typeof input !== 'object') {
      problems.add('rule', 'isObject', 'must be a JSON object');
      problems.throwIfAny('INVALID_FAULT_RULE', 'the fault rule');
    }
    const effect =
      input.effect === undefined || input.effect === null || typeof input.effect !== 'object'
        ? (problems.add('effect', 'required', 'is required (an object)'), undefined)
        : faultEffect(input.effect, problems);
    // an API fault says which requests it answers; a gateway fault matches no request (it holds while active)
    let match = FaultMatch.EVERY_REQUEST;
    if (input.match !== undefined && effect?.type !== 'gateway') match = FaultMatch.create(input.match, problems);
    else if (effect?.type === 'api')
      problems.add(
        'match',
        'required',
        `is required: which gateway requests get the fault (operation, path, method, user; ${MATCH_ALL} for every one)`,
      );
    const { probability, count, expiresInSeconds } = input;
    if (probability !== undefined && (typeof probability !== 'number' || !(probability >= 0 && probability <= 1))) {
      problems.add('probability', 'range', 'must be a number from 0 to 1');
    }
    if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > MAX_FAULT_COUNT)) {
      problems.add('count', 'range', `must be a whole number from 1 to ${MAX_FAULT_COUNT}`);
    }
    if (
      expiresInSeconds !== undefined &&
      (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_EXPIRES_IN_SECONDS)
    ) {
      problems.add(
        'expiresInSeconds',
        'range',
        `must be a whole number of seconds from 1 to ${MAX_EXPIRES_IN_SECONDS}`,
      );
    }
    const from = instant(input.window?.from, 'window.from', problems);
    const until = instant(input.window?.until, 'window.until', problems);
    if (from && until && until.getTime() <= from.getTime())
      problems.add('window.until', 'order', 'must be after window.from');
    else if (until && until.getTime() <= now.getTime()) problems.add('window.until', 'future', 'must be in the future');
    if (effect?.type === 'gateway') {
      const extra = [
        input.match !== undefined ? 'match' : undefined,
        probability !== undefined ? 'probability' : undefined,
        count !== undefined ? 'count' : undefined,
      ].filter((field): field is string => field !== undefined);
      for (const field of extra)
        problems.add(
          field,
          'exclusive',
          'is not taken by a gateway fault (effect.kind): it holds while the rule is active (window, expiresInSeconds)',
        );
    }
    problems.throwIfAny('INVALID_FAULT_RULE', 'the fault rule');
    const expiresAt = expiresInSeconds !== undefined ? new Date(now.getTime() + expiresInSeconds * 1000) : undefined;
    return new FaultRule(id, sequence, match, effect!, probability ?? 1, count, from, until, expiresAt, now);
  }

  get hits(): number {
    return this.hitCount;
  }

  /** Hits left before the rule expires; undefined without a count. */
  get remaining(): number | undefined {
    return this.count === undefined ? undefined : Math.max(0, this.count - this.hitCount);
  }

  get isGatewayFault(): boolean {
    return this.effect.type === 'gateway';
  }

  /** When it stops holding by time (the window's end or the expiry, whichever comes first). */
  get endsAt(): Date | undefined {
    if (this.until && this.expiresAt)
      return this.until.getTime() <= this.expiresAt.getTime() ? this.until : this.expiresAt;
    return this.until ?? this.expiresAt;
  }

  /** Past its end, or its count used up: it is removed. */
  isExpired(now: Date): boolean {
    const ends = this.endsAt;
    return (
      (ends !== undefined && now.getTime() >= ends.getTime()) ||
      (this.count !== undefined && this.hitCount >= this.count)
    );
  }

  /** Holds now: not expired and its window (if any) has begun. */
  isActive(now: Date): boolean {
    return !this.isExpired(now) && (this.from === undefined || now.getTime() >= this.from.getTime());
  }

  /** A matching request got the fault. */
  hit(): void {
    this.hitCount += 1;
  }

  /** The rule as written, normalised (for lists). */
  toInput(): FaultRuleInput {
    return {
      ...(this.isGatewayFault ? {} : { match: this.match.toInput() }),
      effect: effectInput(this.effect),
      ...(this.isGatewayFault ? {} : { probability: this.probability }),
      ...(this.count !== undefined ? { count: this.count } : {}),
      ...(this.from || this.until
        ? {
            window: {
              ...(this.from ? { from: this.from.toISOString() } : {}),
              ...(this.until ? { until: this.until.toISOString() } : {}),
            },
          }
        : {}),
    };
  }
}
