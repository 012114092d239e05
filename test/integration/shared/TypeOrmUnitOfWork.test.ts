import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { DEFAULT_LAB, labId } from '../../../src/shared/domain/LabId.js';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import type { DomainEvent } from '../../../src/shared/domain/DomainEvent.js';
import { InMemoryEventBus } from '../../../src/shared/infrastructure/InMemoryEventBus.js';
import { TypeOrmUnitOfWork } from '../../../src/shared/infrastructure/persistence/TypeOrmUnitOfWork.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { SetMaintenanceMode } from '../../../src/contexts/maintenance/mode/application/SetMaintenanceMode.js';
import { testDatabase, type TestStore } from '../../support/testStores.js';
import { maintenanceModeProbe } from './maintenanceModeProbe.js';
import { SilentLogger } from '../../support/SilentLogger.js';

describe('units of work on TypeORM', () => {
  let db: TestStore;
  let dataSource: DataSource;
  let unitOfWork: TypeOrmUnitOfWork;
  const repository = maintenanceModeProbe();

  before(async () => {
    db = await testDatabase().open();
    dataSource = db.dataSource;
    unitOfWork = db.unitOfWork;
  });
  beforeEach(() => db.reset());
  after(() => db.close());

  it('commits a write unit as a whole', async () => {
    await unitOfWork.write(DEFAULT_LAB, async () => {
      const mode = await repository.get(DEFAULT_LAB);
      mode.set(true, new Date());
      await repository.save(mode);
    });
    const stored = await unitOfWork.read(() => repository.get(DEFAULT_LAB));
    expect(stored.active).to.equal(true);
    expect(stored.version).to.equal(1);
  });

  it('leaves nothing behind when the work fails half-way', async () => {
    let error: unknown;
    try {
      await unitOfWork.write(DEFAULT_LAB, async () => {
        const mode = await repository.get(DEFAULT_LAB);
        mode.set(true, new Date());
        await repository.save(mode);
        throw DomainError.invalid('LATER_STEP_FAILED', 'a later step failed');
      });
    } catch (e) {
      error = e;
    }
    expect((error as DomainError).code).to.equal('LATER_STEP_FAILED');
    const stored = await unitOfWork.read(() => repository.get(DEFAULT_LAB));
    expect(stored.active).to.equal(false);
    expect(stored.version).to.equal(0);
  });

  it('refuses a write to a lab that does not exist', async () => {
    let error: unknown;
    try {
      await unitOfWork.write(labId('nowhere'), async () => undefined);
    } catch (e) {
      error = e;
    }
    expect((error as DomainError).kind).to.equal('not_found');
  });

  it('serialises concurrent read-modify-write units of one lab, so no update is lost', async () => {
    const events = new InMemoryEventBus(new SilentLogger());
    const setMode = new SetMaintenanceMode(unitOfWork, repository.modes, events, new ManualClock());
    await Promise.all(Array.from({ length: 20 }, (_, i) => setMode.execute(DEFAULT_LAB, i % 2 === 0)));
    const stored = await unitOfWork.read(() => repository.get(DEFAULT_LAB));
    expect(stored.version).to.equal(20);
  });

  it('refuses a stale save with a conflict instead of overwriting', async () => {
    const stale = await unitOfWork.read(() => repository.get(DEFAULT_LAB));
    await unitOfWork.write(DEFAULT_LAB, async () => {
      const fresh = await repository.get(DEFAULT_LAB);
      fresh.set(true, new Date());
      await repository.save(fresh);
    });
    stale.set(true, new Date());
    let error: unknown;
    try {
      await unitOfWork.write(DEFAULT_LAB, () => repository.save(stale));
    } catch (e) {
      error = e;
    }
    expect((error as DomainError).code).to.equal('STALE_VERSION');
  });

  it('delivers events only after the commit, and drops them on rollback', async () => {
    const events = new InMemoryEventBus(new SilentLogger());
    const seen: string[] = [];
    events.subscribe('Probe', async () => {
      const inside = await unitOfWork.read(() => repository.get(DEFAULT_LAB));
      seen.push(`delivered, active=${inside.active}`);
    });
    const probe: DomainEvent = { name: 'Probe', lab: DEFAULT_LAB, occurredAt: new Date() };
    await unitOfWork.write(DEFAULT_LAB, async () => {
      const mode = await repository.get(DEFAULT_LAB);
      mode.set(true, new Date());
      await repository.save(mode);
      await events.publish([probe]);
      expect(seen).to.deep.equal([]);
    });
    expect(seen).to.deep.equal(['delivered, active=true']);
    try {
      await unitOfWork.write(DEFAULT_LAB, async () => {
        await events.publish([probe]);
        throw new Error('rolled back');
      });
    } catch {
      /* expected */
    }
    expect(seen).to.have.length(1);
  });

  it('joins a nested write of the same lab and refuses one of another lab', async () => {
    await dataSource.query("INSERT INTO lab (id, display_name) VALUES ('other', 'Other lab') ON CONFLICT DO NOTHING");
    expect(await unitOfWork.write(DEFAULT_LAB, () => unitOfWork.write(DEFAULT_LAB, async () => 'joined'))).to.equal(
      'joined',
    );
    let error: unknown;
    try {
      await unitOfWork.write(DEFAULT_LAB, () => unitOfWork.write(labId('other'), async () => 'joined'));
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).to.contain("lab 'other' cannot join the write unit of lab 'default'");
  });

  it('refuses repository use outside a unit of work', async () => {
    let error: unknown;
    try {
      await repository.get(DEFAULT_LAB);
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).to.contain('outside a unit of work');
  });
});
