import { expect } from 'chai';
import { serializeToString, type SipResponse } from '@gwsim/sip';
import type { PlanNode } from '../../../../src/contexts/configuration/index.js';
import {
  SessionTransport,
  TransportLeg,
  type Arrival,
  type TransportListener,
  type WireRecord,
} from '../../../../src/contexts/simulation/calls/domain/SessionTransport.js';
import {
  farEnd,
  gatewaySide,
  StepMemo,
  UacDialog,
  UasDialog,
  type Lazy,
} from '../../../../src/contexts/simulation/calls/domain/SipDialogs.js';
import {
  trafficProfile,
  type TrafficProfileInput,
} from '../../../../src/contexts/simulation/calls/domain/TrafficProfile.js';
import {
  SyntheticTransport,
  TIMER_B_MS,
} from '../../../../src/contexts/simulation/synthetic/infrastructure/SyntheticTransport.js';
import { handPlan, planNode, routeTo } from '../../../support/simulation/handPlan.js';
import { ManualScheduler } from '../../../support/simulation/ManualScheduler.js';
import { START } from '../../../support/simulation/engineHarness.js';

interface Seen {
  arrivals: { at: number; arrival: Arrival }[];
  wire: string[];
  /** Per call (by its arrival index): what the far end of its one attempt answered, and the caller's CANCEL cause. */
  finals: Map<TransportLeg, number>;
  cancels: Map<TransportLeg, number | 'none'>;
  timeouts: { at: number; leg: TransportLeg }[];
  byes: { at: number; fromCaller: boolean }[];
}

/**
 * The other side of the port without the gateway: a probe that answers each call with 100, offers it to
 * `carrier` (or does nothing when `silent`), ACKs far-end finals, relays them, answers CANCELs and BYEs, and
 * writes down everything the transport reports.
 */
class Probe implements TransportListener {
  readonly seen: Seen = { arrivals: [], wire: [], finals: new Map(), cancels: new Map(), timeouts: [], byes: [] };
  private readonly memo = new StepMemo();
  private readonly callers = new Map<
    TransportLeg,
    { inbound: TransportLeg; gateway: UasDialog; out?: { leg: TransportLeg; dialog: UacDialog } }
  >();
  private count = 0;

  constructor(
    private readonly transport: SessionTransport,
    private readonly now: () => number,
    private readonly carrier: PlanNode,
    private readonly silent = false,
  ) {}

  wire(leg: TransportLeg, record: WireRecord): void {
    this.seen.wire.push(
      `${record.at.toFixed(3)} ${leg.index} ${record.sent ? 'sent' : 'received'} ${record.source.ip}:${record.source.port}>${record.destination.ip}:${record.destination.port}\n${serializeToString(record.message())}`,
    );
  }

  callArrived(arrival: Arrival): void {
    this.seen.arrivals.push({ at: this.now(), arrival });
    arrival.leg.name(`call-${this.count++}`);
    if (this.silent) return;
    const node = arrival.leg.node;
    const gateway = new UasDialog(
      { transport: 'UDP', local: gatewaySide(node), remote: farEnd(node), seed: 3 },
      arrival.invite,
      arrival.codec,
      this.memo,
    );
    const call: { inbound: TransportLeg; gateway: UasDialog; out?: { leg: TransportLeg; dialog: UacDialog } } = {
      inbound: arrival.leg,
      gateway,
    };
    this.transport.respond(arrival.leg, 100, () => gateway.respond(100));
    const dialog = new UacDialog(
      { transport: 'UDP', local: gatewaySide(this.carrier), remote: farEnd(this.carrier), seed: 4 },
      { fromUser: arrival.source, toUser: arrival.destination, codec: arrival.codec },
      this.memo,
    );
    const leg = this.transport.invite({
      sessionIdentifier: arrival.leg.sessionIdentifier,
      index: 1,
      node: this.carrier,
      caller: arrival.leg,
      source: arrival.source,
      destination: arrival.destination,
      codec: arrival.codec,
      invite: dialog.invite,
    });
    call.out = { leg, dialog };
    this.callers.set(arrival.leg, call);
    this.callers.set(leg, call);
  }

  mediaMeasured(): void {
    // the synthetic world alone measures nothing beyond the arrival's media
  }

  transferRequested(): void {
    throw new Error('a synthetic world asks for no transfer');
  }

  responded(leg: TransportLeg, method: string, status: number, response: Lazy<SipResponse>): void {
    const call = this.callers.get(leg)!;
    if (method !== 'INVITE' || leg === call.inbound || status < 200) return;
    this.seen.finals.set(call.inbound, status);
    this.transport.ack(leg, () => call.out!.dialog.ack(response()));
    this.transport.respond(call.inbound, status, () => call.gateway.respond(status));
  }

  cancelled(leg: TransportLeg, _cancel: unknown, q850Cause: number | undefined): void {
    this.seen.cancels.set(leg, q850Cause ?? 'none');
    const call = this.callers.get(leg)!;
    this.transport.cancel(call.out!.leg, () => call.out!.dialog.cancel());
  }

  byeReceived(leg: TransportLeg): void {
    const call = this.callers.get(leg)!;
    this.seen.byes.push({ at: this.now(), fromCaller: leg === call.inbound });
  }

  timedOut(leg: TransportLeg): void {
    this.seen.timeouts.push({ at: this.now(), leg });
  }
}

const PLAN = handPlan(
  [planNode('pbx'), planNode('branch'), planNode('carrier-a')],
  [{ id: 'd', sourceNodeIds: ['pbx', 'branch'], routes: [routeTo('out', ['carrier-a'])] }],
);

function world(profile: TrafficProfileInput, options: { silent?: boolean; start?: Date } = {}) {
  const scheduler = new ManualScheduler((options.start ?? START).getTime());
  const transport = new SyntheticTransport(scheduler);
  const probe = new Probe(transport, () => scheduler.now(), PLAN.nodes.get('carrier-a')!, options.silent);
  transport.connect(probe);
  transport.usePlan(PLAN);
  transport.start(trafficProfile(profile));
  const t0 = scheduler.now();
  return { transport, probe, seen: probe.seen, run: (seconds: number) => scheduler.runTo(t0 + seconds * 1000) };
}

describe('SyntheticTransport (the first adapter of the port), on its own', () => {
  it("arrivals are Poisson at the profile's rate: 20,000 expected within 3 %, exponential gaps (coefficient of variation near 1)", () => {
    const { seen, run } = world({ seed: 3, callsPerSecond: 20 }, { silent: true });
    run(1000);
    expect(seen.arrivals.length).to.be.within(19_400, 20_600);
    const gaps = seen.arrivals.slice(1).map((a, i) => a.at - seen.arrivals[i]!.at);
    const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((s, g) => s + (g - mean) ** 2, 0) / gaps.length);
    expect(mean).to.be.within(47, 53);
    expect(sd / mean).to.be.within(0.95, 1.05);
  });

  it('source nodes by the weight of their number plans, numbers and codecs from the profile, a recorded share', () => {
    const { seen, run } = world(
      {
        seed: 11,
        callsPerSecond: 20,
        recordedShare: 0.25,
        codecs: { PCMA: 3, opus: 1 },
        numberPlans: [
          {
            nodeId: 'branch',
            callingPrefix: '+4940',
            callingDigits: 3,
            called: [{ pattern: '0N9', weight: 1 }],
            weight: 3,
          },
        ],
      },
      { silent: true },
    );
    run(500);
    const all = seen.arrivals.map((a) => a.arrival);
    const branch = all.filter((a) => a.leg.node.id === 'branch');
    expect(branch.length / all.length).to.be.within(0.72, 0.78);
    expect(branch.every((a) => /^\+4940\d{3}$/.test(a.source) && /^0[2-9]9$/.test(a.destination))).to.equal(true);
    expect(
      all
        .filter((a) => a.leg.node.id === 'pbx')
        .every((a) => /^\+4930\d{7}$/.test(a.source) && /^0301234\d{3}$/.test(a.destination)),
    ).to.equal(true);
    expect(all.filter((a) => a.codec === 'PCMA').length / all.length).to.be.within(0.72, 0.78);
    expect(all.every((a) => a.codec === 'PCMA' || a.codec === 'opus')).to.equal(true);
    expect(all.filter((a) => a.recorded).length / all.length).to.be.within(0.22, 0.28);
  });

  it('the far ends and callers follow the outcome mix per attempt: answer, busy, failure (500/503), no answer (CANCEL, cause 19), cancel', () => {
    const { seen, run } = world({
      seed: 5,
      callsPerSecond: 10,
      outcomes: { answer: 50, busy: 20, failure: 10, noAnswer: 10, cancel: 10 },
      noAnswerTimeoutSeconds: 20,
    });
    run(1000);
    const calls = seen.arrivals.slice(0, -400).map((a) => a.arrival.leg);
    const share = (test: (leg: TransportLeg) => boolean) => calls.filter(test).length / calls.length;
    expect(calls.length).to.be.greaterThan(9000);
    expect(share((leg) => seen.finals.get(leg) === 200)).to.be.within(0.48, 0.52);
    expect(share((leg) => seen.finals.get(leg) === 486)).to.be.within(0.185, 0.215);
    expect(share((leg) => seen.finals.get(leg) === 500 || seen.finals.get(leg) === 503)).to.be.within(0.09, 0.11);
    expect(share((leg) => seen.cancels.get(leg) === 19)).to.be.within(0.09, 0.11);
    expect(share((leg) => seen.cancels.get(leg) === 'none')).to.be.within(0.09, 0.11);
    expect(share((leg) => seen.finals.get(leg) === 487)).to.be.within(0.18, 0.22);
    expect(seen.byes.length).to.be.greaterThan(0.4 * calls.length);
    expect(seen.byes.filter((b) => b.fromCaller).length / seen.byes.length).to.be.within(0.46, 0.54);
  });

  it('the same seed, profile, start and plan give the same calls and message bytes, however finely time advances; another seed others', () => {
    const a = world({ seed: 42, callsPerSecond: 5 });
    const b = world({ seed: 42, callsPerSecond: 5 });
    const c = world({ seed: 43, callsPerSecond: 5 });
    a.run(200);
    for (let t = 0.05; t <= 200; t += 0.05) b.run(t);
    b.run(200);
    c.run(200);
    expect(a.seen.wire.length).to.be.greaterThan(5000);
    expect(b.seen.wire).to.deep.equal(a.seen.wire);
    expect(c.seen.wire.slice(0, 50)).to.not.deep.equal(a.seen.wire.slice(0, 50));
  });

  it('the simulated gateway host: 100 Trying leaves 1–5 ms after the INVITE, a relayed message 0.2 ms after the one before it', () => {
    const { seen, run } = world({ seed: 8, callsPerSecond: 2 });
    run(100);
    const times = (index: number, pattern: RegExp) =>
      seen.wire.filter((w) => w.split(' ')[1] === String(index) && pattern.test(w)).map((w) => Number(w.split(' ')[0]));
    const invites = seen.wire
      .filter((w) => / 0 received /.test(w) && w.includes('\nINVITE '))
      .map((w) => Number(w.split(' ')[0]));
    const tryings = seen.wire
      .filter((w) => / 0 sent /.test(w) && w.includes('\nSIP/2.0 100 '))
      .map((w) => Number(w.split(' ')[0]));
    expect(tryings.length).to.equal(invites.length);
    tryings.forEach((t, i) => expect(t - invites[i]!).to.be.within(1, 5));
    const outInvites = times(1, /\nINVITE /);
    outInvites.forEach((t, i) => expect(t - tryings[i]!).to.be.closeTo(0.2, 0.002));
  });

  it('a caller that hears nothing gives up after Timer B (32 s); one that heard a response never times out', () => {
    const silent = world({ seed: 2, callsPerSecond: 1 }, { silent: true });
    silent.run(100);
    expect(silent.seen.timeouts.length).to.be.greaterThan(50);
    silent.seen.timeouts.forEach((timeout, i) => expect(timeout.at - silent.seen.arrivals[i]!.at).to.equal(TIMER_B_MS));
    const answered = world({ seed: 2, callsPerSecond: 1 });
    answered.run(100);
    expect(answered.seen.timeouts).to.deep.equal([]);
  });

  it("the far end of a real caller: answering answers every call and leaves its end to the caller; simulated hangs up after the profile's holding time", () => {
    // every call answered, the far end hangs up each after about a second (were it to decide)
    const profile = trafficProfile({
      seed: 9,
      callsPerSecond: 1,
      outcomes: { answer: 1, busy: 0, failure: 0, noAnswer: 0, cancel: 0 },
      ringTimeSeconds: { min: 0, max: 1 },
      holdingTime: { distribution: 'exponential', meanSeconds: 1 },
      callerHangupShare: 0,
    });
    const farEndOf = (realCallers: 'answer' | 'profile') => {
      const scheduler = new ManualScheduler(START.getTime());
      const transport = new SyntheticTransport(scheduler, () => realCallers);
      const finals: number[] = [];
      let byes = 0;
      transport.connect({
        wire: () => undefined,
        callArrived: () => undefined,
        mediaMeasured: () => undefined,
        transferRequested: () => undefined,
        cancelled: () => undefined,
        timedOut: () => undefined,
        responded: (_leg, method, status) => {
          if (method === 'INVITE' && status >= 200) finals.push(status);
        },
        byeReceived: () => {
          byes += 1;
        },
      });
      transport.usePlan(PLAN);
      transport.start(profile);
      transport.stop();
      const carrier = PLAN.nodes.get('carrier-a')!;
      for (let i = 0; i < 20; i += 1) {
        // a caller that came in on a socket: its leg is none of the synthetic world's
        const caller = new TransportLeg(0, PLAN.nodes.get('pbx')!, `real-${i}`);
        const dialog = new UacDialog(
          { transport: 'UDP', local: gatewaySide(carrier), remote: farEnd(carrier), seed: i },
          { fromUser: '100', toUser: '200', codec: 'PCMA' },
          new StepMemo(),
        );
        transport.invite({
          sessionIdentifier: `real-${i}`,
          index: 1,
          node: carrier,
          caller,
          source: '100',
          destination: '200',
          codec: 'PCMA',
          invite: dialog.invite,
        });
      }
      scheduler.runTo(START.getTime() + 600_000);
      return { finals, byes };
    };
    const answering = farEndOf('answer');
    expect(answering.finals).to.deep.equal(new Array(20).fill(200));
    expect(answering.byes, 'an answering far end never hangs up first').to.equal(0);
    const simulated = farEndOf('profile');
    expect(simulated.finals).to.deep.equal(new Array(20).fill(200));
    expect(simulated.byes, 'a simulated far end hangs up after the holding time').to.equal(20);
  });

  it('stopping ends the arrivals at once; a restart draws a new arrival stream from the instant', () => {
    const { transport, seen, run } = world({ seed: 4, callsPerSecond: 10 }, { silent: true });
    run(10);
    transport.stop();
    const before = seen.arrivals.length;
    run(100);
    expect(seen.arrivals.length).to.equal(before);
    expect(transport.running).to.equal(false);
    transport.start(trafficProfile({ seed: 4, callsPerSecond: 10 }));
    run(110);
    expect(seen.arrivals.length - before).to.be.within(60, 140);
    expect(seen.arrivals[before]!.at).to.be.greaterThan(START.getTime() + 100_000);
  });

  it('a placed call arrives at the time it was placed, from its node with its numbers and its outcome; the arrivals run on as they would', () => {
    const profile = { seed: 4, callsPerSecond: 1 };
    const alone = world(profile, { silent: true });
    alone.run(60);
    const { transport, seen, run } = world(profile);
    run(10);
    const placedAt = START.getTime() + 10_000;
    const leg = transport.place({
      node: PLAN.nodes.get('branch')!,
      calling: '+4940111',
      called: '0309',
      profile: trafficProfile({ ...profile, outcomes: { busy: 1 } }),
    });
    const placed = () => seen.arrivals.find((a) => a.arrival.leg === leg);
    expect(placed(), 'nothing arrives before the engine runs').to.equal(undefined);
    run(60);
    expect(placed()?.at).to.equal(placedAt);
    expect(placed()?.arrival).to.deep.include({ source: '+4940111', destination: '0309' });
    expect(placed()?.arrival.leg.node.id).to.equal('branch');
    expect(seen.finals.get(leg), "the far end gives the placed call's outcome").to.equal(486);
    const drawn = seen.arrivals.filter((a) => a.arrival.leg !== leg);
    expect(drawn.map((a) => [a.at, a.arrival.source, a.arrival.destination])).to.deep.equal(
      alone.seen.arrivals.map((a) => [a.at, a.arrival.source, a.arrival.destination]),
    );
  });
});
