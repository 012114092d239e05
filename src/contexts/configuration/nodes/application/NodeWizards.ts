import { inject, injectable } from 'inversify';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import type { WizardResult } from '../domain/NodeWizard.js';
import { WizardPlan } from '../domain/WizardPlan.js';

/**
 * Runs a node wizard in one write unit: plans the node's sub-graph on the working graph (every check done
 * before anything is stored), then stores the created objects and the routing domains the node joins.
 */
@injectable()
export class NodeWizards {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  run(lab: LabId, preset: string, build: (plan: WizardPlan) => WizardResult): Promise<WizardResult> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const plan = new WizardPlan(lab, graph, () => this.ids.uuid(), { run: this.ids.uuid(), preset });
      const result = build(plan);
      await this.working.beforeChange(lab);
      await this.working.save(...plan.created, ...plan.modified);
      return result;
    });
  }
}
