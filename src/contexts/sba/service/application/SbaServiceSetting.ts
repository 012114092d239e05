import { inject, injectable } from 'inversify';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository } from '../../../../shared/application/SettingsRepository.js';
import { SbaService, type SbaServiceState } from '../domain/SbaService.js';

/**
 * The lab's SBA service in the settings store as one JSON object (options, secret, private key PEM,
 * certificate PEM, state, reason, last status request). The secret and key are kept here because the settings
 * store is never read out as a whole over the API: only the SBA answers read this setting, and their mapping
 * leaves the secret out (and the key, except privateKey/get). Read back through SbaService.restore.
 */
export const SBA_SERVICE_SETTING: SettingDefinition<SbaService> = {
  key: 'sba.service',
  what: 'SBA service',
  initial: (lab) => SbaService.initial(lab),
  decode: (lab, json) => {
    const raw = json as unknown as SbaServiceState & {
      lastRequest?: { at: string; statusCode: number; statusLine: string };
    };
    const state: SbaServiceState = {
      ...raw,
      ...(raw.lastRequest ? { lastRequest: { ...raw.lastRequest, at: new Date(raw.lastRequest.at) } } : {}),
    };
    return SbaService.restore(lab, state);
  },
  encode: (service) => {
    const s = service.state;
    return JSON.parse(
      JSON.stringify({
        ...s,
        ...(s.lastRequest ? { lastRequest: { ...s.lastRequest, at: s.lastRequest.at.toISOString() } } : {}),
      }),
    );
  },
};

@injectable()
export class SbaServiceSetting extends Setting<SbaService> {
  constructor(@inject(SettingsRepository) store: SettingsRepository) {
    super(store, SBA_SERVICE_SETTING);
  }
}

/** How many times the lab's directory was re-read (users/refresh), and when last. */
export interface SbaDirectoryReads {
  readonly generation: number;
  readonly refreshedAt: string | null;
}

export const SBA_DIRECTORY_SETTING: SettingDefinition<SbaDirectoryReads> = {
  key: 'sba.directory',
  what: 'SBA directory',
  initial: () => ({ generation: 0, refreshedAt: null }),
  decode: (_lab, json) => {
    const { generation, refreshedAt } = json as unknown as SbaDirectoryReads;
    if (!Number.isInteger(generation) || generation < 0) throw new TypeError('generation must be a whole number');
    return { generation, refreshedAt: typeof refreshedAt === 'string' ? refreshedAt : null };
  },
  encode: (reads) => ({ generation: reads.generation, refreshedAt: reads.refreshedAt }),
};

@injectable()
export class SbaDirectorySetting extends Setting<SbaDirectoryReads> {
  constructor(@inject(SettingsRepository) store: SettingsRepository) {
    super(store, SBA_DIRECTORY_SETTING);
  }
}
