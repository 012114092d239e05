import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { IndexedGraph } from '../../graph/domain/GraphView.js';
import type { ConfigurationCommitted } from '../../revisions/domain/ConfigurationEvents.js';
import { compileGatewayPlan } from '../domain/compileGatewayPlan.js';
import type { GatewayPlan } from '../domain/GatewayPlan.js';
import { CommittedGateway } from './CommittedGateway.js';

/**
 * CommittedGateway over the committed revision: a lab's plan is compiled from the store the first time it is
 * asked for, and again after each commit of the lab (ConfigurationCommitted). The recompile runs after the
 * commit has answered (the handler only schedules it) and replaces the plan in one step, so the simulator never
 * sees half a configuration; until it is done `plan` answers the previous one for calls already under way and
 * the new one for callers that wait for it. Several commits in a row compile once more, not once each.
 */
@injectable()
export class GraphCommittedGateway extends CommittedGateway {
  private readonly plans = new Map<LabId, Promise<GatewayPlan>>();
  private readonly pending = new Map<LabId, Promise<GatewayPlan>>();
  private readonly listeners = new Set<(plan: GatewayPlan) => void>();
  private generation = 0;

  constructor(
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @inject(EventBus) events: EventBus,
  ) {
    super();
    events.subscribe<ConfigurationCommitted>('ConfigurationCommitted', (event) => {
      this.recompile(event.lab).catch(() => undefined);
    });
  }

  plan(lab: LabId): Promise<GatewayPlan> {
    const pending = this.pending.get(lab);
    if (pending) return pending;
    let plan = this.plans.get(lab);
    if (!plan) {
      plan = this.compile(lab);
      this.plans.set(lab, plan);
      plan.catch(() => this.plans.delete(lab));
    }
    return plan;
  }

  onChange(listener: (plan: GatewayPlan) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  override async refresh(lab: LabId): Promise<void> {
    await this.recompile(lab);
  }

  private recompile(lab: LabId): Promise<GatewayPlan> {
    const running = this.pending.get(lab);
    if (running) {
      // One more compile after the running one, which may have read the store before this commit.
      const next = running.catch(() => undefined).then(() => this.compile(lab));
      this.pending.set(lab, next);
      return this.settle(lab, next);
    }
    const next = this.compile(lab);
    this.pending.set(lab, next);
    return this.settle(lab, next);
  }

  private async settle(lab: LabId, next: Promise<GatewayPlan>): Promise<GatewayPlan> {
    try {
      const plan = await next;
      if (this.pending.get(lab) === next) {
        this.pending.delete(lab);
        this.plans.set(lab, next);
        for (const listener of this.listeners) {
          try {
            listener(plan);
          } catch (error) {
            this.logger.error({ err: error, lab }, 'a committed-plan listener failed');
          }
        }
      }
      return plan;
    } catch (error) {
      if (this.pending.get(lab) === next) this.pending.delete(lab);
      this.logger.error({ err: error, lab }, 'the committed configuration could not be compiled for the simulator');
      throw error;
    }
  }

  private async compile(lab: LabId): Promise<GatewayPlan> {
    const objects = await this.unitOfWork.read(() => this.objects.list(lab, undefined, 'committed'));
    const plan = compileGatewayPlan(lab, new IndexedGraph(objects), ++this.generation, this.clock.now());
    for (const problem of plan.problems) {
      this.logger.warn({ lab, objectId: problem.objectId }, `left out of the simulator's plan: ${problem.message}`);
    }
    return plan;
  }
}
