import { inject, injectable } from 'inversify';
import { StaleVersionError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Setting, Versioned } from '../../../../shared/application/Setting.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import {
  callHistoryConfig,
  sipFlowConfig,
  type MonitorCallHistoryConfig,
  type MonitorSipFlowConfig,
} from '../domain/MonitorSettings.js';
import { CallHistoryConfigSetting, SipFlowConfigSetting } from './MonitorSettingStores.js';
import { MonitorSettingsCache, type MonitorSettings } from './MonitorSettingsCache.js';

/** Reads and replaces one of the monitor's settings; a replaced one reaches the sinks and retention once committed. */
abstract class MonitorConfig<T> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly setting: Setting<T>,
    private readonly cache: MonitorSettingsCache,
    private readonly part: keyof MonitorSettings,
    private readonly check: (values: unknown) => T,
  ) {}

  get(lab: LabId): Promise<Versioned<T>> {
    return this.unitOfWork.read(() => this.setting.read(lab));
  }

  /** Replaces it with `values` (checked: 400 naming each bad field); with `expectedVersion` (If-Match) 409 when it changed since. */
  async set(lab: LabId, values: unknown, expectedVersion?: number): Promise<Versioned<T>> {
    const value = this.check(values);
    const saved = await this.unitOfWork.write(lab, async () => {
      const current = await this.setting.versionOf(lab);
      if (expectedVersion !== undefined && expectedVersion !== current)
        throw new StaleVersionError(this.setting.definition.what, lab);
      return this.setting.save(lab, value, current);
    });
    this.cache.replace(lab, { [this.part]: saved.value });
    return saved;
  }
}

@injectable()
export class MonitorCallHistoryConfigs extends MonitorConfig<MonitorCallHistoryConfig> {
  constructor(
    @inject(UnitOfWork) unitOfWork: UnitOfWork,
    @inject(CallHistoryConfigSetting) setting: CallHistoryConfigSetting,
    @inject(MonitorSettingsCache) cache: MonitorSettingsCache,
  ) {
    super(unitOfWork, setting, cache, 'callHistory', callHistoryConfig);
  }
}

@injectable()
export class MonitorSipFlowConfigs extends MonitorConfig<MonitorSipFlowConfig> {
  constructor(
    @inject(UnitOfWork) unitOfWork: UnitOfWork,
    @inject(SipFlowConfigSetting) setting: SipFlowConfigSetting,
    @inject(MonitorSettingsCache) cache: MonitorSettingsCache,
  ) {
    super(unitOfWork, setting, cache, 'sipFlow', sipFlowConfig);
  }
}
