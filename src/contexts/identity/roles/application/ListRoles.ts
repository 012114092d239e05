import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { IdentitySnapshots } from '../../users/application/IdentitySnapshots.js';
import type { Role } from '../domain/Role.js';

/** The lab's custom roles, in the order they were added (from the identity state held in memory). */
@injectable()
export class ListRoles {
  constructor(@inject(IdentitySnapshots) private readonly snapshots: IdentitySnapshots) {}

  async execute(lab: LabId): Promise<Role[]> {
    return [...(await this.snapshots.of(lab)).roles];
  }
}
