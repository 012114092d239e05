import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { UserAccount } from '../domain/UserAccount.js';
import { IdentitySnapshots } from './IdentitySnapshots.js';

/**
 * The lab's users as they stand now (blocks that ran out and expired passwords already applied), from the
 * identity state held in memory (current as of the lab's last committed write). Read-only copies: not for saving.
 */
@injectable()
export class ListUsers {
  constructor(
    @inject(IdentitySnapshots) private readonly snapshots: IdentitySnapshots,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(lab: LabId): Promise<UserAccount[]> {
    const { users, loginPolicy } = await this.snapshots.of(lab);
    const now = this.clock.now();
    return users.map((user) => user.at(now, loginPolicy));
  }
}
