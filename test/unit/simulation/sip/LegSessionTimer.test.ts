import { expect } from 'chai';
import { LegSessionTimer } from '../../../../src/contexts/simulation/sip/infrastructure/LegSessionTimer.js';
import { ManualTimers } from '../../../support/simulation/ManualTimers.js';

function harness() {
  const clock = new ManualTimers();
  const events: string[] = [];
  const timer = new LegSessionTimer(clock, {
    refresh: () => events.push(`refresh at ${clock.now() / 1000}s`),
    expire: () => events.push(`expire at ${clock.now() / 1000}s`),
  });
  return { clock, events, timer };
}

describe('the session timer of one leg (RFC 4028 section 10), on a manual clock', () => {
  it('refreshes at half the interval when the gateway refreshes, and again after each successful refresh', () => {
    const { clock, events, timer } = harness();
    timer.refreshed({ intervalSeconds: 90, refresher: 'gateway' });
    clock.advance(44_999);
    expect(events).to.deep.equal([]);
    clock.advance(1);
    expect(events).to.deep.equal(['refresh at 45s']);
    clock.advance(1_000); // the refresh's 2xx a second later
    timer.refreshed({ intervalSeconds: 90, refresher: 'gateway' });
    clock.advance(45_000);
    expect(events).to.deep.equal(['refresh at 45s', 'refresh at 91s']);
    expect(clock.armed, 'one timer per leg').to.equal(1);
  });

  it('lets the session expire at the whole interval when no refresh of its own succeeded', () => {
    const { clock, events, timer } = harness();
    timer.refreshed({ intervalSeconds: 90, refresher: 'gateway' });
    clock.advance(120_000);
    expect(events).to.deep.equal(['refresh at 45s', 'expire at 90s']);
    expect(timer.running).to.equal(false);
    expect(clock.armed).to.equal(0);
  });

  it('gives up a session the peer refreshes at the interval less min(32 s, interval / 3), unless it refreshed', () => {
    const { clock, events, timer } = harness();
    timer.refreshed({ intervalSeconds: 90, refresher: 'peer' });
    clock.advance(40_000);
    timer.refreshed({ intervalSeconds: 90, refresher: 'peer' }); // the peer's refresh at 40 s
    clock.advance(59_999);
    expect(events).to.deep.equal([]);
    clock.advance(1);
    expect(events).to.deep.equal(['expire at 100s']);
    const long = harness();
    long.timer.refreshed({ intervalSeconds: 1800, refresher: 'peer' });
    long.clock.advance(1_800_000);
    expect(long.events).to.deep.equal(['expire at 1768s']);
  });

  it('sends a refresh again after a 491 wait, the session still expiring when it would', () => {
    const { clock, events, timer } = harness();
    timer.refreshed({ intervalSeconds: 90, refresher: 'gateway' });
    clock.advance(45_000);
    timer.retryIn(3_000);
    clock.advance(3_000);
    expect(events).to.deep.equal(['refresh at 45s', 'refresh at 48s']);
    timer.retryIn(50_000); // a retry later than the session's end does not keep it
    clock.advance(50_000);
    expect(events).to.deep.equal(['refresh at 45s', 'refresh at 48s', 'expire at 90s']);
  });

  it('keeps no timer once stopped or when a 2xx ended the timer (no Session-Expires, section 7.2)', () => {
    const { clock, events, timer } = harness();
    timer.refreshed({ intervalSeconds: 90, refresher: 'peer' });
    timer.stop();
    expect(clock.armed).to.equal(0);
    timer.refreshed({ intervalSeconds: 90, refresher: 'gateway' });
    timer.refreshed(undefined);
    expect(clock.armed).to.equal(0);
    clock.advance(200_000);
    expect(events).to.deep.equal([]);
  });
});
