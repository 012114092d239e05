import { expect } from 'chai';
import { mulberry32 } from '../src/index.js';

describe('mulberry32', () => {
  it('draws the reference sequence of its seed, in [0, 1)', () => {
    const next = mulberry32(1);
    const drawn = [next(), next(), next()].map((x) => Math.round(x * 4294967296));
    // mulberry32 for seed 1 (as 32-bit integers): its first draw is the often-quoted 0.6270739405881613
    expect(drawn).to.deep.equal([2693262067, 11749833, 2265367787]);
  });

  it('gives the same numbers for the same seed and others for another', () => {
    const a = mulberry32(0x5eed);
    const b = mulberry32(0x5eed);
    const c = mulberry32(0x5eee);
    const first = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).to.deep.equal(first);
    expect(Array.from({ length: 100 }, () => c())).to.not.deep.equal(first);
    for (const x of first) expect(x).to.be.at.least(0).and.below(1);
  });

  it('takes any number as a seed by its low 32 bits', () => {
    expect(mulberry32(2 ** 32 + 7)()).to.equal(mulberry32(7)());
    expect(mulberry32(-1)()).to.equal(mulberry32(0xffffffff)());
  });
});
