import { expect } from 'chai';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { LabChangeWatch } from '../../../src/shared/application/LabChangeWatch.js';
import { LabLifecycle } from '../../../src/shared/application/LabLifecycle.js';
import type { LabRevisions } from '../../../src/shared/application/LabRevisions.js';
import { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { leaseKey } from '../../../src/shared/infrastructure/persistence/PostgresLabLeases.js';

const LAB = 'training' as LabId;

/** A store shared with "another process": `revision` moves with this process's units and with `elsewhere()`. */
class SharedStore extends UnitOfWork implements LabRevisions {
  revision: number | undefined = 100;

  async read<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async write<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    this.revision = (this.revision ?? 0) + 1;
    this.unitBegun(lab, this.revision);
    const result = await work();
    for (const after of this.unitEnded(lab, true)) after();
    return result;
  }

  /** A write unit of another process. */
  elsewhere(): void {
    this.revision = (this.revision ?? 0) + 1;
  }

  async current(): Promise<number | undefined> {
    return this.revision;
  }

  async seen(): Promise<number | undefined> {
    return this.revision;
  }
}

/** The embedded engine's kind of store: it knows its revision without being asked (LabRevisions.known). */
class KnowingStore extends SharedStore {
  known(): number | undefined {
    return this.revision;
  }
}

class CountingLifecycle extends LabLifecycle {
  readonly name = 'counting';
  readonly reloads: LabId[] = [];
  /** When set, a reload waits for it. */
  pause: Promise<void> | undefined;
  async initialize(): Promise<void> {}
  async remove(): Promise<void> {}
  override async reload(lab: LabId): Promise<void> {
    await this.pause;
    this.reloads.push(lab);
  }
}

describe('LabChangeWatch: state held in memory follows writes made through other processes', () => {
  let store: SharedStore;
  let lifecycle: CountingLifecycle;
  let watch: LabChangeWatch;

  beforeEach(() => {
    store = new SharedStore();
    lifecycle = new CountingLifecycle();
    watch = new LabChangeWatch(
      store,
      store,
      () => [lifecycle],
      () => undefined,
    );
    watch.note(LAB, 100);
  });

  it('reloads nothing while the lab is at the revision this process holds, nor after its own write units', async () => {
    await watch.check(LAB);
    await store.write(LAB, async () => undefined);
    await store.write(LAB, async () => undefined);
    await watch.check(LAB);
    expect(lifecycle.reloads).to.deep.equal([]);
  });

  it('reloads once after a write unit of another process, also when one of its own came after it', async () => {
    store.elsewhere();
    await store.write(LAB, async () => undefined);
    await watch.check(LAB);
    await watch.check(LAB);
    expect(lifecycle.reloads).to.deep.equal([LAB]);
  });

  it('reloads a lab it never saw, and a lab removed elsewhere once', async () => {
    const other = 'other' as LabId;
    await watch.check(other);
    expect(lifecycle.reloads).to.deep.equal([other]);
    store.revision = undefined;
    await watch.check(LAB);
    await watch.check(LAB);
    expect(lifecycle.reloads).to.deep.equal([other, LAB]);
  });

  it('shares one check among the callers that ask together', async () => {
    store.elsewhere();
    await Promise.all([watch.check(LAB), watch.check(LAB), watch.check(LAB)]);
    expect(lifecycle.reloads).to.have.length(1);
  });

  describe('on a store that knows its revision without asking (the embedded engine)', () => {
    let knowing: KnowingStore;

    beforeEach(() => {
      knowing = new KnowingStore();
      watch = new LabChangeWatch(
        knowing,
        knowing,
        () => [lifecycle],
        () => undefined,
      );
      watch.note(LAB, 100);
    });

    it('answers a check of a lab at the revision it holds at once, with nothing to wait for', async () => {
      expect(watch.check(LAB)).to.equal(undefined);
      await knowing.write(LAB, async () => undefined);
      expect(watch.check(LAB)).to.equal(undefined);
      expect(lifecycle.reloads).to.deep.equal([]);
    });

    it('still reloads a lab that moved elsewhere, and a caller that comes during the reload waits for it', async () => {
      knowing.elsewhere();
      let finish!: () => void;
      lifecycle.pause = new Promise<void>((resolve) => (finish = resolve));
      const first = watch.check(LAB);
      expect(first).to.be.instanceOf(Promise);
      // the revision is noted before the reload runs: the second caller must join the check, not pass it
      const second = watch.check(LAB);
      expect(second).to.equal(first);
      let passed = false;
      void second!.then(() => (passed = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(passed).to.equal(false);
      finish();
      await second;
      expect(lifecycle.reloads).to.deep.equal([LAB]);
      expect(watch.check(LAB)).to.equal(undefined);
    });
  });

  it("keys each lab's lease lock by a stable 32-bit hash of its name", () => {
    expect(leaseKey('default')).to.equal(leaseKey('default'));
    expect(leaseKey('default')).to.not.equal(leaseKey('training'));
    for (const name of ['default', 'training', 'x', 'ü-lab']) {
      const key = leaseKey(name);
      expect(Number.isInteger(key) && key >= -(2 ** 31) && key < 2 ** 31, name).to.equal(true);
    }
  });
});
