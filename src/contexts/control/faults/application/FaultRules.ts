import { inject, injectable, multiInject, optional } from 'inversify';
import { GatewayFaultSwitch, type HeldGatewayFault } from '../../../../shared/application/GatewayFaultSwitch.js';
import { LabScope } from '../../../../shared/application/LabScope.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { RandomSource } from '../../../../shared/domain/RandomSource.js';
import { CommittedGateway } from '../../../configuration/index.js';
import { FieldProblems } from '../../shared/domain/RuleError.js';
import {
  effectInput,
  GATEWAY_FAULTS,
  sampleLatency,
  type FaultAnswer,
  type GatewayFaultKind,
} from '../domain/FaultEffect.js';
import type { FaultRequest } from '../domain/FaultMatch.js';
import { FaultRule, type FaultRuleInput } from '../domain/FaultRule.js';
import { FaultRuleBook } from '../domain/FaultRuleBook.js';
import type { AppliedFault } from '../../journal/domain/JournalEntry.js';
import { FaultRuleStore, type StoredFaultRule } from './FaultRuleStore.js';

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
 * The fault rules of the labs: kept in the store (FaultRuleStore: a restart keeps them, a snapshot holds them,
 * every process sharing a server applies the same ones, reloaded when another process changed them) and held in
 * memory, indexed, where their hits are counted (per process); add, list, remove; choose the fault of a gateway
 * request (the HTTP edge's middleware asks, then applies it); switch the gateway faults on and off as their
 * rules begin, end or are removed. Time (windows, expiry) is the Clock port read for each lab (Clock.nowOf),
 * probability draws and latency distributions the RandomSource port. A gateway fault reaches its owning context
 * through the GatewayFaultSwitch bound for its kind (a table: kind → switch, no per-kind code here).
 */
@injectable()
export class FaultRules {
  private readonly books = new Map<LabId, FaultRuleBook>();
  private sequence = 0;
  /** Per lab, the ids of the gateway-fault rules switched on now. */
  private readonly switchedOn = new Map<LabId, readonly string[]>();
  /** Per lab and switch, the faults last handed to it (a switch hears only changes of its own kinds). */
  private readonly handed = new Map<LabId, Map<GatewayFaultSwitch, string>>();
  /** Per lab, the earliest instant (ms, on its clock) at which a gateway rule begins or ends. */
  private readonly nextChange = new Map<LabId, number>();
  private readonly switchOf = new Map<string, GatewayFaultSwitch>();
  /** The switches' work under way (asynchronous ones write state), in the order it was asked for. */
  private pending: Promise<void> = Promise.resolve();
  /** How much of that work is queued and not yet done. */
  private working = 0;

  constructor(
    @inject(Clock) private readonly clock: Clock,
    @inject(RandomSource) private readonly random: RandomSource,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @multiInject(GatewayFaultSwitch) @optional() switches: readonly GatewayFaultSwitch[] = [],
    @inject(CommittedGateway) @optional() private readonly committed: CommittedGateway | undefined = undefined,
    @inject(LabScope) @optional() private readonly scope: LabScope | undefined = undefined,
    @inject(Logger) @optional() private readonly logger: Logger | undefined = undefined,
    @inject(FaultRuleStore) @optional() private readonly store: FaultRuleStore | undefined = undefined,
  ) {
    for (const faultSwitch of switches) for (const kind of faultSwitch.kinds) this.switchOf.set(kind, faultSwitch);
  }

  private book(lab: LabId): FaultRuleBook {
    let book = this.books.get(lab);
    if (!book) {
      book = new FaultRuleBook();
      this.books.set(lab, book);
    }
    return book;
  }

  /**
   * The lab clock's now (rules' times are on it), read directly: run as the lab's work (LabScope) it would turn on
   * Node's promise hooks for good at the first reading, a tax on every promise of the process (ADR 0041).
   */
  now(lab?: LabId): Date {
    return lab !== undefined ? this.clock.nowOf(lab) : this.clock.now();
  }

  /** Drops a removed lab's rules (its gateway faults switched off first). */
  async forgetLab(lab: LabId): Promise<void> {
    for (const rule of this.list(lab)) this.drop(lab, rule.id);
    await this.settled();
    this.books.delete(lab);
    this.switchedOn.delete(lab);
    this.handed.delete(lab);
    this.nextChange.delete(lab);
  }

  /** The lab's rules in the order they were added, expired ones removed first. */
  list(lab: LabId): FaultRule[] {
    this.refresh();
    return this.book(lab).all();
  }

  /**
   * Adds a rule after checking it (400 INVALID_FAULT_RULE naming each faulty field); a gateway fault's `node`
   * must be a node of the lab's committed configuration. A gateway fault switches on at once when it holds.
   */
  async add(lab: LabId, input: FaultRuleInput): Promise<FaultRule> {
    const book = this.book(lab);
    const now = this.now(lab);
    book.purge(now);
    const tooMany = () =>
      DomainError.conflict(
        'TOO_MANY_FAULT_RULES',
        `the lab holds ${MAX_FAULT_RULES} fault rules already; remove some first`,
      );
    if (book.size >= MAX_FAULT_RULES) throw tooMany();
    const checked = FaultRule.create(input, this.ids.uuid(), this.sequence + 1, now);
    if (checked.effect.type === 'gateway') await this.checkNodes(lab, checked.effect.kind, checked.effect.parameters);
    if (this.books.get(lab) !== book) {
      throw new DomainError('LAB_NOT_FOUND', 'not_found', `lab '${lab}' was removed meanwhile`, [
        { field: 'lab', rule: 'exists', message: `lab '${lab}' was removed` },
      ]);
    }
    let sequence = checked.sequence;
    if (this.store) {
      // kept first (ordered after every rule of the lab, whichever process added it), then held
      await this.store.change(lab, (rules) => {
        const live = rules.filter((stored) => !this.revive(stored)?.isExpired(now));
        if (live.length >= MAX_FAULT_RULES) throw tooMany();
        sequence = Math.max(this.sequence, ...live.map((stored) => stored.sequence)) + 1;
        return [
          ...live,
          {
            id: checked.id,
            sequence,
            createdAt: now.toISOString(),
            input: JSON.parse(JSON.stringify(input)) as FaultRuleInput,
          },
        ];
      });
    }
    const rule = sequence === checked.sequence ? checked : FaultRule.create(input, checked.id, sequence, now);
    this.sequence = Math.max(this.sequence, sequence);
    book.add(rule);
    if (rule.isGatewayFault) this.refresh();
    return rule;
  }

  /** A stored rule as held in memory (undefined for one that no longer checks out, which is left out and logged). */
  private revive(stored: StoredFaultRule): FaultRule | undefined {
    try {
      return FaultRule.create(stored.input, stored.id, stored.sequence, new Date(stored.createdAt));
    } catch (error) {
      this.logger?.warn({ err: error, rule: stored.id }, 'a stored fault rule no longer checks out: it is left out');
      return undefined;
    }
  }

  /**
   * Brings the lab's rules held in memory in line with the store (start-up, a change made through another
   * process, a snapshot restored): rules added elsewhere come in, rules removed elsewhere go (their gateway faults
   * switched back), the hits of the others are kept.
   */
  async reload(lab: LabId): Promise<void> {
    if (!this.store) return;
    const stored = await this.store.read(lab);
    const book = this.book(lab);
    const ids = new Set(stored.map((rule) => rule.id));
    for (const rule of book.all()) if (!ids.has(rule.id)) book.remove(rule.id);
    const now = this.now(lab);
    for (const entry of stored) {
      if (book.get(entry.id)) continue;
      const rule = this.revive(entry);
      if (rule && !rule.isExpired(now)) book.add(rule);
      this.sequence = Math.max(this.sequence, entry.sequence);
    }
    this.refresh();
  }

  /** Drops a rule from memory only (a removed lab's). */
  private drop(lab: LabId, id: string): void {
    const rule = this.books.get(lab)?.remove(id);
    if (rule?.isGatewayFault) this.refresh();
  }

  /** A rule whose count was used up leaves the store too (so a restart, or another process, does not bring it back). */
  private forgetStored(lab: LabId, id: string): void {
    const store = this.store;
    if (!store) return;
    this.enqueue(() =>
      store
        .change(lab, (rules) => rules.filter((rule) => rule.id !== id))
        .then(() => undefined)
        .catch((error: unknown) =>
          this.logger?.warn({ err: error, lab, rule: id }, 'a used-up fault rule could not be removed from the store'),
        ),
    );
  }

  /** Queues work of the switches or the store after what is queued already (the work catches its own errors). */
  private enqueue(work: () => Promise<void>): void {
    this.working += 1;
    this.pending = this.pending.then(work).finally(() => {
      this.working -= 1;
    });
  }

  /** A gateway fault's node parameters name nodes of the lab's committed configuration (400 naming effect.node, with the nodes there are). */
  private async checkNodes(
    lab: LabId,
    kind: GatewayFaultKind,
    parameters: Readonly<Record<string, string | number>>,
  ): Promise<void> {
    const nodeParameters = GATEWAY_FAULTS[kind].filter((parameter) => parameter.type === 'node');
    if (nodeParameters.length === 0) return;
    const problems = new FieldProblems();
    const plan = this.committed ? await this.committed.plan(lab) : undefined;
    for (const parameter of nodeParameters) {
      const id = parameters[parameter.name];
      if (typeof id !== 'string' || plan?.nodes.has(id)) continue;
      const known = plan ? [...plan.nodes.values()].map((node) => `${node.id} (${node.displayName})`) : [];
      const shown = known.length > 10 ? [...known.slice(0, 10), `and ${known.length - 10} more`] : known;
      problems.add(
        `effect.${parameter.name}`,
        'exists',
        plan
          ? `'${id.length > 64 ? `${id.slice(0, 64)}…` : id}' is not a node of the lab's committed configuration; its nodes: ${shown.length > 0 ? shown.join(', ') : 'none (commit a configuration with nodes first)'}`
          : 'cannot be checked: the committed configuration is not available in this build',
      );
    }
    problems.throwIfAny('INVALID_FAULT_RULE', 'the fault rule');
  }

  async remove(lab: LabId, id: string): Promise<FaultRule> {
    this.refresh(); // a rule past its end is gone: 404, and its gateway fault switched back
    if (!this.book(lab).get(id)) {
      throw new DomainError(
        'FAULT_RULE_NOT_FOUND',
        'not_found',
        `fault rule '${id.length > 64 ? `${id.slice(0, 64)}…` : id}' does not exist (or has expired)`,
        [{ field: 'id', rule: 'exists', message: 'no such fault rule in this lab' }],
      );
    }
    if (this.store) await this.store.change(lab, (rules) => rules.filter((rule) => rule.id !== id));
    const rule = this.book(lab).remove(id);
    if (!rule) {
      throw new DomainError(
        'FAULT_RULE_NOT_FOUND',
        'not_found',
        `fault rule '${id.length > 64 ? `${id.slice(0, 64)}…` : id}' does not exist (or has expired)`,
        [{ field: 'id', rule: 'exists', message: 'no such fault rule in this lab' }],
      );
    }
    if (rule.isGatewayFault) this.refresh();
    return rule;
  }

  /** Resolves when every switch asked so far has done its work (the control API answers after it). */
  settled(): Promise<void> {
    return this.pending;
  }

  /** What settled() answers while work is under way; undefined when none is (a request's check then costs no promise). */
  unsettled(): Promise<void> | undefined {
    return this.working > 0 ? this.pending : undefined;
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
    if (chosen.rule.remaining === 0) this.forgetStored(lab, chosen.rule.id);
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
    const next = this.nextChange.get(lab);
    if (next !== undefined && this.now(lab).getTime() >= next) this.refresh();
    return this.switchedOn.get(lab);
  }

  /** Removes expired rules and brings every gateway fault in line with its rules (called on changes, by the ticker, when due), each lab on its own clock. */
  refresh(): void {
    for (const [lab, book] of this.books) {
      const now = this.now(lab);
      book.purge(now);
      let next = Number.POSITIVE_INFINITY;
      const holding: FaultRule[] = [];
      for (const rule of book.all()) {
        if (!rule.isGatewayFault) continue;
        if (rule.isActive(now)) holding.push(rule);
        else if (rule.from && rule.from.getTime() > now.getTime()) next = Math.min(next, rule.from.getTime());
        if (rule.endsAt) next = Math.min(next, rule.endsAt.getTime());
      }
      if (next === Number.POSITIVE_INFINITY) this.nextChange.delete(lab);
      else this.nextChange.set(lab, next);
      this.switch(lab, holding);
    }
  }

  /** Hands each switch the faults of its kinds holding in the lab, when they differ from what it was last handed. */
  private switch(lab: LabId, holding: readonly FaultRule[]): void {
    if (holding.length === 0) this.switchedOn.delete(lab);
    else
      this.switchedOn.set(
        lab,
        holding.map((rule) => rule.id),
      );
    const bySwitch = new Map<GatewayFaultSwitch, HeldGatewayFault[]>();
    for (const rule of holding) {
      if (rule.effect.type !== 'gateway') continue;
      const target = this.switchOf.get(rule.effect.kind);
      if (!target) continue; // no owner bound in this build (a gateway without that context): the rule holds and is journaled only
      const held = bySwitch.get(target) ?? [];
      held.push({ ruleId: rule.id, kind: rule.effect.kind, parameters: rule.effect.parameters });
      bySwitch.set(target, held);
    }
    let handed = this.handed.get(lab);
    if (!handed) {
      handed = new Map();
      this.handed.set(lab, handed);
    }
    for (const target of new Set([...handed.keys(), ...bySwitch.keys()])) {
      const faults = bySwitch.get(target) ?? [];
      const key = JSON.stringify(faults);
      if ((handed.get(target) ?? '[]') === key) continue;
      if (faults.length === 0) handed.delete(target);
      else handed.set(target, key);
      const run = () => target.hold(lab, faults);
      this.enqueue(async () => {
        try {
          await (this.scope ? this.scope.run(lab, run) : run());
        } catch (error) {
          this.logger?.error({ err: error, lab, kinds: target.kinds }, 'a gateway fault could not be switched');
        }
      });
    }
  }
}
