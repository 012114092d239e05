import 'reflect-metadata';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { InMemorySettingsRepository } from '../../../src/shared/infrastructure/memory/InMemorySettingsRepository.js';
import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { SwitchableMonitorAvailability } from '../../../src/contexts/monitoring/history/application/MonitorAvailability.js';
import { MonitorRetention } from '../../../src/contexts/monitoring/history/application/MonitorRetention.js';
import type { LabRow } from '../../../src/contexts/monitoring/history/application/MonitorRepository.js';
import type { MessageRows } from '../../../src/contexts/monitoring/history/application/MessageRows.js';
import { MonitorTuning } from '../../../src/contexts/monitoring/history/application/MonitorTuning.js';
import { InMemoryMonitorRepository } from '../../../src/contexts/monitoring/history/infrastructure/memory/InMemoryMonitorRepository.js';
import type { CallHistoryEntry } from '../../../src/contexts/monitoring/index.js';
import {
  MonitorCallHistoryConfigs,
  MonitorSipFlowConfigs,
} from '../../../src/contexts/monitoring/settings/application/MonitorConfigs.js';
import { MonitorSettingsCache } from '../../../src/contexts/monitoring/settings/application/MonitorSettingsCache.js';
import {
  CallHistoryConfigSetting,
  SipFlowConfigSetting,
} from '../../../src/contexts/monitoring/settings/application/MonitorSettingStores.js';
import { SilentLogger } from '../../support/SilentLogger.js';

export const LAB = 'default' as LabId;
export const OTHER = 'other' as LabId;

/**
 * An in-memory store whose writes can be held (a store slower than the traffic) or made to fail, counting the
 * statements it ran per table.
 */
export class ControlledStore extends InMemoryMonitorRepository {
  private gate: Promise<void> | undefined;
  private release: (() => void) | undefined;
  /** How many of the next writes fail. */
  failures = 0;

  hold(): void {
    this.gate = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  letGo(): void {
    this.release?.();
    this.gate = undefined;
  }

  private async pass(): Promise<void> {
    await this.gate;
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('the store refused the batch');
    }
  }

  override async insertCalls(rows: readonly LabRow<CallHistoryEntry>[]): Promise<void> {
    await this.pass();
    return super.insertCalls(rows);
  }

  override async insertMessages(rows: MessageRows): Promise<void> {
    await this.pass();
    return super.insertMessages(rows);
  }
}

export function monitorFixture(tuning = new MonitorTuning()) {
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
  const unitOfWork = new InMemoryUnitOfWork();
  const settingsStore = new InMemorySettingsRepository(clock);
  const callHistorySetting = new CallHistoryConfigSetting(settingsStore);
  const sipFlowSetting = new SipFlowConfigSetting(settingsStore);
  const cache = new MonitorSettingsCache(unitOfWork, callHistorySetting, sipFlowSetting);
  const store = new ControlledStore();
  const availability = new SwitchableMonitorAvailability();
  const logger = new SilentLogger();
  const sinks = new BatchingMonitorSinks(store, availability, cache, tuning, logger);
  const retention = new MonitorRetention(store, availability, cache, tuning, logger);
  return {
    store,
    availability,
    logger,
    sinks,
    retention,
    cache,
    unitOfWork,
    callHistorySetting,
    callHistoryConfigs: new MonitorCallHistoryConfigs(unitOfWork, callHistorySetting, cache),
    sipFlowConfigs: new MonitorSipFlowConfigs(unitOfWork, sipFlowSetting, cache),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
