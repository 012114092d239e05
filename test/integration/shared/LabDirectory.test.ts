import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { DatabaseKind } from '../../../src/shared/infrastructure/persistence/DatabaseKind.js';
import { TypeOrmLabDirectory } from '../../../src/shared/infrastructure/persistence/TypeOrmLabDirectory.js';
import { storeTargets, type TestStore } from '../../support/testStores.js';

/** Names a request may carry in a `{lab}` or a `/labs/{lab}` prefix that no lab can have. */
const NOT_LAB_NAMES = [
  'fzlab\u0000',
  `${'a'.repeat(8000)}`,
  'x/../y',
  'FZLAB',
  '',
  ' default',
  'def\u202eault',
  "' OR '1'='1",
];

for (const target of storeTargets()) {
  describe(`the lab directory reading the store (${target.name})`, () => {
    let db: TestStore;
    let directory: TypeOrmLabDirectory;

    before(async () => {
      db = await target.open();
      // read from the store on every lookup, as on a shared server (and in the simulator's thread)
      directory = new TypeOrmLabDirectory(db.dataSource, new DatabaseKind(db.embedded, undefined, true));
      await directory.load();
    });
    beforeEach(() => db.reset(['training']));
    after(() => db.close());

    it('finds a lab by its name, and none for a name no lab can have, without asking the store (which refuses a NUL)', async () => {
      expect((await directory.lookup('training'))?.id).to.equal('training');
      expect((await directory.lookup(DEFAULT_LAB))?.id).to.equal(DEFAULT_LAB);
      expect(await directory.lookup('nosuch')).to.equal(undefined);
      for (const name of NOT_LAB_NAMES)
        expect(await directory.lookup(name), JSON.stringify(name.slice(0, 20))).to.equal(undefined);
    });

    it('answers the lab a request names, or a 404 LAB_NOT_FOUND naming lab', async () => {
      expect(await directory.named('training')).to.equal('training');
      for (const name of ['nosuch', ...NOT_LAB_NAMES]) {
        const error = await directory.named(name).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, JSON.stringify(name.slice(0, 20))).to.be.instanceOf(DomainError);
        expect((error as DomainError).code).to.equal('LAB_NOT_FOUND');
        expect((error as DomainError).details.map((d) => d.field)).to.deep.equal(['lab']);
        expect((error as DomainError).message.length, 'the name is shown cut short').to.be.below(200);
      }
    });
  });
}
