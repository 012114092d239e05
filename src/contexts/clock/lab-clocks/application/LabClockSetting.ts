import { inject, injectable } from 'inversify';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsStore } from '../../../../shared/application/SettingsStore.js';
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
  constructor(@inject(SettingsStore) store: SettingsStore) {
    super(store, LAB_CLOCK_SETTING);
  }
}
