import { expect } from 'chai';
import { Container } from 'inversify';
import { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { Authenticator } from '../../../src/shared/application/Authenticator.js';
import { AuthenticationError } from '../../../src/shared/domain/DomainError.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { ChangePassword } from '../../../src/contexts/identity/users/application/ChangePassword.js';
import {
  BUILT_IN_ADMINISTRATOR_ID,
  SeedBuiltInAdministrator,
} from '../../../src/contexts/identity/users/application/SeedBuiltInAdministrator.js';
import { UserRepository } from '../../../src/contexts/identity/users/domain/UserRepository.js';
import { T0 } from './support/IdentityMother.js';
import { ADMIN_PASSWORD, identityHarness, LAB } from './support/IdentityHarness.js';

/** Restarts share the stored users: a second harness gets the first one's user repository. */
function restart(from: Container, adminPassword: string, clock: ManualClock) {
  const next = identityHarness({ adminPassword }, clock);
  next.container.rebind(UserRepository).toConstantValue(from.get(UserRepository));
  return next;
}

async function loginFails(auth: Authenticator, password: string): Promise<boolean> {
  try {
    await auth.login(LAB, 'anadmin', password);
    return false;
  } catch (error) {
    return error instanceof AuthenticationError;
  }
}

describe('seeding the built-in administrator', function () {
  this.timeout(20000);

  it('creates anadmin with the configured password, bypassing the password policy, once', async () => {
    const h = identityHarness({ adminPassword: 'x' });
    await h.startUp();
    await h.get(SeedBuiltInAdministrator).run();
    const users = await h.get(UnitOfWork).read(() => h.get(UserRepository).list(LAB));
    expect(users.map((u) => [u.id, u.localUsername, u.builtIn, u.roleIds])).to.deep.equal([
      [BUILT_IN_ADMINISTRATOR_ID, 'anadmin', true, ['ADMINISTRATOR']],
    ]);
    await h.get(Authenticator).login(LAB, 'anadmin', 'x');
  });

  it('keeps a password changed through the API across restarts while the setting stays the same', async () => {
    const clock = new ManualClock(T0);
    const first = identityHarness({}, clock);
    await first.startUp();
    await first.get(ChangePassword).execute(LAB, {
      user: 'anadmin',
      oldPassword: ADMIN_PASSWORD,
      newPassword: 'Changed-Pw-99',
      passwordChange: 'NOT_NECESSARY',
    });
    const second = restart(first.container, ADMIN_PASSWORD, clock);
    await second.startUp();
    await second.get(Authenticator).login(LAB, 'anadmin', 'Changed-Pw-99');
    clock.advanceSeconds(1);
    expect(await loginFails(second.get(Authenticator), ADMIN_PASSWORD)).to.equal(true);
  });

  it('switches to a changed setting on the next start, lifting a block', async () => {
    const clock = new ManualClock(T0);
    const first = identityHarness({}, clock);
    await first.startUp();
    for (let i = 0; i < 5; i += 1) await loginFails(first.get(Authenticator), 'wrong');
    expect(await loginFails(first.get(Authenticator), ADMIN_PASSWORD)).to.equal(true);
    const second = restart(first.container, 'New-Setting-1', clock);
    await second.startUp();
    await second.get(Authenticator).login(LAB, 'anadmin', 'New-Setting-1');
    const admin = await second
      .get(UnitOfWork)
      .read(() => second.get(UserRepository).byId(LAB, BUILT_IN_ADMINISTRATOR_ID));
    expect(admin!.state).to.equal('ACTIVE');
    expect(admin!.passwordHashesToAvoid(1)).to.have.length(2);
  });
});
