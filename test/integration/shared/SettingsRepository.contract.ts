import { expect } from 'chai';
import { Setting, type SettingDefinition } from '../../../src/shared/application/Setting.js';
import type { SettingJson } from '../../../src/shared/application/SettingsRepository.js';
import { DomainError, StaleVersionError } from '../../../src/shared/domain/DomainError.js';
import { LOGIN_POLICY_SETTING } from '../../../src/contexts/identity/policies/application/LoginPolicySetting.js';
import { PASSWORD_POLICY_SETTING } from '../../../src/contexts/identity/policies/application/PasswordPolicySetting.js';
import { DEFAULT_LOGIN_POLICY, LoginPolicy } from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';
import {
  DEFAULT_PASSWORD_POLICY,
  PasswordPolicy,
} from '../../../src/contexts/identity/policies/domain/PasswordPolicy.js';
import { MAINTENANCE_MODE_SETTING } from '../../../src/contexts/maintenance/mode/application/MaintenanceModeSetting.js';
import { MaintenanceMode } from '../../../src/contexts/maintenance/mode/domain/MaintenanceMode.js';
import { LAB_A, LAB_B, type SettingsFixture, type SettingsSubject } from './settingsRepositories.js';

async function thrown(work: () => Promise<unknown>): Promise<Error> {
  try {
    await work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, nothing was thrown');
}

const VALUE: SettingJson = {
  name: 'Zoë ☎',
  count: 7,
  ratio: 0.25,
  on: true,
  none: null,
  list: [1, 'two', { three: [3] }],
};

/** A setting whose value is a plain JSON object that must hold a whole `count`. */
const PROBE: SettingDefinition<{ count: number }> = {
  key: 'test.probe',
  what: 'Probe',
  initial: () => ({ count: 0 }),
  decode: (_lab, json) => {
    const count = (json as { count?: unknown }).count;
    if (typeof count !== 'number' || !Number.isInteger(count))
      throw DomainError.invalid('INVALID_PROBE', 'count must be a whole number');
    return { count };
  },
  encode: (value) => ({ count: value.count }),
};

/** The settings store's contract: the same behaviour from every adapter. */
export function settingsStoreContract(subject: SettingsSubject): void {
  describe(`SettingsRepository contract: ${subject.name}`, function () {
    this.timeout(60000);
    let f: SettingsFixture;
    const find = (key = 'test.a', lab = LAB_A) => f.unitOfWork.read(() => f.store.find(lab, key));
    const save = (value: SettingJson, expected: number, key = 'test.a', lab = LAB_A) =>
      f.unitOfWork.write(lab, () => f.store.save(lab, key, value, expected));

    before(() => subject.open());
    beforeEach(async () => {
      f = await subject.fresh();
    });
    after(() => subject.close());

    it('finds nothing for a key never saved', async () => {
      expect(await find()).to.equal(undefined);
    });

    it('stores a value at version 1, the next at version 2, each with the time it was saved', async () => {
      const first = await save(VALUE, 0);
      f.clock.advance(60_000);
      await save({ replaced: true }, 1);
      const stored = await find();
      expect([first.version, first.updatedAt.toISOString()]).to.deep.equal([1, '2026-03-01T08:00:00.000Z']);
      expect([stored!.value, stored!.version, stored!.updatedAt.toISOString()]).to.deep.equal([
        { replaced: true },
        2,
        '2026-03-01T08:01:00.000Z',
      ]);
    });

    it('gives back exactly the JSON it was given, and a copy: changing what was saved or read changes nothing stored', async () => {
      const given = structuredClone(VALUE) as { list: unknown[] };
      await save(given as SettingJson, 0);
      given.list.push('later');
      const read = await find();
      expect(read!.value).to.deep.equal(VALUE);
      (read!.value as { list: unknown[] }).list.push('mutated');
      expect((await find())!.value).to.deep.equal(VALUE);
    });

    it('keeps each lab and each key apart', async () => {
      await save({ n: 1 }, 0, 'test.a', LAB_A);
      await save({ n: 2 }, 0, 'test.b', LAB_A);
      await save({ n: 3 }, 0, 'test.a', LAB_B);
      await save({ n: 4 }, 1, 'test.a', LAB_B);
      const all = await Promise.all([
        find('test.a', LAB_A),
        find('test.b', LAB_A),
        find('test.a', LAB_B),
        find('test.b', LAB_B),
      ]);
      expect(all.map((s) => s && [s.value, s.version])).to.deep.equal([
        [{ n: 1 }, 1],
        [{ n: 2 }, 1],
        [{ n: 4 }, 2],
        undefined,
      ]);
    });

    it('refuses a save based on a version that is not the stored one, first save and later ones alike, and keeps what is stored', async () => {
      await save({ n: 1 }, 0);
      expect(await thrown(() => save({ n: 'lost' }, 0))).to.be.instanceOf(StaleVersionError);
      await save({ n: 2 }, 1);
      expect(await thrown(() => save({ n: 'lost' }, 1))).to.be.instanceOf(StaleVersionError);
      expect(await thrown(() => save({ n: 'lost' }, 7))).to.be.instanceOf(StaleVersionError);
      expect(await thrown(() => save({ n: 'lost' }, 3, 'test.never'))).to.be.instanceOf(StaleVersionError);
      const stored = await find();
      expect([stored!.value, stored!.version]).to.deep.equal([{ n: 2 }, 2]);
      expect(await find('test.never')).to.equal(undefined);
    });

    it('lets exactly one of two saves based on the same version win', async () => {
      await save({ n: 0 }, 0);
      const outcomes = await Promise.allSettled([save({ n: 'x' }, 1), save({ n: 'y' }, 1)]);
      expect(outcomes.map((o) => o.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
      expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).to.be.instanceOf(
        StaleVersionError,
      );
      expect((await find())!.version).to.equal(2);
    });

    it('works only inside a unit of work, and saves only inside a write unit of the same lab', async () => {
      expect((await thrown(() => f.store.find(LAB_A, 'test.a'))).message).to.contain('outside a unit of work');
      expect((await thrown(() => f.store.save(LAB_A, 'test.a', VALUE, 0))).message).to.match(/outside a (write )?unit/);
      expect((await thrown(() => f.unitOfWork.read(() => f.store.save(LAB_A, 'test.a', VALUE, 0)))).message).to.contain(
        'outside a write unit',
      );
      expect(
        (await thrown(() => f.unitOfWork.write(LAB_A, () => f.store.save(LAB_B, 'test.a', VALUE, 0)))).message,
      ).to.contain(`of lab '${LAB_B}' was written in the write unit of lab '${LAB_A}'`);
      expect(await find('test.a', LAB_B)).to.equal(undefined);
    });

    it("joins the caller's write unit: what it saved is seen inside, and rolled back with it where the store is transactional", async function () {
      const error = await thrown(() =>
        f.unitOfWork.write(LAB_A, async () => {
          await f.store.save(LAB_A, 'test.a', { n: 1 }, 0);
          expect((await f.store.find(LAB_A, 'test.a'))!.value).to.deep.equal({ n: 1 });
          throw DomainError.invalid('LATER_STEP_FAILED', 'a later step failed');
        }),
      );
      expect((error as DomainError).code).to.equal('LATER_STEP_FAILED');
      if (!f.transactional) this.skip();
      expect(await find()).to.equal(undefined);
    });

    describe('typed access (Setting)', () => {
      const probe = () => new Setting(f.store, PROBE);

      it('answers the default at version 0 until saved, then the saved value at its version', async () => {
        expect(await f.unitOfWork.read(() => probe().read(LAB_A))).to.deep.equal({
          value: { count: 0 },
          version: 0,
          updatedAt: undefined,
        });
        const saved = await f.unitOfWork.write(LAB_A, () => probe().save(LAB_A, { count: 5 }, 0));
        expect([saved.value, saved.version]).to.deep.equal([{ count: 5 }, 1]);
        const read = await f.unitOfWork.read(() => probe().read(LAB_A));
        expect([read.value, read.version, read.updatedAt?.toISOString()]).to.deep.equal([
          { count: 5 },
          1,
          '2026-03-01T08:00:00.000Z',
        ]);
        expect(await f.unitOfWork.read(() => probe().versionOf(LAB_A))).to.equal(1);
      });

      it('names the setting and the lab in a stale save (409 STALE_VERSION)', async () => {
        await f.unitOfWork.write(LAB_A, () => probe().save(LAB_A, { count: 1 }, 0));
        const error = await thrown(() => f.unitOfWork.write(LAB_A, () => probe().save(LAB_A, { count: 2 }, 0)));
        expect([(error as DomainError).code, (error as DomainError).kind, error.message]).to.deep.equal([
          'STALE_VERSION',
          'conflict',
          "Probe 'default' was changed by another request; read it again and retry",
        ]);
      });

      it('refuses a stored value its codec rejects as a server fault (not a 4xx) naming setting, lab and version', async () => {
        await f.corrupt(LAB_A, PROBE.key, '{"count": "many"}');
        const error = await thrown(() => f.unitOfWork.read(() => probe().read(LAB_A)));
        expect(error).to.not.be.instanceOf(DomainError);
        expect(error.message).to.contain(
          "the stored probe of lab 'default' (version 1) is corrupt: count must be a whole number",
        );
      });
    });

    describe('the settings of the contexts', () => {
      const cases = [
        {
          definition: PASSWORD_POLICY_SETTING as SettingDefinition<unknown>,
          defaults: DEFAULT_PASSWORD_POLICY,
          changed: PasswordPolicy.of(LAB_A, {
            minLength: 10,
            maxLength: 64,
            minDigits: 1,
            minCharacters: 2,
            minLowerCase: 1,
            minUpperCase: 1,
            minSpecial: 1,
            constraintAreas: 3,
            patterns: false,
            blacklist: [{ value: 'secret' }, { value: 'Gateway' }],
            addUsernameToBlacklist: true,
          }),
          view: (v: unknown) => (v as PasswordPolicy).values,
          broken: '{"minLength": 10, "maxLength": 5}',
        },
        {
          definition: LOGIN_POLICY_SETTING as SettingDefinition<unknown>,
          defaults: DEFAULT_LOGIN_POLICY,
          changed: LoginPolicy.of(LAB_A, {
            minLoginDelay: 2,
            maxLoginDelay: 64,
            attemptsUntilBlocked: 7,
            showLoginFailureMessage: false,
            passwordExpiration: 90,
            passwordExpirationWarning: 10,
            maxObsoletePasswords: 5,
            passwordUnchangeableMinutes: 30,
          }),
          view: (v: unknown) => (v as LoginPolicy).values,
          broken: '{"minLoginDelay": -1}',
        },
        {
          definition: MAINTENANCE_MODE_SETTING as SettingDefinition<unknown>,
          defaults: { modeActive: false, changedAt: undefined },
          changed: (() => {
            const m = MaintenanceMode.initial(LAB_A);
            m.set(true, new Date('2026-02-03T04:05:06.789Z'));
            return m;
          })(),
          view: (v: unknown) => (v as MaintenanceMode).state,
          broken: '{"modeActive": "yes", "changedAt": null}',
        },
      ];
      for (const c of cases) {
        it(`${c.definition.key}: defaults at version 0, a saved value comes back equal, a broken stored one is refused`, async () => {
          const setting = new Setting(f.store, c.definition);
          const initial = await f.unitOfWork.read(() => setting.read(LAB_A));
          expect([c.view(initial.value), initial.version]).to.deep.equal([c.defaults, 0]);
          await f.unitOfWork.write(LAB_A, () => setting.save(LAB_A, c.changed, 0));
          const read = await f.unitOfWork.read(() => setting.read(LAB_A));
          expect([c.view(read.value), read.version]).to.deep.equal([c.view(c.changed), 1]);
          expect((await f.unitOfWork.read(() => setting.read(LAB_B))).version).to.equal(0);
          await f.corrupt(LAB_A, c.definition.key, c.broken);
          expect(await thrown(() => f.unitOfWork.read(() => setting.read(LAB_A)))).to.not.be.instanceOf(DomainError);
        });
      }
    });
  });
}
