import { expect } from 'chai';
import {
  header,
  headerValues,
  parseCSeq,
  parseNameAddr,
  parseSdp,
  parseSip,
  parseVia,
  type SipMessage,
} from '@gwsim/sip';
import type { SipMessageEntry } from '../../../../src/contexts/monitoring/index.js';
import { meanOpinionScore, rtpCounts } from '../../../../src/contexts/simulation/calls/domain/MediaQuality.js';
import { only, run } from '../../../support/simulation/engineHarness.js';

type Outcome = Parameters<typeof only>[0];

/** The first call of a run where every call has `outcome`, its messages parsed back, in time order. */
function firstCall(outcome: Outcome, profile: Parameters<typeof run>[0] = {}) {
  const r = run({ callsPerSecond: 1, outcomes: only(outcome), recordedShare: 0, ...profile });
  r.advance(200);
  const entry = r.sinks.calls[0]!;
  const messages = r.sinks.messagesOf(entry.sessionIdentifier);
  return { entry, messages, parsed: messages.map((m) => parseSip(m.message)) };
}

const line = (entry: SipMessageEntry, message: SipMessage) =>
  `${entry.callIndex} ${entry.direction} ${message.kind === 'request' ? message.method : message.status}`;

const ladder = (call: ReturnType<typeof firstCall>) => call.messages.map((m, i) => line(m, call.parsed[i]!));

describe('SIP messages of a call, per outcome', () => {
  it('answered: INVITE/100/180/200/ACK on both legs, then BYE/200 on both', () => {
    const call = firstCall('answer', { callerHangupShare: 1 });
    expect(ladder(call)).to.deep.equal([
      '0 received INVITE',
      '0 sent 100',
      '1 sent INVITE',
      '1 received 100',
      '1 received 180',
      '0 sent 180',
      '1 received 200',
      '1 sent ACK',
      '0 sent 200',
      '0 received ACK',
      '0 received BYE',
      '0 sent 200',
      '1 sent BYE',
      '1 received 200',
    ]);
    expect(call.entry.disconnectingSide).to.equal('inbound');
  });

  it('answered and ended by the called party: the BYE comes in on the outbound leg and goes out on the inbound one', () => {
    const call = firstCall('answer', { callerHangupShare: 0 });
    expect(ladder(call).slice(10)).to.deep.equal(['1 received BYE', '1 sent 200', '0 sent BYE', '0 received 200']);
    expect(call.entry.disconnectingSide).to.equal('outbound');
  });

  it('no answer: the caller CANCELs, 200 and 487 on both legs, ACKed', () => {
    const call = firstCall('noAnswer');
    expect(ladder(call)).to.deep.equal([
      '0 received INVITE',
      '0 sent 100',
      '1 sent INVITE',
      '1 received 100',
      '1 received 180',
      '0 sent 180',
      '0 received CANCEL',
      '0 sent 200',
      '1 sent CANCEL',
      '1 received 200',
      '1 received 487',
      '1 sent ACK',
      '0 sent 487',
      '0 received ACK',
    ]);
    expect([call.entry.result, call.entry.sipStatusCode, call.entry.q850Cause]).to.deep.equal(['NO_ANSWER', 487, 19]);
    expect(call.entry.endDateTime.getTime() - call.entry.startDateTime.getTime()).to.be.within(30_000, 30_500);
  });

  it('cancelled while ringing: 487, cause 16', () => {
    const call = firstCall('cancel');
    expect(ladder(call)).to.include('0 received CANCEL');
    expect([call.entry.result, call.entry.sipStatusCode, call.entry.q850Cause]).to.deep.equal(['CANCELLED', 487, 16]);
  });

  it('busy without failover: 486 and ACK on the outbound leg, relayed to the caller', () => {
    const r = run({ callsPerSecond: 1, outcomes: only('busy') }, {});
    r.advance(30);
    const entry = r.sinks.calls[0]!;
    const messages = r.sinks.messagesOf(entry.sessionIdentifier);
    const lines = messages.map((m) => line(m, parseSip(m.message)));
    expect(lines).to.deep.equal([
      '0 received INVITE',
      '0 sent 100',
      '1 sent INVITE',
      '1 received 100',
      '1 received 486',
      '1 sent ACK',
      '2 sent INVITE',
      '2 received 100',
      '2 received 486',
      '2 sent ACK',
      '0 sent 486',
      '0 received ACK',
    ]);
  });

  it('every message parses back with consistent dialogs: one Call-ID per leg, z9hG4bK branches, tags, CSeq, addresses of the nodes', () => {
    const call = firstCall('answer', { callerHangupShare: 1 });
    const byLeg = new Map<number, { entry: SipMessageEntry; message: SipMessage }[]>();
    call.messages.forEach((entry, i) =>
      byLeg.set(entry.callIndex, [...(byLeg.get(entry.callIndex) ?? []), { entry, message: call.parsed[i]! }]),
    );
    expect([...byLeg.keys()]).to.deep.equal([0, 1]);
    const callIds = new Set<string>();
    for (const [leg, items] of byLeg) {
      const ids = new Set(items.map(({ message }) => header(message, 'Call-ID')));
      expect(ids.size, `leg ${leg} Call-IDs`).to.equal(1);
      callIds.add([...ids][0]!);
      const fromTags = new Set(
        items.map(
          ({ message }) =>
            parseNameAddr(header(message, 'From')!).params.tag ?? parseNameAddr(header(message, 'To')!).params.tag,
        ),
      );
      expect(fromTags.size).to.be.at.most(2);
      for (const { message } of items) {
        const via = parseVia(headerValues(message, 'Via')[0]!);
        expect(via.branch).to.match(/^z9hG4bK/);
        const cseq = parseCSeq(header(message, 'CSeq')!);
        if (message.kind === 'request') expect(cseq.method).to.equal(message.method);
        if (message.kind === 'response' && message.status > 100)
          expect(parseNameAddr(header(message, 'To')!).params.tag).to.be.a('string');
        expect(headerValues(message, 'Record-Route')).to.deep.equal([]);
      }
      const invite = items.find(({ message }) => message.kind === 'request' && message.method === 'INVITE')!;
      const ack = items.find(({ message }) => message.kind === 'request' && message.method === 'ACK')!;
      expect(parseCSeq(header(ack.message, 'CSeq')!).seq).to.equal(parseCSeq(header(invite.message, 'CSeq')!).seq);
      expect(parseVia(headerValues(ack.message, 'Via')[0]!).branch).to.not.equal(
        parseVia(headerValues(invite.message, 'Via')[0]!).branch,
      );
      const ok = items.find(
        ({ message }) =>
          message.kind === 'response' &&
          message.status === 200 &&
          parseCSeq(header(message, 'CSeq')!).method === 'INVITE',
      )!;
      const offer = parseSdp(invite.message.body);
      const answer = parseSdp(ok.message.body);
      expect(answer.media[0]!.codecs[0]!.name).to.equal(offer.media[0]!.codecs[0]!.name);
      expect(answer.media[0]!.codecs[0]!.payloadType).to.equal(offer.media[0]!.codecs[0]!.payloadType);
    }
    expect(callIds.size).to.equal(2);
    const inboundInvite = byLeg.get(0)![0]!.entry;
    expect([inboundInvite.destinationIpAddress, inboundInvite.destinationPort]).to.deep.equal(['10.0.0.1', 5060]);
    const outboundInvite = byLeg.get(1)![0]!.entry;
    expect(outboundInvite.sourceIpAddress).to.equal('10.0.0.1');
    expect(outboundInvite.destinationIpAddress).to.match(/^192\.0\.2\./);
    expect(call.messages.map((m) => m.timestampMicros)).to.deep.equal(
      [...call.messages.map((m) => m.timestampMicros)].sort((a, b) => a - b),
    );
  });
});

describe('RTP counters and MOS', () => {
  it('50 packets a second per direction, loss at the profile rate, occurrences in bursts of two', () => {
    expect(rtpCounts(10_000, 1)).to.deep.equal({ packets: 500, lost: 5, occurrences: 3 });
    expect(rtpCounts(0, 1)).to.deep.equal({ packets: 0, lost: 0, occurrences: 0 });
    expect(rtpCounts(60_000, 0)).to.deep.equal({ packets: 3000, lost: 0, occurrences: 0 });
  });

  it("an answered call's history carries its RTP statistics and a MOS", () => {
    const call = firstCall('answer', { packetLossPercent: 2, jitterMs: 10 });
    const seconds = (call.entry.endDateTime.getTime() - call.entry.connectDateTime!.getTime()) / 1000;
    expect(call.entry.inbound!.packetsSent).to.be.within(Math.floor(seconds * 50) - 1, Math.floor(seconds * 50) + 1);
    expect(call.entry.inbound!.packetsLost).to.equal(Math.floor(call.entry.inbound!.packetsSent * 0.02));
    expect(call.entry.mos).to.equal(meanOpinionScore(call.entry.inbound!.codec as 'PCMA', 2, 10));
  });

  it('MOS falls with loss and jitter and stays within 1..4.5', () => {
    expect(meanOpinionScore('PCMA', 0, 0)).to.be.within(4.3, 4.5);
    expect(meanOpinionScore('PCMA', 5, 20)).to.be.below(meanOpinionScore('PCMA', 1, 20));
    expect(meanOpinionScore('PCMA', 1, 200)).to.be.below(meanOpinionScore('PCMA', 1, 5));
    expect(meanOpinionScore('PCMU', 100, 1000)).to.equal(1);
  });
});
