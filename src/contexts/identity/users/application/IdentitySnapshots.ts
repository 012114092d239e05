import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabReadCache } from '../../../../shared/application/LabReadCache.js';
import { LabRevisions } from '../../../../shared/application/LabRevisions.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { LoginPolicy } from '../../policies/domain/LoginPolicy.js';
import { LoginPolicyRepository } from '../../policies/domain/LoginPolicyRepository.js';
import type { Role } from '../../roles/domain/Role.js';
import { RoleRepository } from '../../roles/domain/RoleRepository.js';
import type { UserAccount } from '../domain/UserAccount.js';
import { UserRepository } from '../domain/UserRepository.js';

/**
 * What identity reads answer from: a lab's users, custom roles and login policy as last committed. Shared by
 * every reader until the lab's next write, so nothing may mutate it (take `user.at(now, policy)` for the account
 * as time makes it).
 */
export interface IdentitySnapshot {
  /** The users in the order they were added. */
  readonly users: readonly UserAccount[];
  readonly usersById: ReadonlyMap<string, UserAccount>;
  /** The custom roles in the order they were added. */
  readonly roles: readonly Role[];
  readonly loginPolicy: LoginPolicy;
}

/**
 * Identity state held in memory and kept current by the lab's revision (LabReadCache): read from the store once,
 * read again after any committed write of the lab, in this process or another one on the same server. The
 * reads of users/get, roles/get and the session and credential checks of every request come from here; every
 * write use case still reads and writes through the repositories inside its write unit.
 */
@injectable()
export class IdentitySnapshots {
  private readonly cache: LabReadCache<IdentitySnapshot>;

  constructor(
    @inject(LabRevisions) revisions: LabRevisions,
    @inject(UnitOfWork) unitOfWork: UnitOfWork,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(RoleRepository) private readonly roles: RoleRepository,
    @inject(LoginPolicyRepository) private readonly loginPolicies: LoginPolicyRepository,
  ) {
    this.cache = new LabReadCache(revisions, unitOfWork, (lab) => this.load(lab));
  }

  of(lab: LabId): Promise<IdentitySnapshot> {
    return this.cache.get(lab);
  }

  /** The snapshot `of` would answer, when that is known at once (see LabReadCache.current); else undefined. */
  current(lab: LabId): IdentitySnapshot | undefined {
    return this.cache.current(lab);
  }

  private async load(lab: LabId): Promise<IdentitySnapshot> {
    const users = await this.users.list(lab);
    const roles = await this.roles.list(lab);
    const loginPolicy = await this.loginPolicies.get(lab);
    return Object.freeze({
      users: Object.freeze(users),
      usersById: new Map(users.map((user) => [user.id, user])),
      roles: Object.freeze(roles),
      loginPolicy,
    });
  }
}
