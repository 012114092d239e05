import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import type { DialStringRewriting } from '../domain/DialStringRewriting.js';
import { DialStringRewritingMapper } from '../domain/DialStringRewritingMapper.js';

/**
 * Removes a dial string rewriting object (id or display name) and answers the remaining ones. Refused (409
 * DIAL_STRING_REWRITING_REFERENCED, referrers named) while another object refers to it, and (409
 * OBJECT_PROTECTED) while it is protected; nothing changes then.
 */
@injectable()
export class RemoveDialStringRewriting {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  execute(lab: LabId, named: string): Promise<DialStringRewriting[]> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const object = resolveObject(graph, named, ['TEL_REWRITE_DOMAIN'], 'Dial string rewriting');
      const referrers = graph.referrersOf(object.id).filter((r) => r.id !== object.id);
      if (referrers.length > 0) {
        throw DomainError.conflict(
          'DIAL_STRING_REWRITING_REFERENCED',
          `dial string rewriting '${object.displayName}' cannot be removed while ${referrers.length} object(s) refer to it: ${referrers.map((r) => `${r.sort} '${r.displayName}' (${r.id})`).join(', ')}`,
          referrers.map((r) => ({
            field: 'dialStringRewriting',
            rule: 'referenced',
            message: `${r.sort} '${r.displayName}' (${r.id}) refers to it`,
          })),
        );
      }
      if (object.common.protected) {
        throw DomainError.conflict(
          'OBJECT_PROTECTED',
          `dial string rewriting '${object.displayName}' is protected; set its protected parameter to "false" before removing it`,
          [{ field: 'dialStringRewriting', rule: 'protected', message: 'the dial string rewriting is protected' }],
        );
      }
      await this.working.beforeChange(lab);
      await this.working.remove(lab, [object.id]);
      return graph
        .ofSort('TEL_REWRITE_DOMAIN')
        .filter((o) => o.id !== object.id)
        .map((o) => DialStringRewritingMapper.fromObject(o));
    });
  }
}
