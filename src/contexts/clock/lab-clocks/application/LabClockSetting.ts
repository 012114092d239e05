import { inject, injectable } from 'inversify';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository } from '../../../../shared/application/SettingsRepository.js';
import { LabClock, type LabClockState } from '../domain/LabClock.js';

/** A lab's clock in the settings store: `{mode, scale, labAnchorMs, wallAnchorMs}`, read back through LabClock.restore. */
export const LAB_CLOCK_SETTING: SettingDefinition<LabClock> = {
  key: 'control.clock',
  what: 'Lab clock',
  initial: () => LabClock.real(),
  decode: (_lab, json) => LabClock.restore(json as unknown as LabClockState),
  encode: (clock) => ({ ...clock.state }),
};

@injectable()
export class LabClockSetting extends Setting<LabClock> {
  constructor(@inject(SettingsRepository) store: SettingsRepository) {
    super(store, LAB_CLOCK_SETTING);
  }
}
