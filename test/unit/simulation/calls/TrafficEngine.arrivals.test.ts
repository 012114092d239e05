import { expect } from 'chai';
import { only, run } from '../../../support/simulation/engineHarness.js';

describe('TrafficEngine: arrivals', () => {
  it('the same seed, profile, start and configuration give the same calls (ids, times, numbers, messages)', () => {
    const a = run({ seed: 42, callsPerSecond: 5 });
    const b = run({ seed: 42, callsPerSecond: 5 });
    a.advance(300);
    b.advance(300);
    expect(a.sinks.calls.length).to.be.greaterThan(100);
    expect(b.sinks.calls).to.deep.equal(a.sinks.calls);
    expect(b.sinks.messages).to.deep.equal(a.sinks.messages);
    expect([...b.engine.calls()].map((c) => c.sessionIdentifier)).to.deep.equal(
      [...a.engine.calls()].map((c) => c.sessionIdentifier),
    );
  });

  it('another seed gives other calls', () => {
    const a = run({ seed: 1, callsPerSecond: 5 });
    const b = run({ seed: 2, callsPerSecond: 5 });
    a.advance(60);
    b.advance(60);
    expect(b.sinks.calls.map((c) => c.sessionIdentifier)).to.not.deep.equal(
      a.sinks.calls.map((c) => c.sessionIdentifier),
    );
  });

  it('advancing in many small steps gives the same calls as one big step', () => {
    const a = run({ seed: 9, callsPerSecond: 3 });
    const b = run({ seed: 9, callsPerSecond: 3 });
    a.advance(200);
    for (let i = 0; i < 4000; i += 1) b.advance(0.05);
    expect(b.sinks.calls).to.deep.equal(a.sinks.calls);
  });

  it('an advance told to stop between events stops at the last event it ran and answers false; going on gives the same calls as one advance', () => {
    const a = run({ seed: 9, callsPerSecond: 3 });
    const b = run({ seed: 9, callsPerSecond: 3 });
    a.advance(200);
    const until = new Date(b.engine.time.getTime() + 200_000);
    let asked = 0;
    let stops = 0;
    let previous = b.engine.time.getTime();
    // asked every few events: "enough" on every second question
    while (!b.engine.advanceTo(until, () => (asked += 1) % 2 === 0)) {
      stops += 1;
      const time = b.engine.time.getTime();
      expect(time, 'stopped at an event before the target').to.be.within(previous, until.getTime() - 1);
      previous = time;
    }
    expect(stops).to.be.greaterThan(50);
    expect(b.engine.time.getTime()).to.equal(until.getTime());
    expect(b.sinks.calls).to.deep.equal(a.sinks.calls);
    expect(b.sinks.messages).to.deep.equal(a.sinks.messages);
  });

  it('arrivals are Poisson at the profile rate: the count within 3 % over 20,000 expected calls, gaps with a coefficient of variation near 1', () => {
    const r = run({ seed: 7, callsPerSecond: 20, holdingTime: { distribution: 'exponential', meanSeconds: 1 } });
    r.sinks.keepMessages = false;
    r.advance(1000);
    expect(r.engine.counters.started).to.be.within(19_400, 20_600);
    const starts = r.sinks.calls.map((c) => c.startDateTime.getTime()).sort((x, y) => x - y);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((s, g) => s + (g - mean) ** 2, 0) / gaps.length);
    expect(mean).to.be.within(47, 53);
    expect(sd / mean).to.be.within(0.95, 1.05);
  });

  it('stopped arrivals make no new calls; running calls still end', () => {
    const r = run({
      callsPerSecond: 2,
      outcomes: only('answer'),
      holdingTime: { distribution: 'exponential', meanSeconds: 30 },
    });
    r.advance(60);
    const started = r.engine.counters.started;
    expect(r.engine.activeCount).to.be.greaterThan(0);
    r.engine.stopArrivals();
    r.advance(3600);
    expect(r.engine.counters.started).to.equal(started);
    expect(r.engine.activeCount).to.equal(0);
    expect(r.engine.counters.ended).to.equal(started);
  });

  it('holding times follow the distribution: the mean of exponential and lognormal holding times within 5 %', () => {
    for (const holdingTime of [
      { distribution: 'exponential' as const, meanSeconds: 20 },
      { distribution: 'lognormal' as const, meanSeconds: 20, sdSeconds: 10 },
    ]) {
      const r = run({ callsPerSecond: 10, outcomes: only('answer'), holdingTime });
      r.sinks.keepMessages = false;
      r.advance(600);
      r.engine.stopArrivals();
      r.advance(3600);
      const held = r.sinks.calls.map((c) => (c.endDateTime.getTime() - c.connectDateTime!.getTime()) / 1000);
      expect(held.reduce((s, x) => s + x, 0) / held.length, holdingTime.distribution).to.be.within(19, 21);
    }
  });
});
