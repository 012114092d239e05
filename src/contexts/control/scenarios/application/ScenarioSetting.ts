import { inject, injectable } from 'inversify';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository, type SettingJson } from '../../../../shared/application/SettingsRepository.js';

/** The scenario a lab was made from or last ran (its document, files embedded), for `reset {to: "scenario"}`; undefined: none. */
export type RememberedScenario = Record<string, unknown> | undefined;

export const SCENARIO_SETTING: SettingDefinition<RememberedScenario> = {
  key: 'control.scenario',
  what: 'Lab scenario',
  initial: () => undefined,
  decode: (_lab, json) => {
    if (json === null || typeof json !== 'object' || Array.isArray(json))
      throw new TypeError('a remembered scenario must be a JSON object');
    return json as Record<string, unknown>;
  },
  encode: (document) => (document ?? {}) as SettingJson,
};

@injectable()
export class ScenarioSetting extends Setting<RememberedScenario> {
  constructor(@inject(SettingsRepository) store: SettingsRepository) {
    super(store, SCENARIO_SETTING);
  }
}
