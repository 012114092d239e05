import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';

export const SYSTEM_ROLES = ['MAIN', 'STANDBY', 'MAIN_AND_STANDBY'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

/** The hot standby object's values (IPC_SERVER) and those of its link to the partner (IPC_CLIENT). */
export interface HotStandbySnapshot {
  readonly id: string;
  readonly name: string;
  readonly standbySystemBackendName: string;
  readonly systemRole: SystemRole;
  readonly disabledHere: boolean;
  readonly ipcClientId: string;
  readonly networkControllerId: string;
  readonly networkSecurityProfileId: string;
  readonly conditionIds: readonly string[];
  readonly maxLinkRetryTimeout: number;
  readonly linkPingInterval: number;
  readonly systemIdentifiers: readonly string[];
  readonly systemIdentifiersEnabled: boolean;
}

/** What a set may change (undefined: keep). */
export type HotStandbyChanges = Partial<
  Pick<
    HotStandbySnapshot,
    | 'name'
    | 'standbySystemBackendName'
    | 'disabledHere'
    | 'ipcClientId'
    | 'maxLinkRetryTimeout'
    | 'linkPingInterval'
    | 'systemIdentifiers'
    | 'systemIdentifiersEnabled'
  >
>;

export const HOT_STANDBY_DEFAULTS = {
  standbySystemBackendName: '',
  disabledHere: false,
  maxLinkRetryTimeout: 60,
  linkPingInterval: 5,
  systemIdentifiers: [] as readonly string[],
  systemIdentifiersEnabled: false,
};

const LINK_SECONDS = { min: 1, max: 3600 };

function problems(s: HotStandbySnapshot): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const name = s.name.trim();
  if (name.length === 0 || name.length > 255)
    details.push({ field: 'name', rule: 'length', message: 'name must be 1 to 255 characters (not blank)' });
  if (s.standbySystemBackendName.length > 255) {
    details.push({
      field: 'standbySystemBackendName',
      rule: 'maxLength',
      message: 'standbySystemBackendName must be at most 255 characters',
    });
  }
  for (const field of ['maxLinkRetryTimeout', 'linkPingInterval'] as const) {
    const value = s[field];
    if (!Number.isInteger(value) || value < LINK_SECONDS.min || value > LINK_SECONDS.max) {
      details.push({
        field: `mainSystem.${field}`,
        rule: 'range',
        message: `mainSystem.${field} must be a whole number of seconds from 1 to 3600, got ${value}`,
      });
    }
  }
  if (s.systemIdentifiers.length > 16) {
    details.push({
      field: 'mainSystem.replicationOptions.systemIdentifiers',
      rule: 'maxItems',
      message: 'mainSystem.replicationOptions.systemIdentifiers holds at most 16 system ids',
    });
  }
  s.systemIdentifiers.forEach((id, i) => {
    if (id.trim().length === 0 || id.length > 64) {
      details.push({
        field: `mainSystem.replicationOptions.systemIdentifiers[${i}]`,
        rule: 'length',
        message: `mainSystem.replicationOptions.systemIdentifiers[${i}] must be 1 to 64 characters (not blank)`,
      });
    }
  });
  if (!(SYSTEM_ROLES as readonly string[]).includes(s.systemRole))
    details.push({ field: 'mode', rule: 'isIn', message: `the system role must be one of ${SYSTEM_ROLES.join(', ')}` });
  return details;
}

/**
 * A hot standby object: the IPC_SERVER of this system (named `name`) with its link to the partner (IPC_CLIENT),
 * the network controller and security profile the link uses, and the role conditions created for it.
 * Invariants checked on every construction: name 1–255 characters, link timeouts 1–3600 s, at most 16 system ids.
 */
export class HotStandby {
  private constructor(private readonly state: HotStandbySnapshot) {}

  static restore(snapshot: HotStandbySnapshot): HotStandby {
    const details = problems(snapshot);
    if (details.length > 0) {
      throw DomainError.invalid(
        'HOT_STANDBY_INVALID',
        `the hot standby options are invalid: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
    }
    return new HotStandby({ ...snapshot, name: snapshot.name.trim() });
  }

  get id(): string {
    return this.state.id;
  }
  get name(): string {
    return this.state.name;
  }
  get ipcClientId(): string {
    return this.state.ipcClientId;
  }
  get conditionIds(): readonly string[] {
    return this.state.conditionIds;
  }

  snapshot(): HotStandbySnapshot {
    return this.state;
  }

  /** A copy with the given values changed, checked again. */
  changed(changes: HotStandbyChanges): HotStandby {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return HotStandby.restore({ ...this.state, ...defined });
  }

  withConditions(ids: readonly string[]): HotStandby {
    return HotStandby.restore({ ...this.state, conditionIds: [...ids] });
  }
}
