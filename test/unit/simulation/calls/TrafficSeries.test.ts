import { expect } from 'chai';
import { TrafficSeries } from '../../../../src/contexts/simulation/calls/domain/TrafficSeries.js';

const T0 = Date.parse('2026-03-01T08:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe("TrafficSeries (the console's charts of calls per second and concurrent sessions)", () => {
  it('counts the calls started in each interval and the peak of sessions in progress', () => {
    const series = new TrafficSeries(10_000, 60_000);
    series.observe(at(0), 100, 3); // the engine had started 100 calls before: only what follows counts
    series.observe(at(4), 104, 7);
    series.observe(at(9.9), 105, 5);
    series.observe(at(10), 105, 2);
    series.observe(at(25), 111, 4);
    expect(
      series.points(at(25)).map((p) => [p.start.toISOString().slice(11, 19), p.callsStarted, p.peakConcurrent]),
    ).to.deep.equal([
      ['08:00:00', 5, 7],
      ['08:00:10', 0, 2],
      ['08:00:20', 6, 4],
    ]);
  });

  it('fills intervals without an observation with zeros and keeps only the span it was given', () => {
    const series = new TrafficSeries(10_000, 30_000);
    series.observe(at(0), 0, 1);
    series.observe(at(5), 2, 2);
    series.observe(at(45), 3, 1);
    const points = series.points(at(45));
    expect(points.map((p) => p.start.getTime() - T0)).to.deep.equal([20_000, 30_000, 40_000]);
    expect(points.map((p) => p.callsStarted)).to.deep.equal([0, 0, 1]);
    expect(
      series.points(at(45), 10_000).map((p) => p.start.getTime() - T0),
      'a shorter span',
    ).to.deep.equal([40_000]);
    expect(series.points(at(-100)), 'before the first observation').to.deep.equal([]);
  });

  it("starts again when the lab's time goes backwards", () => {
    const series = new TrafficSeries(10_000, 60_000);
    series.observe(at(100), 10, 5);
    series.observe(at(110), 20, 5);
    series.observe(at(50), 25, 1);
    expect(series.points(at(50)).map((p) => [p.start.getTime() - T0, p.callsStarted, p.peakConcurrent])).to.deep.equal([
      [50_000, 5, 1],
    ]);
  });

  it('refuses an interval it cannot keep', () => {
    expect(() => new TrafficSeries(0)).to.throw(/interval/);
    expect(() => new TrafficSeries(10_000, 5_000)).to.throw(/interval/);
  });
});
