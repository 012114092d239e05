import { ConfigObject, ObjectRules, type ParameterValue } from '../../../configuration/index.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { HOT_STANDBY_DEFAULTS, HotStandby, type SystemRole } from './HotStandby.js';

export const HOT_STANDBY_SORT = 'IPC_SERVER' as const;
export const LINK_SORT = 'IPC_CLIENT' as const;

function text(value: ParameterValue | undefined, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function integer(value: ParameterValue | undefined, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function first(ids: readonly string[]): string {
  return ids[0] ?? '';
}

/** The one mapping between a hot standby entity and its graph objects: the IPC_SERVER and its IPC_CLIENT. */
export const HotStandbyMapper = {
  toEntity(server: ConfigObject, client: ConfigObject | undefined): HotStandby {
    const s = server.parameters;
    const c = client?.parameters ?? {};
    const identifiers = c['systemIdentifiers'];
    return HotStandby.restore({
      id: server.id,
      name: server.displayName,
      standbySystemBackendName: text(s['standbySystemBackendName']),
      systemRole: text(s['systemRole'], 'MAIN') as SystemRole,
      disabledHere: s['disabledHere'] === true,
      ipcClientId: client?.id ?? '',
      networkControllerId: first(server.referencesIn('networkControllerId')),
      networkSecurityProfileId: first(server.referencesIn('networkSecurityProfileId')),
      conditionIds: [...server.referencesIn('conditionIds')],
      maxLinkRetryTimeout: integer(c['maxLinkRetryTimeout'], HOT_STANDBY_DEFAULTS.maxLinkRetryTimeout),
      linkPingInterval: integer(c['linkPingInterval'], HOT_STANDBY_DEFAULTS.linkPingInterval),
      systemIdentifiers: Array.isArray(identifiers)
        ? identifiers.filter((v): v is string => typeof v === 'string')
        : [],
      systemIdentifiersEnabled: client
        ? c['replicationEnabled'] === true
        : HOT_STANDBY_DEFAULTS.systemIdentifiersEnabled,
    });
  },

  /** The IPC_SERVER holding the entity: the current one changed (a copy) or a new one with the catalog's defaults. */
  toServer(lab: LabId, entity: HotStandby, current: ConfigObject | undefined): ConfigObject {
    const s = entity.snapshot();
    const parameters: { [name: string]: ParameterValue } = {
      standbySystemBackendName: s.standbySystemBackendName,
      systemRole: s.systemRole,
      disabledHere: s.disabledHere,
      linkPingInterval: s.linkPingInterval,
    };
    const references: { [slot: string]: string[] } = {
      networkControllerId: s.networkControllerId ? [s.networkControllerId] : [],
      networkSecurityProfileId: s.networkSecurityProfileId ? [s.networkSecurityProfileId] : [],
      ipcClientId: s.ipcClientId ? [s.ipcClientId] : [],
      conditionIds: [...s.conditionIds],
    };
    if (current) {
      const next = current.copy();
      next.rename(s.name);
      next.setParameters({ ...current.parameters, ...parameters });
      for (const [slot, ids] of Object.entries(references)) next.setReferences(slot, ids);
      return next;
    }
    const completed = ObjectRules.complete(HOT_STANDBY_SORT, undefined, parameters, references);
    return ConfigObject.create(lab, { id: s.id, sort: HOT_STANDBY_SORT, displayName: s.name, ...completed });
  },

  /** The IPC_CLIENT's link values set from the entity (the client keeps everything else it holds). */
  toClient(entity: HotStandby, current: ConfigObject): ConfigObject {
    const s = entity.snapshot();
    const next = current.copy();
    next.setParameters({
      ...current.parameters,
      maxLinkRetryTimeout: s.maxLinkRetryTimeout,
      linkPingInterval: s.linkPingInterval,
      replicationEnabled: s.systemIdentifiersEnabled,
      systemIdentifiers: [...s.systemIdentifiers],
    });
    return next;
  },
};
