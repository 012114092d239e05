import { expect } from 'chai';
import type { PlanNode } from '../../../../src/contexts/configuration/index.js';
import { OUTCOME_ENDINGS } from '../../../../src/contexts/simulation/calls/domain/CallEndings.js';
import { historyEntry } from '../../../../src/contexts/simulation/calls/domain/CallHistory.js';
import { meanOpinionScore, rtpCounts } from '../../../../src/contexts/simulation/calls/domain/MediaQuality.js';
import { sessionSnapshot } from '../../../../src/contexts/simulation/calls/domain/SessionLegs.js';
import {
  TransportLeg,
  type LegDtmf,
  type LegRemoteAddress,
  type MeasuredMedia,
} from '../../../../src/contexts/simulation/calls/domain/SessionTransport.js';
import { SimulatedCall, type CurrentAttempt } from '../../../../src/contexts/simulation/calls/domain/SimulatedCall.js';
import { planNode } from '../../../support/simulation/handPlan.js';

const START = Date.UTC(2025, 5, 1, 12, 0, 0);

/** A leg as a socket transport shows one: what it measured, the digits its peer sent, its peer's address. */
class RelayedLeg extends TransportLeg {
  constructor(
    index: number,
    node: PlanNode,
    private readonly measured: MeasuredMedia | undefined,
    private readonly digits: readonly LegDtmf[] = [],
    private readonly remote: LegRemoteAddress | undefined = undefined,
  ) {
    super(index, node);
  }
  override measuredMedia(): MeasuredMedia | undefined {
    return this.measured;
  }
  override dtmf(): readonly LegDtmf[] {
    return this.digits;
  }
  override remoteAddress(): LegRemoteAddress | undefined {
    return this.remote;
  }
}

const media = (fields: Partial<MeasuredMedia>): MeasuredMedia => ({
  packetsReceived: 0,
  packetsSent: 0,
  packetsLost: 0,
  lossOccurrences: 0,
  sendPacketsLost: 0,
  jitterMs: 0,
  ...fields,
});

/** A call answered 1 s after it started and ended `seconds` later, on the given legs. */
function connectedCall(inbound: TransportLeg, outbound: TransportLeg, seconds: number): SimulatedCall {
  const call = new SimulatedCall(
    0,
    'session-1',
    1,
    'MAIN',
    START,
    inbound.node,
    { source: '+4930111', destination: '0302222' },
    { source: '+4930111', destination: '0302222' },
    'PCMA',
    false,
    0.5,
    8,
    undefined,
    inbound,
    undefined as never,
  );
  call.attempt = {
    index: 1,
    leg: outbound,
    node: outbound.node,
    numbers: { source: '+4930111', destination: '+49302222' },
    startAt: START + 10,
  } as unknown as CurrentAttempt;
  call.connectAt = START + 1000;
  call.endAt = call.connectAt + seconds * 1000;
  call.state = 'terminated';
  return call;
}

const [pbx, carrier] = [planNode('pbx'), planNode('carrier')];

describe('the figures of a call: measured from the relayed RTP, modelled otherwise', () => {
  it("takes each relayed leg's measured packets, loss and jitter, and rates the call by its worse direction", () => {
    const inbound = new RelayedLeg(0, pbx, media({ packetsReceived: 246, packetsSent: 120, jitterMs: 1.23456 }));
    // the far end sent 240 packets of which every other one never came: 120 received, 120 lost
    const outbound = new RelayedLeg(1, carrier, media({ packetsReceived: 120, packetsSent: 246, packetsLost: 120 }));
    const entry = historyEntry(connectedCall(inbound, outbound, 9), OUTCOME_ENDINGS.answered, 'inbound', undefined);
    expect(entry.inbound).to.deep.equal({
      codec: 'PCMA',
      packetsSent: 120,
      packetsReceived: 246,
      packetsLost: 0,
      lossOccurrences: 0,
      jitterMs: 1.235,
      figures: 'measured',
    });
    expect(entry.outbound).to.deep.include({ packetsReceived: 120, packetsLost: 120, figures: 'measured' });
    // 50 % loss on G.711: R ≈ 28.75, MOS 1.56; the computed figures would have said 450 packets and MOS 4.3
    expect(entry.mos).to.equal(1.56);
  });

  it('keeps the modelled counters and MOS of a synthetic call, and says so', () => {
    const call = connectedCall(new TransportLeg(0, pbx), new TransportLeg(1, carrier), 60);
    const entry = historyEntry(call, OUTCOME_ENDINGS.answered, 'inbound', undefined);
    const counts = rtpCounts(60_000, 0.5);
    expect(entry.inbound).to.deep.equal({
      codec: 'PCMA',
      packetsSent: counts.packets,
      packetsReceived: counts.packets - counts.lost,
      packetsLost: counts.lost,
      lossOccurrences: counts.occurrences,
      jitterMs: 8,
      figures: 'modelled',
    });
    expect(entry.outbound).to.deep.equal(entry.inbound);
    expect(entry.mos).to.equal(meanOpinionScore('PCMA', 0.5, 8));
    expect(entry.dtmf).to.deep.equal([]);
  });

  it('rates a call from its modelled leg when its relayed leg received nothing', () => {
    const inbound = new RelayedLeg(0, pbx, media({ packetsSent: 0 }));
    const entry = historyEntry(
      connectedCall(inbound, new TransportLeg(1, carrier), 5),
      OUTCOME_ENDINGS.answered,
      'inbound',
      undefined,
    );
    expect(entry.inbound?.figures).to.equal('measured');
    expect(entry.outbound?.figures).to.equal('modelled');
    expect(entry.mos).to.equal(meanOpinionScore('PCMA', 0.5, 8));
  });

  it('puts the digits of both legs in the entry, in time order, with the leg each came from and how', () => {
    const inbound = new RelayedLeg(0, pbx, media({}), [
      { at: START + 3000, digit: '1', method: 'rfc4733' },
      { at: START + 5000, digit: '#', method: 'info' },
    ]);
    const outbound = new RelayedLeg(1, carrier, media({}), [{ at: START + 4000, digit: '9', method: 'rfc4733' }]);
    const entry = historyEntry(connectedCall(inbound, outbound, 9), OUTCOME_ENDINGS.answered, 'inbound', undefined);
    expect(entry.dtmf).to.deep.equal([
      { at: new Date(START + 3000), digit: '1', source: 'inbound', method: 'rfc4733' },
      { at: new Date(START + 4000), digit: '9', source: 'outbound', method: 'rfc4733' },
      { at: new Date(START + 5000), digit: '#', source: 'inbound', method: 'info' },
    ]);
  });

  it("shows a real peer's own address in activeSessions, the simulated far end's otherwise", () => {
    const inbound = new RelayedLeg(0, pbx, media({}), [], { host: '127.0.0.1', port: 40123, transport: 'TCP' });
    const outbound = new RelayedLeg(1, carrier, undefined, [], { host: '::1', port: 5090, transport: 'UDP' });
    const call = connectedCall(inbound, outbound, 9);
    call.state = 'connected';
    const session = sessionSnapshot(call, new Date(START + 5000));
    expect(session.incoming).to.include({
      usedTransportIri: 'sip:127.0.0.1:40123;transport=tcp',
      transport: 'TCP',
      sipRemoteUri: 'sip:+4930111@127.0.0.1',
    });
    expect(session.outgoing[0]).to.include({ usedTransportIri: 'sip:[::1]:5090;transport=udp' });
    const simulated = sessionSnapshot(
      connectedCall(new TransportLeg(0, pbx), new TransportLeg(1, carrier), 9),
      new Date(START + 5000),
    );
    expect(simulated.incoming.usedTransportIri).to.equal(`sip:${pbx.remote!.host}:5060;transport=udp`);
  });
});
