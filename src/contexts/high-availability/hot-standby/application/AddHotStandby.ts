import { inject, injectable } from 'inversify';
import {
  ConfigObject,
  freeName,
  type GraphView,
  ObjectRules,
  refuseInvalid,
  refuseNameTaken,
  WorkingConfiguration,
} from '../../../configuration/index.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { HOT_STANDBY_DEFAULTS, HotStandby, type HotStandbyChanges, type SystemRole } from '../domain/HotStandby.js';
import { HOT_STANDBY_SORT, HotStandbyMapper, LINK_SORT } from '../domain/HotStandbyMapper.js';

export interface AddedHotStandby {
  readonly networkControllerId: string;
  readonly ipcClientId: string;
  readonly networkSecurityProfileId: string;
  readonly hotStandbyId: string;
}

/**
 * Adds a hot standby object for the main system, the standby system or both (systemRole): a new network
 * controller (IN_STACK) and network security profile (INS_STACK) for the link, the link (IPC_CLIENT, unless
 * mainSystem.ipcClientId names an existing one, which is then used as it is and given the link options) and the
 * hot standby object itself (IPC_SERVER named `name`). All or nothing.
 */
@injectable()
export class AddHotStandby {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, role: SystemRole, values: HotStandbyChanges & { name: string }): Promise<AddedHotStandby> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const id = this.ids.uuid();
      const controllerId = this.ids.uuid();
      const profileId = this.ids.uuid();
      const client = this.linkFor(lab, graph, values, controllerId, profileId);
      const entity = HotStandby.restore({
        id,
        name: values.name,
        systemRole: role,
        ipcClientId: client.id,
        networkControllerId: controllerId,
        networkSecurityProfileId: profileId,
        conditionIds: [],
        standbySystemBackendName: values.standbySystemBackendName ?? HOT_STANDBY_DEFAULTS.standbySystemBackendName,
        disabledHere: values.disabledHere ?? HOT_STANDBY_DEFAULTS.disabledHere,
        maxLinkRetryTimeout: values.maxLinkRetryTimeout ?? HOT_STANDBY_DEFAULTS.maxLinkRetryTimeout,
        linkPingInterval: values.linkPingInterval ?? HOT_STANDBY_DEFAULTS.linkPingInterval,
        systemIdentifiers: values.systemIdentifiers ?? HOT_STANDBY_DEFAULTS.systemIdentifiers,
        systemIdentifiersEnabled: values.systemIdentifiersEnabled ?? HOT_STANDBY_DEFAULTS.systemIdentifiersEnabled,
      });
      refuseNameTaken(graph, HOT_STANDBY_SORT, entity.name, id, 'hot standby object', 'name');
      const objects = [
        ...linkStack(lab, graph, entity.name, { controllerId, profileId }),
        HotStandbyMapper.toClient(entity, client),
        HotStandbyMapper.toServer(lab, entity, undefined),
      ];
      refuseInvalid(objects, graph, 'HOT_STANDBY_INVALID');
      await this.working.beforeChange(lab);
      await this.working.save(...objects);
      return {
        networkControllerId: controllerId,
        ipcClientId: client.id,
        networkSecurityProfileId: profileId,
        hotStandbyId: id,
      };
    });
  }

  /** The link: the IPC_CLIENT mainSystem.ipcClientId names (it must exist), or a new one on the new controller and profile. */
  private linkFor(
    lab: LabId,
    graph: GraphView,
    values: HotStandbyChanges & { name: string },
    controllerId: string,
    profileId: string,
  ): ConfigObject {
    if (values.ipcClientId !== undefined && values.ipcClientId !== '') {
      const existing = graph.get(values.ipcClientId);
      if (!existing || existing.sort !== LINK_SORT) {
        throw DomainError.invalid(
          'IPC_CLIENT_NOT_FOUND',
          `mainSystem.ipcClientId '${values.ipcClientId}' names no IPC_CLIENT object: leave it out to create a new link`,
          [
            {
              field: 'mainSystem.ipcClientId',
              rule: 'exists',
              message: 'mainSystem.ipcClientId must name an existing IPC_CLIENT object',
            },
          ],
        );
      }
      return existing;
    }
    const clientName = freeName(graph, LINK_SORT, `${values.name.trim()} link`);
    return ConfigObject.create(lab, {
      id: this.ids.uuid(),
      sort: LINK_SORT,
      displayName: clientName,
      ...ObjectRules.complete(
        LINK_SORT,
        undefined,
        {},
        { networkControllerId: [controllerId], networkSecurityProfileId: [profileId] },
      ),
    });
  }
}

/** The new network controller (IN_STACK) and network security profile (INS_STACK) of the hot standby's link. */
function linkStack(
  lab: LabId,
  graph: GraphView,
  name: string,
  ids: { readonly controllerId: string; readonly profileId: string },
): [ConfigObject, ConfigObject] {
  const controller = ConfigObject.create(lab, {
    id: ids.controllerId,
    sort: 'IN_STACK',
    displayName: freeName(graph, 'IN_STACK', `${name} network controller`),
    ...ObjectRules.complete('IN_STACK', undefined, {}, {}),
  });
  const profile = ConfigObject.create(lab, {
    id: ids.profileId,
    sort: 'INS_STACK',
    displayName: freeName(graph, 'INS_STACK', `${name} network security profile`),
    ...ObjectRules.complete('INS_STACK', undefined, {}, {}),
  });
  return [controller, profile];
}
