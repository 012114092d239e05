import { inject, injectable } from 'inversify';
import type { Versioned } from '../../../../../shared/application/Setting.js';
import { pickFields } from '../../../../../shared/domain/SettingFields.js';
import { ifMatchVersion, jsonWithETag } from '../../../../../shared/interface/http/ETag.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import type { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { GetLoginPolicy } from '../../application/GetLoginPolicy.js';
import { GetPasswordPolicy } from '../../application/GetPasswordPolicy.js';
import { SetLoginPolicy } from '../../application/SetLoginPolicy.js';
import { SetPasswordPolicy } from '../../application/SetPasswordPolicy.js';
import { LOGIN_POLICY_FIELDS, type LoginPolicy } from '../../domain/LoginPolicy.js';
import { PASSWORD_POLICY_FIELDS, type PasswordPolicy } from '../../domain/PasswordPolicy.js';
import { LoginPolicyDto, PasswordPolicyDto } from './PolicyDtos.js';
import type { LoginPolicyView, PasswordPolicyView } from './PolicyViews.js';

export const passwordPolicyAnswer = (policy: PasswordPolicy): PasswordPolicyView =>
  pickFields(PASSWORD_POLICY_FIELDS, policy.values);
export const loginPolicyAnswer = (policy: LoginPolicy): LoginPolicyView =>
  pickFields(LOGIN_POLICY_FIELDS, policy.values);

/** Blacklist items may also be sent as plain strings. */
function normaliseBlacklist(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const list = (body as Record<string, unknown>)['blacklist'];
  if (!Array.isArray(list)) return body;
  return { ...body, blacklist: list.map((item) => (typeof item === 'string' ? { value: item } : item)) };
}

const withETag = <T, A>(read: Versioned<T>, answer: (value: T) => A): Reply =>
  jsonWithETag(answer(read.value), read.version);

/**
 * The password and login policies. A get answers the policy with its version as `ETag`; a set takes the whole
 * policy, honours `If-Match` (409 STALE_VERSION when the policy changed since; without it the set is
 * unconditional) and answers the policy as stored with its new ETag.
 */
@injectable()
export class PoliciesController {
  constructor(
    @inject(GetPasswordPolicy) private readonly getPasswordPolicy: GetPasswordPolicy,
    @inject(SetPasswordPolicy) private readonly setPasswordPolicy: SetPasswordPolicy,
    @inject(GetLoginPolicy) private readonly getLoginPolicy: GetLoginPolicy,
    @inject(SetLoginPolicy) private readonly setLoginPolicy: SetLoginPolicy,
  ) {}

  async passwordPolicy(request: OperationRequest): Promise<Reply> {
    return withETag(await this.getPasswordPolicy.execute(request.lab), passwordPolicyAnswer);
  }

  async changePasswordPolicy(request: OperationRequest): Promise<Reply> {
    const expected = ifMatchVersion(request.header('if-match'), 'the password policy');
    const dto = validateDto(PasswordPolicyDto, normaliseBlacklist(request.body));
    const saved = await this.setPasswordPolicy.execute(request.lab, pickFields(PASSWORD_POLICY_FIELDS, dto), expected);
    return withETag(saved, passwordPolicyAnswer);
  }

  async loginPolicy(request: OperationRequest): Promise<Reply> {
    return withETag(await this.getLoginPolicy.execute(request.lab), loginPolicyAnswer);
  }

  async changeLoginPolicy(request: OperationRequest): Promise<Reply> {
    const expected = ifMatchVersion(request.header('if-match'), 'the login policy');
    const dto = validateDto(LoginPolicyDto, request.body);
    const saved = await this.setLoginPolicy.execute(request.lab, pickFields(LOGIN_POLICY_FIELDS, dto), expected);
    return withETag(saved, loginPolicyAnswer);
  }
}
