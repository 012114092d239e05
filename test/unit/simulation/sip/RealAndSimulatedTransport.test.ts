import { expect } from 'chai';
import { buildResponse, parseSip, type SipRequest } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../../src/contexts/configuration/index.js';
import type { LabId } from '../../../../src/shared/domain/LabId.js';
import {
  SessionTransport,
  TransportLeg,
  type Offer,
  type TransportListener,
} from '../../../../src/contexts/simulation/calls/domain/SessionTransport.js';
import {
  DEFAULT_TRAFFIC_PROFILE,
  type TrafficProfile,
} from '../../../../src/contexts/simulation/calls/domain/TrafficProfile.js';
import type { LabSip } from '../../../../src/contexts/simulation/sip/infrastructure/LabSip.js';
import type { MediaPortPool } from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import { RealAndSimulatedTransport } from '../../../../src/contexts/simulation/sip/infrastructure/RealAndSimulatedTransport.js';
import { SocketTransport } from '../../../../src/contexts/simulation/sip/infrastructure/SocketTransport.js';
import { handPlan, planNode } from '../../../support/simulation/handPlan.js';
import { ManualScheduler } from '../../../support/simulation/ManualScheduler.js';

/** One side of the lab's transport: it writes down every command it gets, and carries the legs it made. */
class Side extends SessionTransport {
  readonly calls: string[] = [];
  readonly made = new Set<TransportLeg>();
  listener: TransportListener | undefined;
  profileNow: TrafficProfile | undefined;

  constructor(
    private readonly name: string,
    private readonly reachable: ReadonlySet<string> = new Set(),
  ) {
    super();
  }

  connect(listener: TransportListener): void {
    this.listener = listener;
    this.calls.push(`${this.name} connect`);
  }
  usePlan(): void {
    this.calls.push(`${this.name} usePlan`);
  }
  start(profile: TrafficProfile): void {
    this.profileNow = profile;
    this.calls.push(`${this.name} start`);
  }
  stop(): void {
    this.calls.push(`${this.name} stop`);
  }
  get running(): boolean {
    return this.profileNow !== undefined;
  }
  get profile(): TrafficProfile | undefined {
    return this.profileNow;
  }
  override dispose(): void {
    this.calls.push(`${this.name} dispose`);
  }
  invite(offer: Offer): TransportLeg {
    this.calls.push(`${this.name} invite ${offer.node.id}`);
    const leg = new TransportLeg(offer.index, offer.node, offer.sessionIdentifier);
    this.made.add(leg);
    return leg;
  }
  respond(leg: TransportLeg, status: number): void {
    this.calls.push(`${this.name} respond ${leg.index} ${status}`);
  }
  ack(leg: TransportLeg): void {
    this.calls.push(`${this.name} ack ${leg.index}`);
  }
  cancel(leg: TransportLeg): void {
    this.calls.push(`${this.name} cancel ${leg.index}`);
  }
  bye(leg: TransportLeg): void {
    this.calls.push(`${this.name} bye ${leg.index}`);
  }
  confirm(leg: TransportLeg, method: string): void {
    this.calls.push(`${this.name} confirm ${leg.index} ${method}`);
  }
  carries(leg: TransportLeg): boolean {
    return this.made.has(leg);
  }
  reaches(node: PlanNode): boolean {
    return this.reachable.has(node.id);
  }
}

const INVITE = parseSip(
  'INVITE sip:100@192.0.2.1 SIP/2.0\r\nVia: SIP/2.0/UDP 192.0.2.2;branch=z9hG4bKx\r\nFrom: <sip:1@192.0.2.2>;tag=a\r\n' +
    'To: <sip:100@192.0.2.1>\r\nCall-ID: c1\r\nCSeq: 1 INVITE\r\nContent-Length: 0\r\n\r\n',
) as SipRequest;

function offer(node: PlanNode, index: number, caller: TransportLeg): Offer {
  return {
    sessionIdentifier: 's1',
    index,
    node,
    caller,
    source: '1',
    destination: '100',
    codec: 'PCMA',
    invite: () => INVITE,
  };
}

const NOBODY: TransportListener = {
  wire: () => undefined,
  callArrived: () => undefined,
  responded: () => undefined,
  cancelled: () => undefined,
  byeReceived: () => undefined,
  timedOut: () => undefined,
  mediaMeasured: () => undefined,
  transferRequested: () => undefined,
};

describe('RealAndSimulatedTransport', () => {
  const trunk = planNode('trunk');
  const pbx = planNode('pbx');

  it("connects both sides to the gateway; the plan, start, stop and the profile are the simulated side's", () => {
    const real = new Side('real');
    const simulated = new Side('simulated');
    const transport = new RealAndSimulatedTransport(real, simulated);
    transport.connect(NOBODY);
    transport.usePlan(handPlan([trunk], []) as GatewayPlan);
    expect(transport.running).to.equal(false);
    transport.start(DEFAULT_TRAFFIC_PROFILE);
    transport.stop();
    expect(real.listener).to.equal(NOBODY);
    expect(simulated.listener).to.equal(NOBODY);
    expect(transport.running).to.equal(true);
    expect(transport.profile).to.equal(DEFAULT_TRAFFIC_PROFILE);
    expect(real.calls).to.deep.equal(['real connect']);
    expect(simulated.calls).to.deep.equal([
      'simulated connect',
      'simulated usePlan',
      'simulated start',
      'simulated stop',
    ]);
  });

  it("sends an attempt to the real side where it reaches the node's far end, and each leg back to the side that made it", () => {
    const real = new Side('real', new Set(['pbx']));
    const simulated = new Side('simulated');
    const transport = new RealAndSimulatedTransport(real, simulated);
    const caller = new TransportLeg(0, trunk);
    const toPbx = transport.invite(offer(pbx, 1, caller));
    const toTrunk = transport.invite(offer(trunk, 2, caller));
    const ok = (): ReturnType<typeof buildResponse> => buildResponse(INVITE, 200);
    for (const leg of [toPbx, toTrunk, caller]) {
      transport.respond(leg, 180, ok);
      transport.ack(leg, () => INVITE);
      transport.cancel(leg, () => INVITE);
      transport.bye(leg, () => INVITE);
      transport.confirm(leg, 'BYE', ok);
    }
    transport.dispose();
    expect(real.calls).to.deep.equal([
      'real invite pbx',
      'real respond 1 180',
      'real ack 1',
      'real cancel 1',
      'real bye 1',
      'real confirm 1 BYE',
      'real dispose',
    ]);
    expect(simulated.calls).to.deep.equal([
      'simulated invite trunk',
      'simulated respond 2 180',
      'simulated ack 2',
      'simulated cancel 2',
      'simulated bye 2',
      'simulated confirm 2 BYE',
      'simulated respond 0 180',
      'simulated ack 0',
      'simulated cancel 0',
      'simulated bye 0',
      'simulated confirm 0 BYE',
      'simulated dispose',
    ]);
  });

  it('a socket transport reaches no far end while real SIP is off, and carries no leg it did not make', () => {
    const sip: LabSip = {
      lab: 'default' as LabId,
      enabled: () => false,
      plan: async () => handPlan([pbx], []),
      listener: () => undefined,
      farEndIsReal: () => true,
      pool: () => undefined as unknown as MediaPortPool,
      now: () => 0,
      register: () => undefined,
      registered: () => undefined,
      setupTimeoutMs: () => 181_000,
      admitsMedia: () => true,
      mediaRefused: () => undefined,
      mediaPacketsRefused: () => undefined,
      openRelay: () => Promise.reject(new Error('no media in this test')),
      trunkDown: () => false,
      optionsAnswered: () => undefined,
      warn: () => undefined,
    };
    let detached = false;
    const socket = new SocketTransport(new ManualScheduler(0), sip, () => {
      detached = true;
    });
    const foreign = new TransportLeg(0, trunk);
    expect(socket.reaches(pbx)).to.equal(false);
    expect(socket.carries(foreign)).to.equal(false);
    expect(socket.running).to.equal(false);
    expect(() => socket.invite(offer(pbx, 1, foreign))).to.throw();
    expect(() => socket.respond(foreign, 200, () => buildResponse(INVITE, 200))).to.throw(
      'the leg was not made by this transport',
    );
    socket.dispose();
    expect(detached).to.equal(true);
  });
});
