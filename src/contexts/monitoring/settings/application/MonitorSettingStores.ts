import { inject, injectable } from 'inversify';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository } from '../../../../shared/application/SettingsRepository.js';
import {
  DEFAULT_CALL_HISTORY_CONFIG,
  DEFAULT_SIP_FLOW_CONFIG,
  callHistoryConfig,
  sipFlowConfig,
  type MonitorCallHistoryConfig,
  type MonitorSipFlowConfig,
} from '../domain/MonitorSettings.js';

/** The call history configuration in the settings store, as its fields' JSON; read back through the same checks. */
export const CALL_HISTORY_CONFIG_SETTING: SettingDefinition<MonitorCallHistoryConfig> = {
  key: 'monitoring.callHistoryConfig',
  what: 'Call history configuration',
  initial: () => DEFAULT_CALL_HISTORY_CONFIG,
  decode: (_lab, json) => callHistoryConfig(json),
  encode: (value) => ({ ...value }),
};

/** The SIP flow configuration in the settings store. */
export const SIP_FLOW_CONFIG_SETTING: SettingDefinition<MonitorSipFlowConfig> = {
  key: 'monitoring.sipFlowConfig',
  what: 'SIP flow configuration',
  initial: () => DEFAULT_SIP_FLOW_CONFIG,
  decode: (_lab, json) => sipFlowConfig(json),
  encode: (value) => ({ ...value }),
};

@injectable()
export class CallHistoryConfigSetting extends Setting<MonitorCallHistoryConfig> {
  constructor(@inject(SettingsRepository) store: SettingsRepository) {
    super(store, CALL_HISTORY_CONFIG_SETTING);
  }
}

@injectable()
export class SipFlowConfigSetting extends Setting<MonitorSipFlowConfig> {
  constructor(@inject(SettingsRepository) store: SettingsRepository) {
    super(store, SIP_FLOW_CONFIG_SETTING);
  }
}
