import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import type { DialStringRewriting } from '../domain/DialStringRewriting.js';
import { DialStringRewritingMapper } from '../domain/DialStringRewritingMapper.js';
import type { RewriteRuleSpec } from '../domain/RewriteRule.js';
import { refuseInvalid, refuseNameTaken, unchanged } from '../../graph/application/viewWrites.js';

export interface SetDialStringRewritingRequest {
  /** A new name; undefined keeps it. */
  readonly displayName?: string;
  /** The new rules (all replaced, indexes renumbered); undefined keeps them. */
  readonly rules?: readonly RewriteRuleSpec[];
  /** Rules given under this field (`rules` for an object body, `` for an array). */
  readonly rulesField?: string;
}

/** Changes a dial string rewriting object (id or display name); a set that changes nothing writes nothing. */
@injectable()
export class SetDialStringRewriting {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  execute(lab: LabId, named: string, request: SetDialStringRewritingRequest): Promise<DialStringRewriting> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const current = resolveObject(graph, named, ['TEL_REWRITE_DOMAIN'], 'Dial string rewriting');
      const rewriting = DialStringRewritingMapper.fromObject(current);
      if (request.displayName !== undefined) rewriting.rename(request.displayName);
      if (request.rules !== undefined) rewriting.replaceRules(request.rules, request.rulesField ?? 'rules');
      refuseNameTaken(graph, 'TEL_REWRITE_DOMAIN', rewriting.displayName, rewriting.id, 'dial string rewriting');
      const object = DialStringRewritingMapper.toObject(lab, rewriting, current);
      refuseInvalid([object], graph);
      if (unchanged(current, object)) return rewriting;
      await this.working.beforeChange(lab);
      await this.working.save(object);
      return rewriting;
    });
  }
}
