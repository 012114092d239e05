import { expect } from 'chai';
import { StaleVersionError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LOGIN_POLICY } from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';
import { DEFAULT_PASSWORD_POLICY } from '../../../src/contexts/identity/policies/domain/PasswordPolicy.js';
import { failure } from './failure.js';
import { LAB_A, LAB_B, type IdentityStore, type StoreSubject } from './identityStores.js';

interface PolicyLike<V> { readonly version: number; readonly values: V; change(values: V): void }
interface PolicyRepositoryLike<V> { get(lab: typeof LAB_A): Promise<PolicyLike<V>>; save(policy: PolicyLike<V>): Promise<void> }

function policyContract<V>(what: string, subject: StoreSubject, repository: (store: IdentityStore) => PolicyRepositoryLike<V>, defaults: V, changed: V): void {
  describe(`${what} contract: ${subject.name}`, function () {
    this.timeout(60000);
    let store: IdentityStore;
    const get = (lab = LAB_A) => store.unitOfWork.read(() => repository(store).get(lab));
    const save = (policy: PolicyLike<V>, lab = LAB_A) => store.unitOfWork.write(lab, () => repository(store).save(policy));

    before(() => subject.open());
    beforeEach(async () => { store = await subject.fresh(); });
    after(() => subject.close());

    it('answers the defaults at version 0 for a lab that never set one', async () => {
      const policy = await get();
      expect([policy.version, policy.values]).to.deep.equal([0, defaults]);
    });

    it('stores a change and then another, each at the next version, per lab', async () => {
      const policy = await get();
      policy.change(changed);
      await save(policy);
      const stored = await get();
      expect([stored.version, stored.values]).to.deep.equal([1, changed]);
      stored.change(defaults);
      await save(stored);
      expect([(await get()).version, (await get()).values]).to.deep.equal([2, defaults]);
      expect((await get(LAB_B)).version).to.equal(0);
    });

    it('refuses a change based on a stale version, first save and later ones alike', async () => {
      const [a, b] = [await get(), await get()];
      a.change(changed);
      await save(a);
      b.change(changed);
      expect(await failure(() => save(b))).to.be.instanceOf(StaleVersionError);
      const [c, d] = [await get(), await get()];
      c.change(defaults);
      await save(c);
      expect(await failure(() => save(d))).to.be.instanceOf(StaleVersionError);
    });
  });
}

export function passwordPolicyRepositoryContract(subject: StoreSubject): void {
  policyContract('PasswordPolicyRepository', subject, (store) => store.passwordPolicies, DEFAULT_PASSWORD_POLICY, {
    minLength: 10, maxLength: 64, minDigits: 1, minCharacters: 2, minLowerCase: 1, minUpperCase: 1, minSpecial: 1, constraintAreas: 3,
    patterns: false, blacklist: [{ value: 'secret' }, { value: 'Gateway' }], addUsernameToBlacklist: true,
  });
}

export function loginPolicyRepositoryContract(subject: StoreSubject): void {
  policyContract('LoginPolicyRepository', subject, (store) => store.loginPolicies, DEFAULT_LOGIN_POLICY, {
    minLoginDelay: 2, maxLoginDelay: 64, attemptsUntilBlocked: 7, showLoginFailureMessage: false, passwordExpiration: 90,
    passwordExpirationWarning: 10, maxObsoletePasswords: 5, passwordUnchangeableMinutes: 30,
  });
}
