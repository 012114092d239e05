import { inject, injectable } from 'inversify';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { GetLoginPolicy } from '../../application/GetLoginPolicy.js';
import { GetPasswordPolicy } from '../../application/GetPasswordPolicy.js';
import { SetLoginPolicy } from '../../application/SetLoginPolicy.js';
import { SetPasswordPolicy } from '../../application/SetPasswordPolicy.js';
import type { LoginPolicy } from '../../domain/LoginPolicy.js';
import type { PasswordPolicy } from '../../domain/PasswordPolicy.js';
import { LoginPolicyDto } from './LoginPolicyDto.js';
import { PasswordPolicyDto } from './PasswordPolicyDto.js';

const passwordPolicyView = (policy: PasswordPolicy) => {
  const v = policy.values;
  return {
    minLength: v.minLength, maxLength: v.maxLength, minDigits: v.minDigits, minCharacters: v.minCharacters,
    minLowerCase: v.minLowerCase, minUpperCase: v.minUpperCase, minSpecial: v.minSpecial, constraintAreas: v.constraintAreas,
    patterns: v.patterns, blacklist: v.blacklist.map((item) => ({ value: item.value })), addUsernameToBlacklist: v.addUsernameToBlacklist,
  };
};

const loginPolicyView = (policy: LoginPolicy) => ({ ...policy.values });

/** Blacklist items may also be sent as plain strings. */
function normaliseBlacklist(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const list = (body as Record<string, unknown>)['blacklist'];
  if (!Array.isArray(list)) return body;
  return { ...body, blacklist: list.map((item) => (typeof item === 'string' ? { value: item } : item)) };
}

/** The password and login policies; set answers the policy as stored. */
@injectable()
export class PoliciesController {
  constructor(
    @inject(GetPasswordPolicy) private readonly getPasswordPolicy: GetPasswordPolicy,
    @inject(SetPasswordPolicy) private readonly setPasswordPolicy: SetPasswordPolicy,
    @inject(GetLoginPolicy) private readonly getLoginPolicy: GetLoginPolicy,
    @inject(SetLoginPolicy) private readonly setLoginPolicy: SetLoginPolicy,
  ) {}

  async passwordPolicy(request: OperationRequest) {
    return passwordPolicyView(await this.getPasswordPolicy.execute(request.lab));
  }

  async changePasswordPolicy(request: OperationRequest) {
    const dto = validateDto(PasswordPolicyDto, normaliseBlacklist(request.body));
    const policy = await this.setPasswordPolicy.execute(request.lab, {
      minLength: dto.minLength, maxLength: dto.maxLength, minDigits: dto.minDigits, minCharacters: dto.minCharacters,
      minLowerCase: dto.minLowerCase, minUpperCase: dto.minUpperCase, minSpecial: dto.minSpecial, constraintAreas: dto.constraintAreas,
      patterns: dto.patterns, blacklist: (dto.blacklist ?? []).map((item) => ({ value: item.value })), addUsernameToBlacklist: dto.addUsernameToBlacklist,
    });
    return passwordPolicyView(policy);
  }

  async loginPolicy(request: OperationRequest) {
    return loginPolicyView(await this.getLoginPolicy.execute(request.lab));
  }

  async changeLoginPolicy(request: OperationRequest) {
    const dto = validateDto(LoginPolicyDto, request.body);
    const policy = await this.setLoginPolicy.execute(request.lab, {
      minLoginDelay: dto.minLoginDelay, maxLoginDelay: dto.maxLoginDelay, attemptsUntilBlocked: dto.attemptsUntilBlocked,
      showLoginFailureMessage: dto.showLoginFailureMessage, passwordExpiration: dto.passwordExpiration,
      passwordExpirationWarning: dto.passwordExpirationWarning, maxObsoletePasswords: dto.maxObsoletePasswords,
      passwordUnchangeableMinutes: dto.passwordUnchangeableMinutes,
    });
    return loginPolicyView(policy);
  }
}
