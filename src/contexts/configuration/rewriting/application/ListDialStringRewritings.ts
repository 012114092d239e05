import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import type { DialStringRewriting } from '../domain/DialStringRewriting.js';
import { DialStringRewritingMapper } from '../domain/DialStringRewritingMapper.js';

/** Every dial string rewriting object by display name, or the one named (id or display name; 404 when none). */
@injectable()
export class ListDialStringRewritings {
  constructor(@inject(ConfigurationReader) private readonly reader: ConfigurationReader) {}

  async execute(lab: LabId, named?: string): Promise<DialStringRewriting[]> {
    const graph = await this.reader.working(lab);
    const objects =
      named === undefined
        ? graph.ofSort('TEL_REWRITE_DOMAIN')
        : [resolveObject(graph, named, ['TEL_REWRITE_DOMAIN'], 'Dial string rewriting')];
    return objects.map((o) => DialStringRewritingMapper.fromObject(o));
  }
}
