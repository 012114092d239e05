import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { RandomSource } from '../../../../shared/domain/RandomSource.js';
import { MonitorAvailability } from '../../../monitoring/index.js';
import { effectInput, sampleLatency, type FaultAnswer } from '../domain/FaultEffect.js';
import type { FaultRequest } from '../domain/FaultMatch.js';
import { FaultRule, type FaultRuleInput } from '../domain/FaultRule.js';
import { FaultRuleBook } from '../domain/FaultRuleBook.js';
import type { AppliedFault } from '../../journal/domain/JournalEntry.js';

/** What the HTTP edge does to a request a rule chose. */
export interface FaultDecision {
  readonly applied: AppliedFault;
  /** Milliseconds to wait first (0: none). */
  readonly latencyMs: number;
  /** What answers instead of the operation; undefined: the operation runs (after the latency). */
  readonly answer: FaultAnswer | undefined;
}

/** At most this many rules per lab (the control API refuses more): the index stays small and lists readable. */
export const MAX_FAULT_RULES = 1000;

/**
 * The fault rules of the labs, in memory and per process: add, list, remove; choose the fault of a gateway
 * request (the HTTP edge's middleware asks, then applies it); switch the gateway faults on and off as their
 * rules begin, end or are removed. Time (windows, expiry) is the Clock port, probability draws and latency
 * distributions the RandomSource port.
 */
@injectable()
export class FaultRules {
  private readonly books = new Map<LabId, FaultRuleBook>();
  private sequence = 0;
  /** Per lab, the ids of the gateway-fault rules switched on now. */
  private readonly switchedOn = new Map<LabId, readonly string[]>();
  /** The earliest instant (ms) at which a gateway rule begins or ends; Infinity when none will. */
  private nextChange = Number.POSITIVE_INFINITY;

  constructor(
    @inject(Clock) private readonly clock: Clock,
    @inject(RandomSource) private readonly random: RandomSource,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(MonitorAvailability) private readonly monitor: MonitorAvailability,
  ) {}

  private book(lab: LabId): FaultRuleBook {
    let book = this.books.get(lab);
    if (!book) {
      book = new FaultRuleBook();
      this.books.set(lab, book);
    }
    return book;
  }

  /** The lab clock's now (rules' times are on it). */
  now(): Date {
    return this.clock.now();
  }

  /** The lab's rules in the order they were added, expired ones removed first. */
  /** Drops a removed lab's rules (its gateway faults switched off first). */
  forgetLab(lab: LabId): void {
    for (const rule of this.list(lab)) {
      try { this.remove(lab, rule.id); } catch { /* expired meanwhile */ }
    }
    this.books.delete(lab);
    this.switchedOn.delete(lab);
  }

  list(lab: LabId): FaultRule[] {
    this.refresh();
    return this.book(lab).all();
  }

  add(lab: LabId, input: FaultRuleInput): FaultRule {
    const book = this.book(lab);
    book.purge(this.clock.now());
    if (book.size >= MAX_FAULT_RULES) {
      throw DomainError.conflict('TOO_MANY_FAULT_RULES', `the lab holds ${MAX_FAULT_RULES} fault rules already; remove some first`);
    }
    const rule = FaultRule.create(input, this.ids.uuid(), this.sequence + 1, this.clock.now());
    this.sequence += 1;
    book.add(rule);
    if (rule.isGatewayFault) this.refresh();
    return rule;
  }

  remove(lab: LabId, id: string): FaultRule {
    this.refresh(); // a rule past its end is gone: 404, and its gateway fault switched back
    const rule = this.book(lab).remove(id);
    if (!rule) {
      throw new DomainError('FAULT_RULE_NOT_FOUND', 'not_found', `fault rule '${id.length > 64 ? `${id.slice(0, 64)}…` : id}' does not exist (or has expired)`,
        [{ field: 'id', rule: 'exists', message: 'no such fault rule in this lab' }]);
    }
    if (rule.isGatewayFault) this.refresh();
    return rule;
  }

  /** Whether any API rule could match a request of the lab (false: the middleware passes the request on at once). */
  mayFault(lab: LabId): boolean {
    return this.books.get(lab)?.hasApiRules === true;
  }

  /** Whether some rule of the lab asks for the request's user. */
  needsUser(lab: LabId): boolean {
    return this.books.get(lab)?.hasUserRules === true;
  }

  /** The fault a gateway request gets (its rule's hit counted), or undefined. */
  choose(lab: LabId, request: FaultRequest): FaultDecision | undefined {
    const book = this.books.get(lab);
    if (!book?.hasApiRules) return undefined;
    const chosen = book.choose(request, this.clock.now(), this.random);
    if (!chosen) return undefined;
    const effect = chosen.rule.effect;
    if (effect.type !== 'api') return undefined;
    const latencyMs = effect.latency ? sampleLatency(effect.latency, this.random) : 0;
    return {
      applied: { ruleId: chosen.rule.id, effect: effectInput(effect), ...(effect.latency ? { latencyMs } : {}) },
      latencyMs,
      answer: effect.answer,
    };
  }

  /** The gateway-fault rules holding now in the lab (switching any that began or ended since the last look). */
  gatewayFaults(lab: LabId): readonly string[] | undefined {
    if (this.nextChange !== Number.POSITIVE_INFINITY && this.clock.now().getTime() >= this.nextChange) this.refresh();
    return this.switchedOn.get(lab);
  }

  /** Removes expired rules and brings every gateway fault in line with its rules (called on changes, by the ticker, when due). */
  refresh(): void {
    const now = this.clock.now();
    let next = Number.POSITIVE_INFINITY;
    for (const [lab, book] of this.books) {
      book.purge(now);
      const holding: string[] = [];
      for (const rule of book.all()) {
        if (!rule.isGatewayFault) continue;
        if (rule.isActive(now)) holding.push(rule.id);
        else if (rule.from && rule.from.getTime() > now.getTime()) next = Math.min(next, rule.from.getTime());
        if (rule.endsAt) next = Math.min(next, rule.endsAt.getTime());
      }
      this.switch(lab, holding);
    }
    this.nextChange = next;
  }

  private switch(lab: LabId, holding: readonly string[]): void {
    const before = this.switchedOn.get(lab) ?? [];
    if (holding.length === 0) this.switchedOn.delete(lab);
    else this.switchedOn.set(lab, holding);
    if ((before.length > 0) === (holding.length > 0) && before[0] === holding[0]) return;
    // monitorUnreachable is the only gateway fault of this version: any holding rule switches the monitor off
    this.monitor.setUnreachable(lab, holding.length > 0 ? `switched off by fault rule ${holding[0]}` : undefined);
  }
}
