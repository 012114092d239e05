import { expect } from 'chai';
import { TransactionScope, type Scope } from '../../../src/shared/infrastructure/TransactionScope.js';

const scope = (name: string): Scope => ({ mode: 'read', handle: name, afterCommit: [] });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the transaction scope', () => {
  it('gives each overlapping unit its own scope across awaits, and none to code outside', async () => {
    const seen: string[] = [];
    const unit = (name: string, steps: number) =>
      TransactionScope.run(scope(name), async () => {
        for (let i = 0; i < steps; i += 1) {
          await tick();
          seen.push(`${name}:${String(TransactionScope.current()?.handle)}`);
        }
      });
    const outside = (async () => {
      for (let i = 0; i < 3; i += 1) {
        await tick();
        seen.push(`outside:${String(TransactionScope.current()?.handle)}`);
      }
    })();
    await Promise.all([unit('a', 3), unit('b', 2), outside]);
    expect(seen.filter((s) => s.startsWith('a:'))).to.deep.equal(['a:a', 'a:a', 'a:a']);
    expect(seen.filter((s) => s.startsWith('b:'))).to.deep.equal(['b:b', 'b:b']);
    expect(seen.filter((s) => s.startsWith('outside:'))).to.deep.equal([
      'outside:undefined',
      'outside:undefined',
      'outside:undefined',
    ]);
  });

  it('counts running units down to zero, also when the work fails, and works again afterwards', async () => {
    expect(TransactionScope.activeUnits()).to.equal(0);
    const running = TransactionScope.run(scope('x'), async () => {
      await tick();
      return TransactionScope.activeUnits();
    });
    expect(TransactionScope.activeUnits()).to.equal(1);
    expect(await running).to.equal(1);
    expect(TransactionScope.activeUnits()).to.equal(0);
    expect(TransactionScope.current()).to.equal(undefined);
    let failure: unknown;
    try {
      await TransactionScope.run(scope('y'), async () => {
        await tick();
        throw new Error('work failed');
      });
    } catch (e) {
      failure = e;
    }
    expect((failure as Error).message).to.equal('work failed');
    expect(TransactionScope.activeUnits()).to.equal(0);
    expect(
      await TransactionScope.run(scope('z'), async () => {
        await tick();
        return TransactionScope.current()?.handle;
      }),
    ).to.equal('z');
  });

  it('lets a unit started while another ends keep its scope', async () => {
    const first = TransactionScope.run(scope('first'), async () => {
      await tick();
    });
    const second = TransactionScope.run(scope('second'), async () => {
      await first;
      await tick();
      return TransactionScope.current()?.handle;
    });
    expect(await second).to.equal('second');
  });
});
