import 'reflect-metadata';
import { expect } from 'chai';
import type { DataSource, QueryRunner } from 'typeorm';
import { MIGRATIONS } from '../../../src/migrations/index.js';
import { MoveSettingsToOneStore1764000100000 } from '../../../src/migrations/1764000100000-MoveSettingsToOneStore.js';
import { Setting } from '../../../src/shared/application/Setting.js';
import { DEFAULT_LAB, labId } from '../../../src/shared/domain/LabId.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { TypeOrmSettingsRepository } from '../../../src/shared/infrastructure/persistence/TypeOrmSettingsRepository.js';
import { LOGIN_POLICY_SETTING } from '../../../src/contexts/identity/policies/application/LoginPolicySetting.js';
import { PASSWORD_POLICY_SETTING } from '../../../src/contexts/identity/policies/application/PasswordPolicySetting.js';
import type { LoginPolicy } from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';
import type { PasswordPolicy } from '../../../src/contexts/identity/policies/domain/PasswordPolicy.js';
import { MAINTENANCE_MODE_SETTING } from '../../../src/contexts/maintenance/mode/application/MaintenanceModeSetting.js';
import type { MaintenanceMode } from '../../../src/contexts/maintenance/mode/domain/MaintenanceMode.js';
import { storeTargets, type TestStore } from '../../support/testStores.js';

const OTHER = labId('upgraded-b');
const MOVE = new MoveSettingsToOneStore1764000100000();
const BEFORE = MIGRATIONS.slice(0, MIGRATIONS.indexOf(MoveSettingsToOneStore1764000100000)).map((M) => new M());

const OLD_ROWS = [
  `INSERT INTO lab (id, display_name) VALUES ('${OTHER}', 'Upgraded B')`,
  `INSERT INTO identity_password_policy VALUES ('default', 10, 64, 1, 2, 1, 1, 1, 3, false, '["secret", "Gateway", "zoë"]', true, 3)`,
  `INSERT INTO identity_password_policy VALUES ('${OTHER}', 6, 128, 0, 0, 0, 0, 0, 0, true, '[]', false, 1)`,
  `INSERT INTO identity_login_policy VALUES ('default', 2, 64, 7, false, 90, 10, 5, 30, 2)`,
  `INSERT INTO maintenance_mode VALUES ('default', true, '2026-02-03T04:05:06.789Z', 4)`,
  `INSERT INTO maintenance_mode VALUES ('${OTHER}', false, NULL, 1)`,
];

const OLD_TABLES = ['identity_password_policy', 'identity_login_policy', 'maintenance_mode'];

async function snapshot(runner: QueryRunner): Promise<unknown[]> {
  const rows = [];
  for (const table of OLD_TABLES) rows.push(await runner.query(`SELECT * FROM ${table} ORDER BY lab_id`));
  return rows;
}

for (const target of storeTargets()) {
  describe(`upgrading a gateway to the one settings store, on ${target.name}`, function () {
    this.timeout(60000);
    let opened: TestStore;
    let dataSource: DataSource;
    let runner: QueryRunner;
    let unitOfWork: TestStore['unitOfWork'];
    const store = new TypeOrmSettingsRepository(new ManualClock());

    before(async () => {
      opened = await target.open({ migrate: false });
      dataSource = opened.dataSource;
      unitOfWork = opened.unitOfWork;
      runner = dataSource.createQueryRunner();
      for (const migration of BEFORE) await migration.up(runner);
      for (const row of OLD_ROWS) await runner.query(row);
    });
    after(async () => {
      await runner?.release();
      await opened?.close();
    });

    it("keeps every lab's policies and maintenance mode with their versions, and drops the old tables", async () => {
      const old = await snapshot(runner);
      await MOVE.up(runner);
      const read = <T>(setting: Setting<T>, lab = DEFAULT_LAB) => unitOfWork.read(() => setting.read(lab));
      const passwords = new Setting(store, PASSWORD_POLICY_SETTING);
      const logins = new Setting(store, LOGIN_POLICY_SETTING);
      const modes = new Setting(store, MAINTENANCE_MODE_SETTING);

      const password = await read<PasswordPolicy>(passwords);
      expect([password.value.values, password.version]).to.deep.equal([
        {
          minLength: 10,
          maxLength: 64,
          minDigits: 1,
          minCharacters: 2,
          minLowerCase: 1,
          minUpperCase: 1,
          minSpecial: 1,
          constraintAreas: 3,
          patterns: false,
          blacklist: [{ value: 'secret' }, { value: 'Gateway' }, { value: 'zoë' }],
          addUsernameToBlacklist: true,
        },
        3,
      ]);
      expect([
        (await read<PasswordPolicy>(passwords, OTHER)).value.values.blacklist,
        (await read(passwords, OTHER)).version,
      ]).to.deep.equal([[], 1]);
      const login = await read<LoginPolicy>(logins);
      expect([login.value.values, login.version]).to.deep.equal([
        {
          minLoginDelay: 2,
          maxLoginDelay: 64,
          attemptsUntilBlocked: 7,
          showLoginFailureMessage: false,
          passwordExpiration: 90,
          passwordExpirationWarning: 10,
          maxObsoletePasswords: 5,
          passwordUnchangeableMinutes: 30,
        },
        2,
      ]);
      expect((await read(logins, OTHER)).version).to.equal(0);
      const mode = await read<MaintenanceMode>(modes);
      expect([mode.value.state, mode.version]).to.deep.equal([
        { modeActive: true, changedAt: new Date('2026-02-03T04:05:06.789Z') },
        4,
      ]);
      const otherMode = await read<MaintenanceMode>(modes, OTHER);
      expect([otherMode.value.state, otherMode.version]).to.deep.equal([
        { modeActive: false, changedAt: undefined },
        1,
      ]);

      const left: Array<{ name: string | null }> = await runner.query(
        `SELECT to_regclass(name)::text AS name FROM unnest($1::text[]) AS name`,
        [OLD_TABLES],
      );
      expect(left.map((r) => r.name)).to.deep.equal([null, null, null]);

      await MOVE.down(runner);
      expect(await snapshot(runner)).to.deep.equal(old);
      expect((await runner.query(`SELECT to_regclass('lab_setting')::text AS name`))[0].name).to.equal(null);
    });
  });
}
