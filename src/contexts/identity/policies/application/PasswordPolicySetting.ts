import { inject, injectable } from 'inversify';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository } from '../../../../shared/application/SettingsRepository.js';
import { PasswordPolicy, type PasswordPolicyValues } from '../domain/PasswordPolicy.js';
import type { PasswordPolicyRepository } from '../domain/PasswordPolicyRepository.js';

/** The password policy in the settings store: its JSON is the policy's values, re-checked when read back. */
export const PASSWORD_POLICY_SETTING: SettingDefinition<PasswordPolicy> = {
  key: 'identity.passwordPolicy',
  what: 'Password policy',
  initial: (lab) => PasswordPolicy.initial(lab),
  // `of` checks every field's type and bounds, so an untyped stored value is safe to hand it.
  decode: (lab, json) => PasswordPolicy.of(lab, json as unknown as PasswordPolicyValues),
  encode: (policy) => policy.values,
};

@injectable()
export class PasswordPolicySetting extends Setting<PasswordPolicy> implements PasswordPolicyRepository {
  constructor(@inject(SettingsRepository) store: SettingsRepository) {
    super(store, PASSWORD_POLICY_SETTING);
  }
}
