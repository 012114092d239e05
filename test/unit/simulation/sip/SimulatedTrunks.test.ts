import { expect } from 'chai';
import type { FarEndOutage } from '../../../../src/contexts/simulation/sip/domain/PeriodicRequests.js';
import {
  SimulatedTrunks,
  type SimulatedTrunkState,
  type SupervisedTrunk,
} from '../../../../src/contexts/simulation/sip/domain/SimulatedTrunks.js';

const T0 = Date.parse('2026-03-01T08:00:00Z');
const S = 1000;

function carrier(overrides: Partial<SupervisedTrunk> = {}): SupervisedTrunk {
  return {
    nodeId: 'carrier-a',
    nodeName: 'Carrier A',
    target: 'UDP sip.carrier.example:5060',
    keepAliveSeconds: 60,
    registration: {
      registrarUri: 'sip:carrier.example',
      addressOfRecord: 'sip:+4930@carrier.example',
      expiresSeconds: 600,
    },
    ...overrides,
  };
}

/** A lab's trunks and the faults on their nodes, driven as SimulatedTrunkLabs drives them. */
class Lab {
  readonly trunks = new SimulatedTrunks();
  private readonly outages = new Map<string, FarEndOutage>();

  constructor(specs: SupervisedTrunk[] = [carrier()], at = T0) {
    this.trunks.follow(specs, at, this.outageOf);
  }

  readonly outageOf = (nodeId: string): FarEndOutage => this.outages.get(nodeId) ?? 'none';

  fault(at: number, outage: FarEndOutage, nodeId = 'carrier-a'): void {
    this.outages.set(nodeId, outage);
    this.trunks.faults(at, this.outageOf);
  }

  at(at: number, nodeId = 'carrier-a'): SimulatedTrunkState {
    return this.trunks.states(at).find((trunk) => trunk.nodeId === nodeId)!;
  }
}

describe('the trunks of simulated far ends, on the lab clock and its faults (SimulatedTrunks)', () => {
  it('keeps a trunk whose far end answers up: an OPTIONS at once and one per interval, each answered 200', () => {
    const lab = new Lab();
    expect(lab.at(T0)).to.deep.include({ nodeId: 'carrier-a', target: 'UDP sip.carrier.example:5060', state: 'up' });
    expect(lab.at(T0).keepAlive).to.deep.equal({
      intervalSeconds: 60,
      state: 'up',
      sent: 1,
      answered: 1,
      failed: 0,
      lastStatus: 200,
      lastAt: T0,
    });
    const later = lab.at(T0 + 3600 * S - 1).keepAlive!;
    expect(later).to.deep.include({ sent: 60, answered: 60, failed: 0, lastAt: T0 + 59 * 60 * S });
    expect(lab.at(T0 + 3600 * S).keepAlive).to.deep.include({ sent: 61, lastAt: T0 + 3600 * S });
  });

  it('registers at once for the expiry asked, and refreshes when half of it is gone', () => {
    const lab = new Lab();
    expect(lab.at(T0).registration).to.deep.equal({
      registrarUri: 'sip:carrier.example',
      addressOfRecord: 'sip:+4930@carrier.example',
      state: 'registered',
      sent: 1,
      failed: 0,
      lastStatus: 200,
      expiresAt: T0 + 600 * S,
    });
    expect(lab.at(T0 + 299 * S).registration).to.deep.include({ sent: 1, expiresAt: T0 + 600 * S });
    expect(lab.at(T0 + 300 * S).registration).to.deep.include({ sent: 2, expiresAt: T0 + 900 * S });
    expect(lab.at(T0 + 3600 * S).registration).to.deep.include({ sent: 13, failed: 0, state: 'registered' });
  });

  it('under trunkDown the next OPTIONS is answered 503: down within an interval, and up at the first one after the fault', () => {
    const lab = new Lab();
    lab.fault(T0 + 10 * S, 'refusing');
    expect(lab.at(T0 + 59 * S).state, 'until the next OPTIONS nothing is known').to.equal('up');
    expect(lab.at(T0 + 60 * S).keepAlive).to.deep.equal({
      intervalSeconds: 60,
      state: 'down',
      sent: 2,
      answered: 1,
      failed: 1,
      lastStatus: 503,
      lastAt: T0 + 60 * S,
    });
    expect(lab.at(T0 + 300 * S).keepAlive).to.deep.include({ state: 'down', sent: 6, answered: 1, failed: 5 });
    lab.fault(T0 + 330 * S, 'none');
    expect(lab.at(T0 + 359 * S).state, 'still down until an OPTIONS is answered').to.equal('down');
    expect(lab.at(T0 + 360 * S).keepAlive).to.deep.include({
      state: 'up',
      sent: 7,
      answered: 2,
      failed: 5,
      lastStatus: 200,
    });
  });

  it('under nodeDown an OPTIONS goes unanswered: down when Timer F (32 s) ends it, and none other leaves meanwhile', () => {
    const lab = new Lab([carrier({ keepAliveSeconds: 10, registration: undefined })]);
    lab.fault(T0 + 5 * S, 'silent');
    expect(lab.at(T0 + 41 * S).keepAlive).to.deep.include({ state: 'up', sent: 2, failed: 0 });
    expect(lab.at(T0 + 42 * S).keepAlive).to.deep.equal({
      intervalSeconds: 10,
      state: 'down',
      sent: 2,
      answered: 1,
      failed: 1,
      lastStatus: undefined,
      lastAt: T0 + 42 * S,
    });
    // the ticks at 20 and 30 s were skipped (one pending); the next left at 50 s, the first tick past 42 s
    expect(lab.at(T0 + 50 * S).keepAlive).to.deep.include({ sent: 3, failed: 1 });
    expect(lab.at(T0 + 90 * S).keepAlive).to.deep.include({ sent: 4, failed: 2 });
    // the node back at 95 s: the OPTIONS of 90 s was lost all the same; the next one (130 s) is answered
    lab.fault(T0 + 95 * S, 'none');
    expect(lab.at(T0 + 122 * S).keepAlive).to.deep.include({ state: 'down', sent: 4, failed: 3 });
    expect(lab.at(T0 + 130 * S).keepAlive).to.deep.include({ state: 'up', sent: 5, answered: 2, failed: 3 });
  });

  it('loses the registration at its next REGISTER under a fault, tries again every minute, and registers again after it', () => {
    const lab = new Lab();
    lab.fault(T0 + 100 * S, 'refusing');
    expect(lab.at(T0 + 299 * S).registration!.state, 'the binding stands until the refresh').to.equal('registered');
    expect(lab.at(T0 + 300 * S).registration).to.deep.equal({
      registrarUri: 'sip:carrier.example',
      addressOfRecord: 'sip:+4930@carrier.example',
      state: 'failed',
      sent: 2,
      failed: 1,
      lastStatus: 503,
      expiresAt: undefined,
    });
    expect(lab.at(T0 + 420 * S).registration).to.deep.include({ state: 'failed', sent: 4, failed: 3 });
    lab.fault(T0 + 450 * S, 'none');
    expect(lab.at(T0 + 480 * S).registration).to.deep.include({
      state: 'registered',
      sent: 5,
      failed: 3,
      lastStatus: 200,
      expiresAt: T0 + 1080 * S,
    });
  });

  it('under nodeDown a REGISTER ends unanswered after Timer F, and the next leaves a minute after that', () => {
    const lab = new Lab([carrier({ keepAliveSeconds: 0 })]);
    lab.fault(T0 + 1 * S, 'silent');
    expect(lab.at(T0 + 331 * S).registration).to.deep.include({ state: 'registered', sent: 2, failed: 0 });
    expect(lab.at(T0 + 332 * S).registration).to.deep.include({ state: 'failed', sent: 2, failed: 1 });
    expect(lab.at(T0 + 332 * S).registration!.lastStatus).to.equal(undefined);
    expect(lab.at(T0 + 392 * S).registration).to.deep.include({ sent: 3, failed: 1 });
    expect(lab.at(T0 + 424 * S).registration).to.deep.include({ sent: 3, failed: 2 });
  });

  it('a trunk with a registration and no keep-alive is unwatched, as a real one', () => {
    const lab = new Lab([carrier({ keepAliveSeconds: 0 })]);
    const trunk = lab.at(T0 + 60 * S);
    expect(trunk.state).to.equal('unwatched');
    expect(trunk.keepAlive).to.equal(undefined);
    expect(trunk.registration!.state).to.equal('registered');
  });

  it('starts a trunk the plan names anew, keeps one unchanged (a new name too), starts a changed one again and drops one gone', () => {
    const lab = new Lab([carrier(), carrier({ nodeId: 'carrier-b', nodeName: 'Carrier B', registration: undefined })]);
    lab.trunks.follow(
      [carrier({ nodeName: 'Carrier A1' }), carrier({ nodeId: 'pbx', nodeName: 'PBX' })],
      T0 + 90 * S,
      lab.outageOf,
    );
    const states = lab.trunks.states(T0 + 90 * S);
    expect(states.map((t) => [t.nodeName, t.keepAlive!.sent])).to.deep.equal([
      ['Carrier A1', 2],
      ['PBX', 1],
    ]);
    lab.trunks.follow([carrier({ nodeName: 'Carrier A1', keepAliveSeconds: 30 })], T0 + 100 * S, lab.outageOf);
    expect(
      lab.trunks.states(T0 + 100 * S).map((t) => [t.nodeName, t.keepAlive!.sent, t.keepAlive!.lastAt]),
    ).to.deep.equal([['Carrier A1', 1, T0 + 100 * S]]);
  });

  it('a trunk started while a fault holds meets it from its first request', () => {
    const lab = new Lab([]);
    lab.fault(T0, 'refusing');
    lab.trunks.follow([carrier()], T0 + 5 * S, lab.outageOf);
    expect(lab.at(T0 + 5 * S).keepAlive).to.deep.include({ state: 'down', sent: 1, failed: 1, lastStatus: 503 });
    expect(lab.at(T0 + 5 * S).registration).to.deep.include({ state: 'failed', failed: 1 });
  });

  it('moves its times back with the lab clock set back, and counts on from there', () => {
    const lab = new Lab();
    lab.at(T0 + 150 * S);
    lab.trunks.clockJumped(-3600 * S, T0 + 150 * S - 3600 * S);
    const back = lab.at(T0 + 150 * S - 3600 * S);
    expect(back.keepAlive).to.deep.include({ sent: 3, lastAt: T0 + 120 * S - 3600 * S });
    expect(back.registration!.expiresAt).to.equal(T0 + 600 * S - 3600 * S);
    expect(lab.at(T0 + 180 * S - 3600 * S).keepAlive).to.deep.include({ sent: 4 });
  });

  it('gives the same figures however finely time is read, and the same as a request-by-request model of the far end', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 40; round += 1) {
      const interval = [1, 5, 10, 30, 32, 60][Math.floor(random() * 6)]!;
      const spec = carrier({ keepAliveSeconds: interval, registration: undefined });
      const changes: Array<[number, FarEndOutage]> = [];
      let at = T0;
      for (let step = 0; step < 8; step += 1) {
        at += Math.floor(random() * 400 * S);
        changes.push([at, (['none', 'refusing', 'silent'] as const)[Math.floor(random() * 3)]!]);
      }
      const end = at + 200 * S;
      const coarse = new Lab([spec]);
      const fine = new Lab([spec]);
      let cursor = T0;
      const readUpTo = (until: number) => {
        for (let t = cursor; t <= until; t += 1 + Math.floor(random() * 20 * S)) fine.at(t);
        cursor = until;
      };
      for (const [when, outage] of changes) {
        readUpTo(when);
        coarse.fault(when, outage);
        fine.fault(when, outage);
      }
      readUpTo(end);
      expect(fine.at(end).keepAlive, `round ${round}`).to.deep.equal(coarse.at(end).keepAlive);
      expect(coarse.at(end).keepAlive, `round ${round}`).to.deep.equal(keepAliveModel(interval * S, changes, end));
    }
  });
});

/** OPTIONS tick by tick: the far end as the last change before each instant left it; one pending at a time. */
function keepAliveModel(interval: number, changes: Array<[number, FarEndOutage]>, end: number) {
  const outageAt = (t: number) => changes.filter(([when]) => when < t).at(-1)?.[1] ?? 'none';
  let sent = 0;
  let answered = 0;
  let failed = 0;
  let state: 'unknown' | 'up' | 'down' = 'unknown';
  let lastStatus: number | undefined;
  let lastAt: number | undefined;
  let pending: number | undefined;
  const lost = (at: number) => {
    failed += 1;
    state = 'down';
    lastStatus = undefined;
    lastAt = at;
    pending = undefined;
  };
  for (let tick = T0; tick <= end; tick += interval) {
    if (pending !== undefined && pending <= tick) lost(pending);
    if (pending !== undefined) continue;
    sent += 1;
    const outage = outageAt(tick);
    if (outage === 'silent') pending = tick + 32 * S;
    else {
      if (outage === 'none') answered += 1;
      else failed += 1;
      state = outage === 'none' ? 'up' : 'down';
      lastStatus = outage === 'none' ? 200 : 503;
      lastAt = tick;
    }
  }
  if (pending !== undefined && pending <= end) lost(pending);
  return { intervalSeconds: interval / S, state, sent, answered, failed, lastStatus, lastAt };
}
