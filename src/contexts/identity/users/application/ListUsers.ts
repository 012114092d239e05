import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { UserAccount } from '../domain/UserAccount.js';
import { IdentitySnapshots } from './IdentitySnapshots.js';

/**
 * The lab's users as they stand now (blocks that ran out and expired passwords already applied), from the
 * identity state held in memory (current as of the lab's last committed write). Read-only: not for saving. When
 * time changed none of them (the common case) the answer is the snapshot's own list, the same array until the
 * lab's next write (users/get serialises its answer once per such list).
 */
@injectable()
export class ListUsers {
  constructor(
    @inject(IdentitySnapshots) private readonly snapshots: IdentitySnapshots,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(lab: LabId): Promise<readonly UserAccount[]> {
    const { users, loginPolicy } = this.snapshots.current(lab) ?? (await this.snapshots.of(lab));
    const now = this.clock.now();
    const current = users.map((user) => user.at(now, loginPolicy));
    return current.every((user, i) => user === users[i]) ? users : current;
  }
}
