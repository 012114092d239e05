import { inject, injectable } from 'inversify';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { DialStringRewriting } from '../domain/DialStringRewriting.js';
import { DialStringRewritingMapper } from '../domain/DialStringRewritingMapper.js';
import type { RewriteRuleSpec } from '../domain/RewriteRule.js';
import { refuseInvalid, refuseNameTaken } from '../../graph/application/viewWrites.js';

/** Creates a dial string rewriting object under a new id (an id sent is not used); its name must be free. */
@injectable()
export class AddDialStringRewriting {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, displayName: string, rules: readonly RewriteRuleSpec[]): Promise<DialStringRewriting> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const rewriting = new DialStringRewriting(this.ids.uuid(), displayName, rules);
      refuseNameTaken(graph, 'TEL_REWRITE_DOMAIN', rewriting.displayName, rewriting.id, 'dial string rewriting');
      const object = DialStringRewritingMapper.toObject(lab, rewriting, undefined);
      refuseInvalid([object], graph);
      await this.working.beforeChange(lab);
      await this.working.save(object);
      return rewriting;
    });
  }
}
