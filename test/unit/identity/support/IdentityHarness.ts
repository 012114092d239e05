import 'reflect-metadata';
import { Container } from 'inversify';
import { Clock } from '../../../../src/shared/domain/Clock.js';
import { WallClock } from '../../../../src/contexts/clock/index.js';
import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import { IdGenerator } from '../../../../src/shared/domain/IdGenerator.js';
import { EventBus } from '../../../../src/shared/application/EventBus.js';
import { Logger } from '../../../../src/shared/application/Logger.js';
import { StartupTask } from '../../../../src/shared/application/StartupTask.js';
import { SettingsRepository } from '../../../../src/shared/application/SettingsRepository.js';
import { UnitOfWork } from '../../../../src/shared/application/UnitOfWork.js';
import { InMemoryEventBus } from '../../../../src/shared/infrastructure/InMemoryEventBus.js';
import { ManualClock } from '../../../../src/shared/infrastructure/ManualClock.js';
import { LabRevisions } from '../../../../src/shared/application/LabRevisions.js';
import { RevisionCountingUnitOfWork } from '../../../../src/shared/infrastructure/memory/RevisionCountingUnitOfWork.js';
import { InMemorySettingsRepository } from '../../../../src/shared/infrastructure/memory/InMemorySettingsRepository.js';
import { SeededIdGenerator } from '../../../../src/shared/infrastructure/SeededIdGenerator.js';
import { identityModule, type IdentityModuleSettings } from '../../../../src/contexts/identity/index.js';
import { PasswordHasher } from '../../../../src/contexts/identity/users/domain/PasswordHasher.js';
import { ScryptPasswordHasher } from '../../../../src/contexts/identity/users/infrastructure/ScryptPasswordHasher.js';
import { IdentitySettings } from '../../../../src/contexts/identity/IdentitySettings.js';
import { SilentLogger } from '../../../support/SilentLogger.js';
import { T0 } from './IdentityMother.js';

export const ADMIN_PASSWORD = 'Admin-Pw-2026';

/** The real scrypt hasher that also counts key derivations, to see the work a login spends. */
export class CountingHasher extends PasswordHasher {
  derivations = 0;
  private readonly inner: ScryptPasswordHasher;

  constructor(settings: IdentitySettings) {
    super();
    this.inner = new ScryptPasswordHasher(settings);
  }

  hash(password: string): Promise<string> {
    this.derivations += 1;
    return this.inner.hash(password);
  }
  verify(password: string, hash: string): Promise<boolean> {
    this.derivations += 1;
    return this.inner.verify(password, hash);
  }
  verifyDummy(password: string): Promise<false> {
    this.derivations += 1;
    return this.inner.verifyDummy(password);
  }
  needsRehash(hash: string): boolean {
    return this.inner.needsRehash(hash);
  }
}

export interface Harness {
  readonly container: Container;
  readonly clock: ManualClock;
  readonly hasher: CountingHasher;
  get<T>(token: abstract new (...args: never[]) => T): T;
  startUp(): Promise<void>;
}

/** The identity context on its in-memory adapters with a manual clock and seeded ids (no HTTP, no database). */
export function identityHarness(settings: Partial<IdentityModuleSettings> = {}, clock = new ManualClock(T0)): Harness {
  const container = new Container({ defaultScope: 'Singleton' });
  const full = { adminPassword: ADMIN_PASSWORD, kdfCost: 10, sessionIdleMinutes: 30, ...settings };
  container.bind(Logger).toConstantValue(new SilentLogger());
  container.bind(Clock).toConstantValue(clock);
  // the lab clock and the wall clock are one here (sessions age on the wall clock)
  container.bind(WallClock).toConstantValue(clock);
  container.bind(IdGenerator).toConstantValue(new SeededIdGenerator('identity-tests'));
  container.bind(EventBus).to(InMemoryEventBus);
  container.bind(RevisionCountingUnitOfWork).toSelf();
  container.bind(UnitOfWork).toService(RevisionCountingUnitOfWork);
  container.bind(LabRevisions).toService(RevisionCountingUnitOfWork);
  container.bind(SettingsRepository).to(InMemorySettingsRepository);
  container.load(identityModule({ store: 'memory' }, full));
  const hasher = new CountingHasher(new IdentitySettings(full.adminPassword, full.kdfCost, full.sessionIdleMinutes));
  container.rebind(PasswordHasher).toConstantValue(hasher);
  return {
    container,
    clock,
    hasher,
    get: <T>(token: abstract new (...args: never[]) => T) => container.get(token as never) as T,
    async startUp() {
      for (const task of container.getAll(StartupTask)) await task.run();
    },
  };
}

export const LAB = DEFAULT_LAB;
