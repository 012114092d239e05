import { expect } from 'chai';
import { Authenticator } from '../../../src/shared/application/Authenticator.js';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import type { OperationRequest } from '../../../src/shared/interface/http/Operation.js';
import { WireDates, type DateFormat } from '../../../src/shared/interface/http/WireDates.js';
import { SetLoginPolicy } from '../../../src/contexts/identity/policies/application/SetLoginPolicy.js';
import { DEFAULT_LOGIN_POLICY } from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';
import { AddUser } from '../../../src/contexts/identity/users/application/AddUser.js';
import { RemoveUser } from '../../../src/contexts/identity/users/application/RemoveUser.js';
import { UsersController } from '../../../src/contexts/identity/users/interface/http/UsersController.js';
import { identityHarness, LAB, type Harness } from './support/IdentityHarness.js';

const PASSWORD = 'Bob-Pass-12345';

interface Listed {
  readonly displayName: string;
  readonly failedLogins?: number;
  readonly lastLogin?: string;
  readonly blockedUntil?: string;
}

describe('users/get: the answer follows every write and the passing of time', function () {
  this.timeout(20000);
  let h: Harness;

  /** users/get as the operation router calls it, parsed. */
  const usersGet = async (format: DateFormat = 'XZWO'): Promise<Listed[]> => {
    const request = { lab: LAB, dates: new WireDates(format) } as OperationRequest;
    const reply = await h.get(UsersController).get(request);
    return JSON.parse(reply.body as string) as Listed[];
  };
  const bob = async (format?: DateFormat) => (await usersGet(format)).find((user) => user.displayName === 'bob');
  const refused = (work: Promise<unknown>) =>
    work.then(
      () => expect.fail('the login passed'),
      (error: unknown) => expect(error).to.be.instanceOf(DomainError),
    );

  beforeEach(async () => {
    h = identityHarness();
    await h.startUp();
    await h.get(AddUser).execute(LAB, {
      displayName: 'bob',
      emailAddress: undefined,
      enabled: true,
      loginLocally: true,
      localUsername: 'bob',
      localPassword: PASSWORD,
      ldapLogin: false,
      ldapAuthentications: [],
      passwordChange: 'NOT_NECESSARY',
      roleIds: [],
    });
  });

  it('shows a user added, a login recorded and a user removed, each on the next read', async () => {
    expect((await usersGet()).map((user) => user.displayName)).to.deep.equal(['anadmin', 'bob']);
    expect((await bob())?.lastLogin).to.equal(undefined);
    await h.get(Authenticator).login(LAB, 'bob', PASSWORD);
    expect((await bob())?.lastLogin).to.equal('UTC 2026-03-01 08:00:00');
    await h.get(RemoveUser).execute(LAB, 'bob');
    expect((await usersGet()).map((user) => user.displayName)).to.deep.equal(['anadmin']);
  });

  it('shows a block while it holds and no longer once it ran out, though nothing was written in between', async () => {
    await h.get(SetLoginPolicy).execute(LAB, { ...DEFAULT_LOGIN_POLICY, attemptsUntilBlocked: 2 });
    for (let i = 0; i < 2; i += 1) await refused(h.get(Authenticator).login(LAB, 'bob', 'wrong'));
    expect(await bob()).to.include({ failedLogins: 2, blockedUntil: 'UTC 2026-03-01 08:15:00' });
    h.clock.advanceSeconds(15 * 60);
    const after = await bob();
    expect(after?.failedLogins).to.equal(0);
    expect(after).to.not.have.property('blockedUntil');
  });

  it('renders dates in the format the request asks for', async () => {
    await h.get(Authenticator).login(LAB, 'bob', PASSWORD);
    expect((await bob('XZWO'))?.lastLogin).to.equal('UTC 2026-03-01 08:00:00');
    expect((await bob('ISO-8601'))?.lastLogin).to.equal('2026-03-01T08:00:00.000Z');
    expect((await bob('XZWO'))?.lastLogin).to.equal('UTC 2026-03-01 08:00:00');
  });
});
