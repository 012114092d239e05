import { expect } from 'chai';
import { ExpiryQueue } from '../src/index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ExpiryQueue (items that expire a fixed time after they were added, under one timer)', () => {
  it('expires each item no earlier than its delay, oldest first, and only once', async () => {
    let clock = 0;
    const expired: string[] = [];
    const queue = new ExpiryQueue<string>(
      30,
      (item) => expired.push(`${item}@${clock}`),
      0,
      () => clock,
    );
    queue.add('a');
    clock = 10;
    queue.add('b');
    clock = 29;
    await sleep(40);
    expect(expired).to.deep.equal([]); // the queue's clock says a is 1 ms short: nothing goes early
    expect(queue.size).to.equal(2);
    clock = 30;
    await sleep(10);
    expect(expired).to.deep.equal(['a@30']);
    clock = 45;
    await sleep(30);
    expect(expired).to.deep.equal(['a@30', 'b@45']);
    expect(queue.size).to.equal(0);
    await sleep(30);
    expect(expired).to.have.length(2);
  });

  it('lets items added close together expire in one pass, at most the slack late', async () => {
    const passes: number[][] = [];
    let current: number[] | undefined;
    const queue = new ExpiryQueue<number>(
      5,
      (item) => {
        if (!current) {
          current = [];
          passes.push(current);
          queueMicrotask(() => {
            current = undefined;
          });
        }
        current.push(item);
      },
      40,
    );
    for (let i = 0; i < 5; i++) {
      queue.add(i);
      await sleep(2);
    }
    await sleep(80);
    expect(passes.flat()).to.deep.equal([0, 1, 2, 3, 4]);
    expect(passes.length).to.be.at.most(2);
  });

  it('takes items added while it expires others, and keeps order past many items', async () => {
    const expired: number[] = [];
    const queue = new ExpiryQueue<number>(1, (item) => {
      expired.push(item);
      if (item === 0) queue.add(5000);
    });
    for (let i = 0; i < 3000; i++) queue.add(i);
    await sleep(40);
    expect(expired).to.deep.equal([...Array.from({ length: 3000 }, (_, i) => i), 5000]);
    expect(queue.size).to.equal(0);
  });

  it('gives each item back with the tag it was added with', async () => {
    const expired: [string, number][] = [];
    const queue = new ExpiryQueue<string>(1, (item, tag) => expired.push([item, tag]));
    queue.add('a', 3);
    queue.add('a', 4);
    queue.add('b');
    await sleep(30);
    expect(expired).to.deep.equal([
      ['a', 3],
      ['a', 4],
      ['b', 0],
    ]);
  });

  it('forgets everything on clear, expiring nothing', async () => {
    const expired: number[] = [];
    const queue = new ExpiryQueue<number>(5, (item) => expired.push(item));
    queue.add(1);
    queue.add(2);
    queue.clear();
    expect(queue.size).to.equal(0);
    await sleep(30);
    expect(expired).to.deep.equal([]);
    queue.add(3);
    await sleep(30);
    expect(expired).to.deep.equal([3]);
  });

  it('keeps no timer of its own alive (the process may exit while items wait)', () => {
    const queue = new ExpiryQueue<number>(60_000, () => undefined);
    queue.add(1);
    const timer = (queue as unknown as { timer: NodeJS.Timeout }).timer;
    expect(timer.hasRef()).to.equal(false);
    queue.clear();
  });
});
