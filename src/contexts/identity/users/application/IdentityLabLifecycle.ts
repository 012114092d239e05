import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { SessionRepository } from '../../authentication/domain/SessionRepository.js';
import { VerifiedCredentials } from '../../authentication/domain/VerifiedCredentials.js';
import { SeedBuiltInAdministrator } from './SeedBuiltInAdministrator.js';

/**
 * A new lab gets the built-in administrator (the password of GWSIM_ADMIN_PASSWORD); a removed lab's sessions end,
 * so that a cookie of it never opens a lab made later under its name.
 */
@injectable()
export class IdentityLabLifecycle extends LabLifecycle {
  readonly name = 'users and sessions';

  constructor(
    @inject(SeedBuiltInAdministrator) private readonly seed: SeedBuiltInAdministrator,
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(VerifiedCredentials) private readonly credentials: VerifiedCredentials,
  ) {
    super();
  }

  initialize(lab: LabId): Promise<void> {
    return this.seed.seed(lab);
  }

  async remove(lab: LabId): Promise<void> {
    this.sessions.removeLab(lab);
    this.credentials.forgetLab(lab);
  }

  // restored: nothing. Users are read through the lab's revision; sessions and remembered credentials are checked
  // against the restored users at their next request (one whose user is gone, blocked or has another password ends).
}
