import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { StaleVersionError } from '../../../../shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { StartupTask } from '../../../../shared/application/StartupTask.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { IdentitySettings } from '../../IdentitySettings.js';
import { PasswordHasher } from '../domain/PasswordHasher.js';
import { UserAccount } from '../domain/UserAccount.js';
import { UserRepository } from '../domain/UserRepository.js';

export const BUILT_IN_ADMINISTRATOR_ID = '00000000-0000-4000-8000-00000000ad01';
export const BUILT_IN_ADMINISTRATOR_NAME = 'anadmin';

/**
 * Seeds the built-in administrator `anadmin` with the configured password (GWSIM_ADMIN_PASSWORD) on first
 * start; it bypasses the password policy, since the operator chose it. On later starts the account is kept as
 * it is (a password changed through the API survives restarts) unless the configured password differs from the
 * one it was last seeded from: then the configured one wins (the operator's way back in), and a block is lifted.
 * Only a salted hash of the configured password is kept to tell the difference (the password's own hash as
 * seeded, so the start-up check and the first login with that password cost one key derivation).
 */
@injectable()
export class SeedBuiltInAdministrator extends StartupTask {
  readonly name = 'seed the built-in administrator';
  private configuredHash: { readonly password: string; readonly hash: Promise<string> } | undefined;

  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(IdentitySettings) private readonly settings: IdentitySettings,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Logger) private readonly logger: Logger,
  ) {
    super();
  }

  run(): Promise<void> {
    return this.seed(DEFAULT_LAB);
  }

  /** Seeds one lab (a context that creates labs calls this for each new one). */
  async seed(lab: LabId, attempt = 1): Promise<void> {
    const password = this.settings.adminPassword;
    const existing = await this.unitOfWork.read(() => this.users.byId(lab, BUILT_IN_ADMINISTRATOR_ID));
    if (existing && existing.seedFingerprint && (await this.hasher.verify(password, existing.seedFingerprint))) return;
    // One hash serves as password and fingerprint: while the password is the seeded one, the start-up check
    // above has just verified the very hash a login checks (the hasher remembers the match for a minute).
    // One hash of the configured password serves every lab seeded by this process (labs made or reset later
    // cost no key derivation; the password is the same for all of them by construction).
    if (this.configuredHash?.password !== password)
      this.configuredHash = { password, hash: this.hasher.hash(password) };
    const hash = await this.configuredHash.hash.catch((error: unknown) => {
      this.configuredHash = undefined;
      throw error;
    });
    const fingerprint = hash;
    try {
      await this.unitOfWork.write(lab, async () => {
        const current = await this.users.byId(lab, BUILT_IN_ADMINISTRATOR_ID);
        if (current?.version !== existing?.version) throw new StaleVersionError('User', BUILT_IN_ADMINISTRATOR_NAME);
        const now = this.clock.now();
        const admin =
          current ??
          UserAccount.builtInAdministrator(
            lab,
            BUILT_IN_ADMINISTRATOR_ID,
            BUILT_IN_ADMINISTRATOR_NAME,
            hash,
            fingerprint,
            now,
          );
        if (current) current.resetFromConfiguration(hash, fingerprint, now);
        await this.users.save(admin);
        await this.events.publish(admin.pullEvents());
      });
    } catch (error) {
      if (error instanceof StaleVersionError && attempt < 3) return this.seed(lab, attempt + 1);
      throw error;
    }
    this.logger.info(
      { lab, user: BUILT_IN_ADMINISTRATOR_NAME },
      existing
        ? 'the configured administrator password changed: the built-in administrator now uses it'
        : 'seeded the built-in administrator',
    );
  }
}
