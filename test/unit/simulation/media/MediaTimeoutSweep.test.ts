import { expect } from 'chai';
import { MediaTimeoutSweep } from '../../../../src/contexts/simulation/media/infrastructure/index.js';

describe('MediaTimeoutSweep', () => {
  it('runs every registered check on a tick, and no longer one that was unregistered', () => {
    const sweep = new MediaTimeoutSweep({ manual: true });
    const runs = { a: 0, b: 0 };
    const stopA = sweep.watch(100, () => {
      runs.a += 1;
    });
    sweep.watch(200, () => {
      runs.b += 1;
    });
    sweep.tick();
    stopA();
    stopA();
    sweep.tick();
    expect(runs).to.deep.equal({ a: 1, b: 2 });
    expect(sweep.watching).to.equal(1);
  });

  it('runs the other checks when one throws, then rethrows its error', () => {
    const sweep = new MediaTimeoutSweep({ manual: true });
    let ran = 0;
    sweep.watch(100, () => {
      throw new Error('handler failed');
    });
    sweep.watch(100, () => {
      ran += 1;
    });
    expect(() => sweep.tick()).to.throw('handler failed');
    expect(ran).to.equal(1);
  });

  it('ticks by itself unless manual', async () => {
    const sweep = new MediaTimeoutSweep();
    let stop: (() => void) | undefined;
    await new Promise<void>((resolve) => {
      stop = sweep.watch(40, resolve);
    });
    stop!();
    expect(sweep.watching).to.equal(0);
  });
});
