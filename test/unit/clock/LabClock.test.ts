import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { LabClock } from '../../../src/contexts/clock/lab-clocks/domain/LabClock.js';
import { parseDuration, parseInstant } from '../../../src/contexts/clock/lab-clocks/interface/http/ClockController.js';

const W = Date.parse('2026-03-01T08:00:00Z');

function field(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return (error as DomainError).details[0]?.field;
  }
  throw new Error('expected a DomainError');
}

describe("LabClock (a lab's gateway clock over the wall clock)", () => {
  it('is the wall clock in real time, and keeps an offset once advanced', () => {
    const real = LabClock.real();
    expect(real.nowMs(W)).to.equal(W);
    const ahead = real.advancedBy(W, 7200_000);
    expect(ahead.nowMs(W + 1000)).to.equal(W + 7201_000);
    expect(ahead.mode).to.equal('real');
  });

  it('runs scaled from the instant it was switched, and stands still frozen', () => {
    const scaled = LabClock.real().withMode(W, 'scaled', { scale: 60 });
    expect(scaled.nowMs(W + 10_000)).to.equal(W + 600_000);
    const frozen = scaled.withMode(W + 10_000, 'frozen');
    expect(frozen.nowMs(W + 999_999)).to.equal(W + 600_000);
    expect(frozen.rate).to.equal(0);
    const again = frozen.withMode(W + 20_000, 'scaled');
    expect(again.state.scale, 'switched back without a scale: the default').to.equal(60);
    expect(again.advancedBy(W + 20_000, 1000).nowMs(W + 20_000)).to.equal(W + 601_000);
  });

  it('goes on from a given instant, and survives a round trip through its stored form', () => {
    const set = LabClock.real().withMode(W, 'real', { nowMs: Date.parse('2030-01-01T00:00:00Z') });
    expect(set.nowMs(W + 5000)).to.equal(Date.parse('2030-01-01T00:00:05Z'));
    expect(LabClock.restore(JSON.parse(JSON.stringify(set.state)) as typeof set.state).nowMs(W + 5000)).to.equal(
      set.nowMs(W + 5000),
    );
    expect(() => LabClock.restore({ mode: 'sideways' as never, scale: 1, labAnchorMs: 0, wallAnchorMs: 0 })).to.throw(
      /mode/,
    );
    expect(() => LabClock.restore({ mode: 'scaled', scale: -1, labAnchorMs: 0, wallAnchorMs: 0 })).to.throw();
    expect(() => LabClock.restore({ mode: 'real', scale: 1, labAnchorMs: Number.NaN, wallAnchorMs: 0 })).to.throw(
      /labAnchorMs/,
    );
  });

  it('refuses what it cannot do, naming the field', () => {
    expect(field(() => LabClock.real().withMode(W, 'scaled', { scale: 0 }))).to.equal('scale');
    expect(field(() => LabClock.real().withMode(W, 'real', { scale: 2 }))).to.equal('scale');
    expect(field(() => LabClock.real().withMode(W, 'real', { nowMs: -1 }))).to.equal('now');
    expect(field(() => LabClock.real().advancedBy(W, 0))).to.equal('by');
    expect(field(() => LabClock.real().advancedBy(W, -5))).to.equal('by');
  });
});

describe("the clock endpoints' wire formats", () => {
  it('read ISO-8601 durations of weeks to seconds, refusing years, months, negatives and nonsense', () => {
    expect(parseDuration('by', 'PT2H')).to.equal(7200_000);
    expect(parseDuration('by', 'P1W2DT3M4.5S')).to.equal((9 * 24 * 60 + 3) * 60_000 + 4500);
    for (const bad of ['P1Y', 'P1M', '-PT1H', 'PT0S', '2h', ''])
      expect(
        field(() => parseDuration('by', bad)),
        bad,
      ).to.equal('by');
  });

  it('read ISO-8601 instants, UTC when no zone is given, refusing impossible dates', () => {
    expect(parseInstant('now', '2027-01-01T09:00:00Z').toISOString()).to.equal('2027-01-01T09:00:00.000Z');
    expect(parseInstant('now', '2027-01-01T09:00').toISOString()).to.equal('2027-01-01T09:00:00.000Z');
    expect(parseInstant('now', '2027-01-01T10:00:00+01:00').toISOString()).to.equal('2027-01-01T09:00:00.000Z');
    for (const bad of [
      'tomorrow',
      '2027-01-01',
      '2027-13-01T00:00:00Z',
      '2027-02-29T00:00:00Z',
      '2027-01-01T24:00:00Z',
    ])
      expect(
        field(() => parseInstant('now', bad)),
        bad,
      ).to.equal('now');
  });
});
