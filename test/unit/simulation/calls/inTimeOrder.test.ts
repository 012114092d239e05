import { expect } from 'chai';
import { inTimeOrder } from '../../../../src/contexts/simulation/calls/domain/inTimeOrder.js';

const entries = (times: number[]) => times.map((timestampMicros, index) => ({ timestampMicros, index }));

describe("inTimeOrder (a step's messages sorted by time)", () => {
  it('sorts a small batch in place, earliest first, late arrivals moved back where they belong', () => {
    const batch = entries([30, 10, 40, 20, 50, 5]);
    const sorted = inTimeOrder(batch);
    expect(sorted).to.equal(batch);
    expect(sorted.map((e) => e.timestampMicros)).to.deep.equal([5, 10, 20, 30, 40, 50]);
  });

  it('keeps messages of the same instant in the order they came, in small and large batches alike', () => {
    for (const size of [6, 200]) {
      const batch = entries(Array.from({ length: size }, (_, i) => (size - i) % 3));
      const sorted = inTimeOrder(batch);
      for (let i = 1; i < sorted.length; i++) {
        const [a, b] = [sorted[i - 1]!, sorted[i]!];
        expect(
          a.timestampMicros < b.timestampMicros || (a.timestampMicros === b.timestampMicros && a.index < b.index),
          `${size} messages, position ${i}`,
        ).to.equal(true);
      }
    }
  });

  it('sorts a batch larger than the insertion sort takes, and leaves an empty or single batch as it is', () => {
    const times = Array.from({ length: 500 }, (_, i) => (i * 7919) % 500);
    expect(inTimeOrder(entries(times)).map((e) => e.timestampMicros)).to.deep.equal([...times].sort((a, b) => a - b));
    expect(inTimeOrder([])).to.deep.equal([]);
    expect(inTimeOrder(entries([3]))).to.deep.equal(entries([3]));
  });
});
