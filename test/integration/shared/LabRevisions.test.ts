import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { LabReadCache } from '../../../src/shared/application/LabReadCache.js';
import { TypeOrmUnitOfWork } from '../../../src/shared/infrastructure/persistence/TypeOrmUnitOfWork.js';
import { maintenanceModeProbe } from './maintenanceModeProbe.js';
import { openKeepingData, testDatabase, testDatabaseUrl, type TestStore } from '../../support/testStores.js';

describe('lab revisions and the read cache on TypeORM', () => {
  let db: TestStore;
  let dataSource: DataSource;
  let unitOfWork: TypeOrmUnitOfWork;
  const repository = maintenanceModeProbe();
  const toggle = (uow: TypeOrmUnitOfWork) => repository.toggle(uow, DEFAULT_LAB);

  before(async () => {
    db = await testDatabase().open();
    dataSource = db.dataSource;
    unitOfWork = db.unitOfWork;
  });
  beforeEach(() => db.reset());
  after(() => db.close());

  it('every committed write unit moves the revision by one; a failed one does not', async () => {
    const before = (await unitOfWork.current(DEFAULT_LAB))!;
    await toggle(unitOfWork);
    expect(await unitOfWork.current(DEFAULT_LAB)).to.equal(before + 1);
    await unitOfWork.write(DEFAULT_LAB, async () => {
      await unitOfWork.write(DEFAULT_LAB, async () => undefined); // a nested unit joins: still one
    });
    expect(await unitOfWork.current(DEFAULT_LAB)).to.equal(before + 2);
    try {
      await unitOfWork.write(DEFAULT_LAB, async () => {
        throw DomainError.invalid('NOPE', 'refused');
      });
    } catch {
      /* expected */
    }
    expect(await unitOfWork.current(DEFAULT_LAB)).to.equal(before + 2);
    const [row] = await dataSource.query('SELECT revision FROM lab WHERE id = $1', [DEFAULT_LAB]);
    expect(Number(row.revision)).to.equal(before + 2);
  });

  it('answers no revision inside a unit (nothing read there may be kept) and for an unknown lab', async () => {
    expect(await unitOfWork.read(() => unitOfWork.current(DEFAULT_LAB))).to.equal(undefined);
    expect(await unitOfWork.current('no-such-lab' as never)).to.equal(undefined);
  });

  it('keeps what it read until the next write of the lab, and reads through inside a unit', async () => {
    let loads = 0;
    const cache = new LabReadCache(unitOfWork, unitOfWork, async (lab) => {
      loads += 1;
      return (await repository.get(lab)).active;
    });
    const first = await cache.get(DEFAULT_LAB);
    expect(await cache.get(DEFAULT_LAB)).to.equal(first);
    expect(loads).to.equal(1);
    await toggle(unitOfWork);
    expect(await cache.get(DEFAULT_LAB)).to.equal(!first);
    expect(loads).to.equal(2);
    const concurrent = await Promise.all([cache.get(DEFAULT_LAB), cache.get(DEFAULT_LAB), cache.get(DEFAULT_LAB)]);
    expect(concurrent).to.deep.equal([!first, !first, !first]);
    expect(loads).to.equal(2);
    // inside a write unit the cache reads what the unit sees, and keeps none of it
    await unitOfWork.write(DEFAULT_LAB, async () => {
      const mode = await repository.get(DEFAULT_LAB);
      mode.set(first, new Date());
      await repository.save(mode);
      expect(await cache.get(DEFAULT_LAB)).to.equal(first);
    });
    expect(await cache.get(DEFAULT_LAB)).to.equal(first);
  });

  it('answers at once what it keeps when the engine knows the revision itself, and never a value a write outdated', async () => {
    const cache = new LabReadCache(unitOfWork, unitOfWork, async (lab) => (await repository.get(lab)).active);
    const first = await cache.get(DEFAULT_LAB);
    // the embedded engine knows its own commits; a server is asked every time, so nothing is known at once there
    const embedded = unitOfWork.known(DEFAULT_LAB) !== undefined;
    expect(cache.current(DEFAULT_LAB)).to.equal(embedded ? first : undefined);
    await toggle(unitOfWork);
    expect(cache.current(DEFAULT_LAB)).to.equal(undefined);
    expect(await cache.get(DEFAULT_LAB)).to.equal(!first);
    expect(cache.current(DEFAULT_LAB)).to.equal(embedded ? !first : undefined);
    expect(await unitOfWork.read(async () => cache.current(DEFAULT_LAB))).to.equal(undefined);
  });

  describe('two processes on one server database', () => {
    let other: TestStore | undefined;

    before(async function () {
      const url = testDatabaseUrl();
      if (!url) this.skip();
      other = await openKeepingData(url);
    });
    after(async () => {
      await other?.close();
    });

    it('a write through one is seen by the very next read through the other, even when reads overlap', async () => {
      const elsewhere = other!.unitOfWork;
      let loads = 0;
      const cache = new LabReadCache(unitOfWork, unitOfWork, async (lab) => {
        loads += 1;
        return (await repository.get(lab)).active;
      });
      const start = await cache.get(DEFAULT_LAB);
      for (let round = 1; round <= 5; round += 1) {
        // reads in flight while the other process writes; the reads issued after its commit must see it
        const overlapping = Array.from({ length: 8 }, () => cache.get(DEFAULT_LAB));
        await toggle(elsewhere);
        const after = await Promise.all(Array.from({ length: 8 }, () => cache.get(DEFAULT_LAB)));
        expect(after, `round ${round}`).to.deep.equal(Array(8).fill(round % 2 === 1 ? !start : start));
        await Promise.all(overlapping);
      }
      expect(loads).to.be.at.most(1 + 5 * 3);
    });
  });
});
