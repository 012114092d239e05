import { inject, injectable } from 'inversify';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository } from '../../../../shared/application/SettingsRepository.js';
import { StandbyRoles, type StandbyRolesState } from '../domain/StandbyRoles.js';

/** The pair's role state in the settings store, as `{"state": "MAIN_ACTIVE_LINK_UP", "mainEnabled": true, "standbyEnabled": true}`. */
export const STANDBY_ROLES_SETTING: SettingDefinition<StandbyRoles> = {
  key: 'highAvailability.hotStandbyRoles',
  what: 'Hot standby roles',
  initial: (lab) => StandbyRoles.initial(lab),
  decode: (lab, json) => StandbyRoles.restore(lab, json as unknown as StandbyRolesState),
  encode: (roles) => ({ ...roles.snapshot() }),
};

@injectable()
export class StandbyRolesSetting extends Setting<StandbyRoles> {
  constructor(@inject(SettingsRepository) store: SettingsRepository) {
    super(store, STANDBY_ROLES_SETTING);
  }
}
