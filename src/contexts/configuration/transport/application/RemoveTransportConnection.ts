import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import { NODE_CONNECTIONS_SLOT, TransportConnectionMapper } from '../domain/TransportConnectionMapper.js';
import { resolveConnection } from './connectionGraph.js';

/** Which slots of `referrer` name `id`, and whether they are set directly (not derived from parameters). */
function slotsNaming(referrer: ConfigObject, id: string): Array<{ slot: string; derived: boolean }> {
  return Object.entries(referrer.references)
    .filter(([, ids]) => ids.includes(id))
    .map(([slot]) => ({ slot, derived: SortCatalog.slot(referrer.sort, slot)?.derived ?? false }));
}

export interface RemovedConnection {
  readonly id: string;
  /** Objects that still refer to the removed connection through parameters (routes of routing domains); force only. */
  readonly dangling: readonly string[];
}

/**
 * Removes a transport connection and takes it out of its node's transport connections. Refused (409
 * TRANSPORT_CONNECTION_REFERENCED, every referrer named) while other objects — load balancers, request
 * routers, routing domains — refer to it, unless `force`: then it is taken out of their reference lists as
 * well, and references held in parameters (routes) are left dangling for the commit's consistency check to
 * name. Protected connections are never removed. Credentials nothing else uses go with it.
 */
@injectable()
export class RemoveTransportConnection {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  execute(lab: LabId, connectionText: string, force: boolean): Promise<RemovedConnection> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const object = resolveConnection(graph, connectionText);
      const id = object.id;
      const referrers = graph.referrersOf(id).filter((r) => r.id !== id);
      const owners = referrers.filter(
        (r) => NODE_SORTS.includes(r.sort) && slotsNaming(r, id).every((s) => s.slot === NODE_CONNECTIONS_SLOT),
      );
      const others = referrers.filter((r) => !owners.includes(r));
      if (others.length > 0 && !force) {
        throw DomainError.conflict(
          'TRANSPORT_CONNECTION_REFERENCED',
          `transport connection '${object.displayName}' (${id}) is used by ${others.length} other object(s); remove it from them first or send force=true`,
          others.map((r) => ({
            field: 'transportConnection',
            rule: 'referenced',
            message: `${r.sort} '${r.displayName}' (${r.id}) refers to it through ${slotsNaming(r, id)
              .map((s) => s.slot)
              .join(', ')}`,
          })),
        );
      }
      if (object.common.protected) {
        throw DomainError.conflict(
          'OBJECT_PROTECTED',
          `transport connection '${object.displayName}' (${id}) is protected; set its protected parameter to "false" before removing it`,
          [{ field: 'transportConnection', rule: 'protected', message: 'the connection is protected' }],
        );
      }
      const changed: ConfigObject[] = [];
      const dangling: string[] = [];
      for (const referrer of referrers) {
        const copy = referrer.copy();
        let touched = false;
        for (const { slot, derived } of slotsNaming(referrer, id)) {
          if (derived) {
            dangling.push(referrer.id);
            continue;
          }
          copy.setReferences(
            slot,
            copy.referencesIn(slot).filter((ref) => ref !== id),
          );
          touched = true;
        }
        if (touched) changed.push(copy);
      }
      const connection = TransportConnectionMapper.fromGraph(graph, object);
      const credentialsId = connection.credentialsId;
      const removed = [id];
      if (
        credentialsId &&
        graph.referrersOf(credentialsId).every((r) => r.id === id) &&
        !graph.get(credentialsId)?.common.protected
      )
        removed.push(credentialsId);
      await this.working.beforeChange(lab);
      await this.working.save(...changed);
      await this.working.remove(lab, removed);
      return { id, dangling: [...new Set(dangling)] };
    });
  }
}
