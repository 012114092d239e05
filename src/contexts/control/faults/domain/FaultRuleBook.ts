import type { RandomSource } from '../../../../shared/domain/RandomSource.js';
import type { FaultRequest } from './FaultMatch.js';
import type { FaultRule } from './FaultRule.js';

/** The rule a request got, and the fault it gets. */
export interface ChosenFault {
  readonly rule: FaultRule;
}

const ANY = '*';

/**
 * A lab's fault rules, indexed for the request path: API rules are bucketed by method and operation (`*` for a
 * rule that fixes neither), so a request looks at four buckets — its method and operation, its method and any
 * operation, any method and its operation, neither — and never at rules of other operations: a hundred rules on
 * other operations cost four map reads. Gateway faults are kept apart (they match no request).
 */
export class FaultRuleBook {
  private readonly rules = new Map<string, FaultRule>();
  private readonly index = new Map<string, FaultRule[]>();
  private apiRules = 0;
  private userRules = 0;

  get size(): number {
    return this.rules.size;
  }

  /** Whether any API rule could match a request at all (the middleware's fast path when false). */
  get hasApiRules(): boolean {
    return this.apiRules > 0;
  }

  /** Whether some API rule asks for the request's user (so the middleware must learn it). */
  get hasUserRules(): boolean {
    return this.userRules > 0;
  }

  all(): FaultRule[] {
    return [...this.rules.values()];
  }

  get(id: string): FaultRule | undefined {
    return this.rules.get(id);
  }

  add(rule: FaultRule): void {
    this.rules.set(rule.id, rule);
    if (rule.isGatewayFault) return;
    const key = `${rule.match.method ?? ANY} ${rule.match.operation ?? ANY}`;
    const bucket = this.index.get(key);
    if (bucket) bucket.push(rule);
    else this.index.set(key, [rule]);
    this.apiRules += 1;
    if (rule.match.user !== undefined) this.userRules += 1;
  }

  remove(id: string): FaultRule | undefined {
    const rule = this.rules.get(id);
    if (!rule) return undefined;
    this.rules.delete(id);
    if (rule.isGatewayFault) return rule;
    const key = `${rule.match.method ?? ANY} ${rule.match.operation ?? ANY}`;
    const bucket = this.index.get(key)!.filter((r) => r !== rule);
    if (bucket.length > 0) this.index.set(key, bucket);
    else this.index.delete(key);
    this.apiRules -= 1;
    if (rule.match.user !== undefined) this.userRules -= 1;
    return rule;
  }

  /** Removes the rules that expired by `now` (time or count); answers them. */
  purge(now: Date): FaultRule[] {
    const expired = [...this.rules.values()].filter((rule) => rule.isExpired(now));
    for (const rule of expired) this.remove(rule.id);
    return expired;
  }

  /**
   * The fault a request gets, if any: among the active rules that match, in the order they were added, the
   * first whose probability draw succeeds (a draw from `random` only for a probability below 1). Its hit is
   * counted; a rule whose count is used up, or that expired, is removed.
   */
  choose(request: FaultRequest, now: Date, random: RandomSource): ChosenFault | undefined {
    if (this.apiRules === 0) return undefined;
    const a = this.index.get(`${request.method} ${request.operation}`);
    const b = this.index.get(`${request.method} ${ANY}`);
    const c = this.index.get(`${ANY} ${request.operation}`);
    const d = this.index.get(`${ANY} ${ANY}`);
    if (!a && !b && !c && !d) return undefined;
    const candidates = [...(a ?? []), ...(b ?? []), ...(c ?? []), ...(d ?? [])];
    if ((a ? 1 : 0) + (b ? 1 : 0) + (c ? 1 : 0) + (d ? 1 : 0) > 1) candidates.sort((x, y) => x.sequence - y.sequence);
    for (const rule of candidates) {
      if (rule.isExpired(now)) {
        this.remove(rule.id);
        continue;
      }
      if (!rule.isActive(now) || !rule.match.matchesRest(request)) continue;
      if (rule.probability < 1 && !(random.next() < rule.probability)) continue;
      rule.hit();
      if (rule.isExpired(now)) this.remove(rule.id);
      return { rule };
    }
    return undefined;
  }
}
