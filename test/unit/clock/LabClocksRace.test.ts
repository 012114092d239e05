import 'reflect-metadata';
import { expect } from 'chai';
import { LabClocks, LabClockRepository } from '../../../src/contexts/clock/lab-clocks/application/LabClocks.js';
import { LabClockSetting } from '../../../src/contexts/clock/lab-clocks/application/LabClockSetting.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { AsyncLabScope } from '../../../src/shared/infrastructure/AsyncLabScope.js';
import { InMemorySettingsRepository } from '../../../src/shared/infrastructure/memory/InMemorySettingsRepository.js';
import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { SilentLogger } from '../../support/SilentLogger.js';

const LAB = 'default' as LabId;

/** A unit of work whose next read waits, once its data is read, until the test lets it go (a slow round trip). */
class SlowReads extends UnitOfWork {
  private readonly inner = new InMemoryUnitOfWork();
  hold: Promise<void> | undefined;
  readStarted: (() => void) | undefined;

  async read<T>(work: () => Promise<T>): Promise<T> {
    const result = await this.inner.read(work);
    const hold = this.hold;
    this.hold = undefined;
    if (hold) {
      this.readStarted?.();
      await hold;
    }
    return result;
  }

  write<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    return this.inner.write(lab, work);
  }
}

describe('LabClocks: a reload never takes the lab back behind a change made meanwhile', () => {
  it("a change that commits while a reload's read is on its way is what the lab runs on afterwards", async () => {
    const wall = new ManualClock(new Date('2026-03-01T08:00:00Z'));
    const unitOfWork = new SlowReads();
    const setting = new LabClockSetting(new InMemorySettingsRepository(wall));
    const store: LabClockRepository = { unitOfWork: () => unitOfWork, setting: () => setting };
    const clocks = new LabClocks(wall, store, new AsyncLabScope(), new SilentLogger());
    const frozenAt = new Date('2026-11-23T13:00:00Z');

    // the reload reads the store (a real clock: nothing stored yet) and is slow to come back
    let release!: () => void;
    unitOfWork.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const readStarted = new Promise<void>((resolve) => {
      unitOfWork.readStarted = resolve;
    });
    const reload = clocks.reload(LAB);
    await readStarted;
    // meanwhile the lab's clock is frozen at an instant (a scenario holds it)
    const change = clocks.setMode(LAB, 'frozen', { now: frozenAt });
    // the change goes first when it can (it must not wait for nothing); the read comes back after it either way
    await Promise.race([change, new Promise((resolve) => setTimeout(resolve, 50))]);
    release();
    await Promise.all([reload, change]);

    expect(clocks.nowOf(LAB).toISOString()).to.equal(frozenAt.toISOString());
    expect(clocks.reading(LAB).clock.mode).to.equal('frozen');
  });
});
