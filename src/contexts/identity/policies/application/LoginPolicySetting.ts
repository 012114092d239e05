import { inject, injectable } from 'inversify';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository } from '../../../../shared/application/SettingsRepository.js';
import { LoginPolicy, type LoginPolicyValues } from '../domain/LoginPolicy.js';
import type { LoginPolicyRepository } from '../domain/LoginPolicyRepository.js';

/** The login policy in the settings store: its JSON is the policy's values, re-checked when read back. */
export const LOGIN_POLICY_SETTING: SettingDefinition<LoginPolicy> = {
  key: 'identity.loginPolicy',
  what: 'Login policy',
  initial: (lab) => LoginPolicy.initial(lab),
  // `of` checks every field's type and bounds, so an untyped stored value is safe to hand it.
  decode: (lab, json) => LoginPolicy.of(lab, json as unknown as LoginPolicyValues),
  encode: (policy) => policy.values,
};

@injectable()
export class LoginPolicySetting extends Setting<LoginPolicy> implements LoginPolicyRepository {
  constructor(@inject(SettingsRepository) store: SettingsRepository) {
    super(store, LOGIN_POLICY_SETTING);
  }
}
