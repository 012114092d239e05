import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { checkConnectorSet } from '../domain/ConnectorSet.js';
import type { WebServerConnector } from '../domain/WebServerConnector.js';
import { CONNECTOR_SORT, WebServerConnectorMapper } from '../domain/WebServerConnectorMapper.js';

/** What a write use case wants the lab's connectors to become. */
export interface ConnectorPlan {
  /** Every connector after the change (changed, new and untouched ones). */
  readonly after: readonly WebServerConnector[];
  /** Names a connector as the request does, for messages: `[2]` in a set, '' for the connector of an add. */
  readonly fieldOf: (id: string) => string;
}

/**
 * The write path the connector use cases share, inside `WorkingConfiguration.run`: reads the lab's connectors,
 * lets the use case plan the result, checks the set's rules (ConnectorSet), that no other object still refers to
 * a removed connector, and that each object to store satisfies the sort catalog, then stores only what changed
 * (no change: no beforeChange, the lifecycle state stays). Answers the connectors as they now are.
 */
@injectable()
export class ConnectorWrites {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  change(
    lab: LabId,
    plan: (before: readonly WebServerConnector[], graph: GraphView) => ConnectorPlan,
  ): Promise<WebServerConnector[]> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const objects = graph.ofSort(CONNECTOR_SORT);
      const before = objects.map((o) => WebServerConnectorMapper.toEntity(o));
      const { after, fieldOf } = plan(before, graph);
      checkConnectorSet(before, after, fieldOf);
      const kept = new Set(after.map((c) => c.id));
      const removed = objects.filter((o) => !kept.has(o.id)).map((o) => o.id);
      for (const id of removed) {
        const referrers = graph.referrersOf(id).filter((o) => !removed.includes(o.id));
        if (referrers.length > 0) {
          const named = referrers
            .slice(0, 5)
            .map((o) => `${o.sort} '${o.displayName}' (${o.id})`)
            .join(', ');
          throw DomainError.conflict(
            'WEB_SERVER_CONNECTOR_IN_USE',
            `web server connector '${graph.get(id)!.displayName}' (${id}) is referenced by ${named}: change those first; nothing was changed`,
          );
        }
      }
      const changed: ConfigObject[] = [];
      for (const connector of after) {
        const current = graph.get(connector.id);
        const next = WebServerConnectorMapper.toObject(lab, connector, current);
        const details = ObjectRules.check(next.snapshot(), (id) => graph.get(id)?.sort);
        if (details.length > 0) {
          const prefix = fieldOf(connector.id);
          const named = details.map((d) => ({ ...d, field: prefix === '' ? d.field : `${prefix}.${d.field}` }));
          throw DomainError.invalid(
            'WEB_SERVER_CONNECTOR_INVALID',
            `the web server connector is invalid: ${named.map((d) => `${d.field}: ${d.message}`).join('; ')}`,
            named,
          );
        }
        if (!current || JSON.stringify(current.snapshot()) !== JSON.stringify(next.snapshot())) changed.push(next);
      }
      if (changed.length === 0 && removed.length === 0) return before;
      await this.working.beforeChange(lab);
      await this.working.save(...changed);
      await this.working.remove(lab, removed);
      return (await this.working.graph(lab)).ofSort(CONNECTOR_SORT).map((o) => WebServerConnectorMapper.toEntity(o));
    });
  }
}
