import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { SettingJson } from '../../../../shared/application/SettingsRepository.js';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository } from '../../../../shared/application/SettingsRepository.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { defaultSipSetting, sipSetting, type SipSetting, type SipSettingInput } from '../domain/SipSetting.js';
import { SipDefaults } from './SipDefaults.js';

/**
 * What the store holds: the lab's setting, or none (never set, or put back to never set). "None" is stored as a
 * value of its own so that undoing the first change of a lab leaves it following the process default again.
 */
interface StoredValue {
  readonly setting: SipSetting | undefined;
}

const SIP_SETTING: SettingDefinition<StoredValue> = {
  key: 'simulation.sip',
  what: 'SIP setting',
  initial: () => ({ setting: undefined }),
  decode: (_lab, json) => {
    const stored = json as { unset?: unknown };
    if (stored.unset === true) return { setting: undefined };
    return { setting: sipSetting(defaultSipSetting(false), stored as SipSettingInput) };
  },
  encode: ({ setting }) =>
    setting
      ? (JSON.parse(
          JSON.stringify({
            enabled: setting.enabled,
            portOffset: setting.portOffset,
            farEnds: setting.farEnds,
            setupTimeoutSeconds: setting.setupTimeoutSeconds,
            outsidePeers: setting.outsidePeers,
            registrarGuard: setting.registrarGuard,
            supervision: setting.supervision,
          }),
        ) as SettingJson)
      : { unset: true },
};

/** A lab's SIP setting as stored (undefined: never set). */
export interface SipSettingSnapshot {
  readonly setting: SipSetting | undefined;
}

/** A saved change: what it replaced, what it stored, and the version it was stored as. */
export interface SipSettingChange {
  readonly before: SipSettingSnapshot;
  readonly after: SipSetting;
  readonly version: number;
}

/**
 * Each lab's SIP setting (real SIP on or off, port offset, far ends, setup timeout, outside peers, registrar guard),
 * kept in the settings store. A lab that never set it follows the process default (GWSIM_SIP / `gwsim serve
 * --sip`): off, or on at offset 0.
 */
@injectable()
export class StoredSip {
  private readonly setting: Setting<StoredValue>;

  constructor(
    @inject(SettingsRepository) store: SettingsRepository,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SipDefaults) private readonly defaults: SipDefaults,
  ) {
    this.setting = new Setting(store, SIP_SETTING);
  }

  /** The lab's setting: the stored one, or the process default for a lab that never set it. */
  async read(lab: LabId): Promise<SipSetting> {
    return (await this.snapshot(lab)).setting ?? defaultSipSetting(this.defaults.enabled);
  }

  /** Whether the lab's setting was set (and not put back to never set). */
  async isSet(lab: LabId): Promise<boolean> {
    return (await this.snapshot(lab)).setting !== undefined;
  }

  /** The stored setting as it is now (undefined: never set). */
  snapshot(lab: LabId): Promise<SipSettingSnapshot> {
    return this.unitOfWork.read(async () => ({ setting: (await this.setting.read(lab)).value.setting }));
  }

  /**
   * Saves the lab's current setting changed by `input` (checked field by field); answers what was stored before and
   * the version the change was saved as (for `restore`).
   */
  async change(lab: LabId, input: SipSettingInput): Promise<SipSettingChange> {
    return this.unitOfWork.write(lab, async () => {
      const stored = await this.setting.read(lab);
      const before = { setting: stored.value.setting };
      const after = sipSetting(before.setting ?? defaultSipSetting(this.defaults.enabled), input);
      const saved = await this.setting.save(lab, { setting: after }, stored.version);
      return { before, after, version: saved.version };
    });
  }

  /**
   * Puts back what a change replaced, unless another change came after it (that one stands): answers whether it
   * did.
   */
  async restore(lab: LabId, change: SipSettingChange): Promise<boolean> {
    return this.unitOfWork.write(lab, async () => {
      if ((await this.setting.versionOf(lab)) !== change.version) return false;
      await this.setting.save(lab, { setting: change.before.setting }, change.version);
      return true;
    });
  }
}
