import { inject, injectable } from 'inversify';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository } from '../../../../shared/application/SettingsRepository.js';
import { MaintenanceMode } from '../domain/MaintenanceMode.js';

/**
 * Maintenance mode in the settings store, as `{"modeActive": true, "changedAt": "2026-…Z" | null}`; read back
 * through MaintenanceMode.restore, which checks it again.
 */
export const MAINTENANCE_MODE_SETTING: SettingDefinition<MaintenanceMode> = {
  key: 'lifecycle.maintenanceMode',
  what: 'Maintenance mode',
  initial: (lab) => MaintenanceMode.initial(lab),
  decode: (lab, json) => {
    const { modeActive, changedAt } = json as { modeActive: boolean; changedAt?: unknown };
    if (changedAt !== null && changedAt !== undefined && typeof changedAt !== 'string')
      throw new TypeError('changedAt must be a time or null');
    return MaintenanceMode.restore(lab, {
      modeActive,
      changedAt: typeof changedAt === 'string' ? new Date(changedAt) : undefined,
    });
  },
  encode: (mode) => ({ modeActive: mode.active, changedAt: mode.changedAt?.toISOString() ?? null }),
};

@injectable()
export class MaintenanceModeSetting extends Setting<MaintenanceMode> {
  constructor(@inject(SettingsRepository) store: SettingsRepository) {
    super(store, MAINTENANCE_MODE_SETTING);
  }
}
