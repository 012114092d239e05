import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { SettingJson } from '../../../../shared/application/SettingsRepository.js';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository } from '../../../../shared/application/SettingsRepository.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import {
  DEFAULT_TRAFFIC_PROFILE,
  trafficProfile,
  type TrafficProfile,
  type TrafficProfileInput,
} from '../domain/TrafficProfile.js';

/** The traffic a lab should run: whether new calls arrive, and on which profile. */
export interface TrafficIntent {
  readonly running: boolean;
  readonly profile: TrafficProfile;
}

const TRAFFIC_SETTING: SettingDefinition<TrafficIntent> = {
  key: 'simulation.traffic',
  what: 'Traffic',
  initial: () => ({ running: false, profile: DEFAULT_TRAFFIC_PROFILE }),
  decode: (_lab, json) => {
    const stored = json as { running?: unknown; profile?: unknown };
    return { running: stored.running === true, profile: trafficProfile((stored.profile ?? {}) as TrafficProfileInput) };
  },
  encode: (intent) => JSON.parse(JSON.stringify({ running: intent.running, profile: intent.profile })) as SettingJson,
};

/**
 * The traffic each lab should run, kept in the settings store: a restart resumes it, and when several processes
 * share a server the one that takes a lab over (LabLeases) starts what the lab was running.
 */
@injectable()
export class StoredTraffic {
  private readonly setting: Setting<TrafficIntent>;

  constructor(
    @inject(SettingsRepository) store: SettingsRepository,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {
    this.setting = new Setting(store, TRAFFIC_SETTING);
  }

  /** The lab's intent (not running, on the default profile, for a lab that never started traffic). */
  read(lab: LabId): Promise<TrafficIntent> {
    return this.unitOfWork.read(async () => (await this.setting.read(lab)).value);
  }

  /** Whether the lab's traffic was ever set (started, stopped or given a profile). */
  isSet(lab: LabId): Promise<boolean> {
    return this.unitOfWork.read(async () => (await this.setting.versionOf(lab)) > 0);
  }

  async save(lab: LabId, intent: TrafficIntent): Promise<void> {
    await this.unitOfWork.write(lab, async () => {
      const version = await this.setting.versionOf(lab);
      await this.setting.save(lab, intent, version);
    });
  }
}
