import { inject, injectable } from 'inversify';
import {
  canonicalObjectId,
  refuseInvalid,
  refuseNameTaken,
  unchanged,
  WorkingConfiguration,
} from '../../../configuration/index.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { HotStandby, HotStandbyChanges } from '../domain/HotStandby.js';
import { HOT_STANDBY_SORT, HotStandbyMapper, LINK_SORT } from '../domain/HotStandbyMapper.js';
import { entityOf, hotStandbyIn } from './HotStandbys.js';

/**
 * Changes a hot standby object with the values given (the rest kept): the IPC_SERVER and the link options of
 * its IPC_CLIENT. mainSystem.ipcClientId may name another existing IPC_CLIENT. Nothing changed: nothing written.
 */
@injectable()
export class SetHotStandby {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  /** `bodyId`: the id the body names, if any; it must be the object `text` names. */
  execute(lab: LabId, text: string, changes: HotStandbyChanges, bodyId?: string): Promise<HotStandby> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const before = hotStandbyIn(graph, text);
      if (bodyId !== undefined && canonicalObjectId(bodyId) !== before.id) {
        throw DomainError.invalid(
          'ID_MISMATCH',
          `id '${bodyId}' in the body is not the hot standby object the query names (${before.id}): leave it out or send the same id`,
          [
            {
              field: 'id',
              rule: 'equals',
              message: 'id must be left out or name the object of the query parameter id',
            },
          ],
        );
      }
      if (changes.ipcClientId !== undefined && graph.get(changes.ipcClientId)?.sort !== LINK_SORT) {
        throw DomainError.invalid(
          'IPC_CLIENT_NOT_FOUND',
          `mainSystem.ipcClientId '${changes.ipcClientId}' names no IPC_CLIENT object`,
          [
            {
              field: 'mainSystem.ipcClientId',
              rule: 'exists',
              message: 'mainSystem.ipcClientId must name an existing IPC_CLIENT object',
            },
          ],
        );
      }
      const after = before.changed(changes);
      refuseNameTaken(graph, HOT_STANDBY_SORT, after.name, after.id, 'hot standby object', 'name');
      const server = graph.get(after.id)!;
      const objects = [HotStandbyMapper.toServer(lab, after, server)];
      const client = after.ipcClientId === '' ? undefined : graph.get(after.ipcClientId);
      if (client) objects.push(HotStandbyMapper.toClient(after, client));
      const changed = objects.filter((o) => !unchanged(graph.get(o.id), o));
      if (changed.length === 0) return before;
      refuseInvalid(changed, graph, 'HOT_STANDBY_INVALID');
      await this.working.beforeChange(lab);
      await this.working.save(...changed);
      return entityOf(await this.working.graph(lab), after.id);
    });
  }
}
