import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository } from '../../../../shared/application/SettingsRepository.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { DEFAULT_HEP_SETTING, hepSetting, type HepSetting, type HepSettingInput } from '../domain/HepSetting.js';

/**
 * The setting as stored: its fields, the password among them under that name, so that a snapshot file seals it
 * (a secret by its key's name) and a snapshot restored brings it back with the lab's other settings.
 */
const HEP_SETTING: SettingDefinition<HepSetting> = {
  key: 'simulation.hep',
  what: 'HEP setting',
  initial: () => DEFAULT_HEP_SETTING,
  decode: (_lab, json) => hepSetting(DEFAULT_HEP_SETTING, json as HepSettingInput),
  encode: (setting) => ({
    enabled: setting.enabled,
    host: setting.host,
    port: setting.port,
    transport: setting.transport,
    captureId: setting.captureId,
    ...(setting.password !== undefined ? { password: setting.password } : {}),
  }),
};

/** Each lab's HEP setting (where its SIP messages go as HEP3), kept in the settings store; off for a lab that never set it. */
@injectable()
export class StoredHep {
  private readonly setting: Setting<HepSetting>;

  constructor(
    @inject(SettingsRepository) store: SettingsRepository,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {
    this.setting = new Setting(store, HEP_SETTING);
  }

  read(lab: LabId): Promise<HepSetting> {
    return this.unitOfWork.read(() => this.setting.get(lab));
  }

  /** Saves the lab's setting changed by `input` (checked field by field) and answers it. */
  change(lab: LabId, input: HepSettingInput): Promise<HepSetting> {
    return this.unitOfWork.write(lab, async () => {
      const stored = await this.setting.read(lab);
      const after = hepSetting(stored.value, input);
      await this.setting.save(lab, after, stored.version);
      return after;
    });
  }
}
