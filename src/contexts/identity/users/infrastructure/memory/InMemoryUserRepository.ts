import { injectable } from 'inversify';
import { DomainError, StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { UserAccount } from '../../domain/UserAccount.js';
import type { UserAccountProps } from '../../domain/UserAccountProps.js';
import { UserRepository } from '../../domain/UserRepository.js';

/** Users in a map per lab (insertion order is the order they were added); keeps copies, never live aggregates. */
@injectable()
export class InMemoryUserRepository extends UserRepository {
  private readonly byLab = new Map<LabId, Map<string, UserAccountProps>>();

  private lab(lab: LabId): Map<string, UserAccountProps> {
    let users = this.byLab.get(lab);
    if (!users) this.byLab.set(lab, (users = new Map()));
    return users;
  }

  private all(lab: LabId): UserAccount[] {
    return [...this.lab(lab).values()].map((props) => UserAccount.restore(props));
  }

  async list(lab: LabId): Promise<UserAccount[]> {
    return this.all(lab);
  }

  async byId(lab: LabId, id: string): Promise<UserAccount | undefined> {
    const props = this.lab(lab).get(id);
    return props ? UserAccount.restore(props) : undefined;
  }

  async byLocalUsername(lab: LabId, username: string): Promise<UserAccount | undefined> {
    return this.all(lab).find((user) => user.localUsername === username);
  }

  async byDirectoryName(lab: LabId, name: string): Promise<UserAccount[]> {
    return this.all(lab).filter((user) => user.ldapUsers.some((link) => link.name === name));
  }

  async withRole(lab: LabId, roleId: string): Promise<UserAccount[]> {
    return this.all(lab).filter((user) => user.roleIds.includes(roleId));
  }

  async save(user: UserAccount): Promise<void> {
    const users = this.lab(user.lab);
    const current = users.get(user.id)?.version ?? 0;
    if (current !== user.version) throw new StaleVersionError('User', user.id);
    const props = user.snapshot();
    if (
      props.localUsername !== undefined &&
      [...users.values()].some((other) => other.id !== props.id && other.localUsername === props.localUsername)
    ) {
      throw DomainError.conflict(
        'USERNAME_TAKEN',
        `the login name '${props.localUsername}' is already used by another user`,
      );
    }
    users.set(user.id, { ...props, version: user.version + 1 });
  }

  async remove(user: UserAccount): Promise<void> {
    const users = this.lab(user.lab);
    if (users.get(user.id)?.version !== user.version) throw new StaleVersionError('User', user.id);
    users.delete(user.id);
  }
}
