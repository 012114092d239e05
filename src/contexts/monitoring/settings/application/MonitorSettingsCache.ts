import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import {
  DEFAULT_CALL_HISTORY_CONFIG,
  DEFAULT_SIP_FLOW_CONFIG,
  type MonitorCallHistoryConfig,
  type MonitorSipFlowConfig,
} from '../domain/MonitorSettings.js';
import { CallHistoryConfigSetting, SipFlowConfigSetting } from './MonitorSettingStores.js';

export interface MonitorSettings {
  readonly callHistory: MonitorCallHistoryConfig;
  readonly sipFlow: MonitorSipFlowConfig;
}

const DEFAULTS: MonitorSettings = { callHistory: DEFAULT_CALL_HISTORY_CONFIG, sipFlow: DEFAULT_SIP_FLOW_CONFIG };

/** How long a lab's settings are used before they are read again (another process on the same server may change them). */
export const SETTINGS_TTL_MS = 5000;

interface Entry {
  settings: MonitorSettings;
  readAt: number;
  loading: Promise<MonitorSettings> | undefined;
}

/**
 * The monitor's settings per lab, held in memory for the sinks and retention, which must not read the settings
 * store per message. `current` answers at once (the last read, the defaults before the first) and starts a
 * read when the entry is missing or older than SETTINGS_TTL_MS; `settings` waits for a current read. A set
 * through this gateway replaces the entry as soon as it is committed.
 */
@injectable()
export class MonitorSettingsCache {
  private readonly entries = new Map<LabId, Entry>();

  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(CallHistoryConfigSetting) private readonly callHistory: CallHistoryConfigSetting,
    @inject(SipFlowConfigSetting) private readonly sipFlow: SipFlowConfigSetting,
  ) {}

  current(lab: LabId): MonitorSettings {
    const entry = this.entries.get(lab);
    if (!entry || this.stale(entry)) void this.settings(lab).catch(() => undefined);
    return entry?.settings ?? DEFAULTS;
  }

  /** The lab's settings, read again when missing or stale (a failed read keeps the last known, or the defaults). */
  async settings(lab: LabId): Promise<MonitorSettings> {
    let entry = this.entries.get(lab);
    if (entry && !this.stale(entry)) return entry.settings;
    if (!entry) {
      entry = { settings: DEFAULTS, readAt: Number.NEGATIVE_INFINITY, loading: undefined };
      this.entries.set(lab, entry);
    }
    const target = entry;
    target.loading ??= this.read(lab)
      .then((settings) => {
        target.settings = settings;
        target.readAt = this.now();
        return settings;
      })
      .finally(() => {
        target.loading = undefined;
      });
    return target.loading.catch(() => target.settings);
  }

  /** The lab's settings were replaced as a whole (a snapshot restored): the next use reads them. */
  forget(lab: LabId): void {
    this.entries.delete(lab);
  }

  /** A set of this gateway, once committed. */
  replace(lab: LabId, change: Partial<MonitorSettings>): void {
    const entry = this.entries.get(lab);
    const settings = { ...(entry?.settings ?? DEFAULTS), ...change };
    this.entries.set(lab, { settings, readAt: this.now(), loading: undefined });
  }

  private read(lab: LabId): Promise<MonitorSettings> {
    return this.unitOfWork.read(async () => ({
      callHistory: await this.callHistory.get(lab),
      sipFlow: await this.sipFlow.get(lab),
    }));
  }

  private stale(entry: Entry): boolean {
    return this.now() - entry.readAt > SETTINGS_TTL_MS;
  }

  private now(): number {
    // The system's time, not the lab's clock: a frozen or scaled lab clock must not keep settings for ever.
    return Date.now();
  }
}
