import type { LabId } from '../domain/LabId.js';

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** What a setting stores: any JSON but a bare null. */
export type SettingJson = Exclude<JsonValue, null>;

/** One setting as stored: its JSON value, its version (1 on the first save) and when it was last saved. */
export interface StoredSetting {
  readonly value: SettingJson;
  readonly version: number;
  readonly updatedAt: Date;
}

/**
 * The per-lab settings store: one versioned JSON value per lab and key (a policy, an option set). It knows no
 * setting; a `Setting` (Setting.ts) gives typed access to one key with its default and codec. Adapters work
 * only inside the caller's unit of work, and save only inside a write unit of that lab.
 */
export abstract class SettingsRepository {
  /** The stored value of `key` in `lab`; undefined when it was never saved. */
  abstract find(lab: LabId, key: string): Promise<StoredSetting | undefined>;

  /**
   * Stores `value` as version `expectedVersion + 1`, if the stored version is still `expectedVersion` (0: never
   * saved). Throws StaleVersionError otherwise, never overwriting a version the caller did not see.
   */
  abstract save(lab: LabId, key: string, value: SettingJson, expectedVersion: number): Promise<StoredSetting>;
}
