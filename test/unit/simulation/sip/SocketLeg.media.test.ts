import { expect } from 'chai';
import { buildRequest, type SipStack } from '@gwsim/sip';
import { MediaPortPool, RtpRelay } from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import { CallMedia, SocketLeg } from '../../../../src/contexts/simulation/sip/infrastructure/SocketLeg.js';
import { planNode } from '../../../support/simulation/handPlan.js';
import { eventPacket, freeRange, hangUp, phone, rtpPacket, type Phone } from '../media/mediaHarness.js';

function info(contentType: string, body: string) {
  return buildRequest({
    method: 'INFO',
    uri: 'sip:gw@127.0.0.1',
    via: { transport: 'UDP', host: '127.0.0.1', port: 5099, branch: 'z9hG4bKinfo' },
    from: { uri: 'sip:caller@127.0.0.1', params: { tag: 'a' } },
    to: { uri: 'sip:gw@127.0.0.1', params: { tag: 'b' } },
    callId: 'call-1',
    cseq: 2,
    contentType,
    body,
  });
}

describe("SocketLeg: a real call's measured media, digits and peer", () => {
  let relay: RtpRelay;
  let media: CallMedia;
  let caller: Phone;
  let called: Phone;
  let legs: [SocketLeg, SocketLeg];

  beforeEach(async () => {
    const pools: [MediaPortPool, MediaPortPool] = [
      new MediaPortPool('127.0.0.1', await freeRange(4)),
      new MediaPortPool('127.0.0.1', await freeRange(4)),
    ];
    relay = await RtpRelay.open(pools, { timeoutMs: 0 }, { timeout: () => undefined });
    [caller, called] = [await phone(), await phone()];
    relay.setRemote(0, caller.rtp.address);
    relay.setRemote(1, called.rtp.address);
    media = new CallMedia();
    media.relay = relay;
    const local = { transport: 'UDP' as const, host: '127.0.0.1', port: 5060 };
    const leg = (index: number, side: 0 | 1, port: number) =>
      new SocketLeg(
        index,
        planNode(`node-${index}`),
        '',
        undefined as unknown as SipStack,
        local,
        { transport: 'UDP', host: '127.0.0.1', port },
        `call-${index}`,
        media,
        side,
      );
    legs = [leg(0, 0, 5071), leg(1, 1, 5072)];
  });
  afterEach(() => {
    media.close();
    hangUp(caller, called);
  });

  it('keeps what the relay measured when the call media closes: the history entry is written after the BYE', async () => {
    for (let seq = 1; seq <= 10; seq += 1) {
      if (seq % 2 === 0) continue; // the caller's every other packet never comes
      await caller.rtp.send(rtpPacket({ seq, timestamp: 160 * seq, payloadType: 8 }), relay.local(0));
    }
    await caller.rtp.send(
      eventPacket({ seq: 11, timestamp: 1760, event: 5, end: true, duration: 800 }),
      relay.local(0),
    );
    await called.rtp.nth(6);
    const before = legs[0].measuredMedia();
    expect(before).to.deep.include({ packetsReceived: 6, packetsLost: 4, lossOccurrences: 4 });
    media.close();
    expect(relay.closed).to.equal(true);
    expect(legs[0].measuredMedia()).to.deep.equal(before);
    expect(legs[1].measuredMedia()).to.deep.include({ packetsReceived: 0, packetsSent: 6 });
    expect(legs[0].dtmf().map((d) => [d.digit, d.method])).to.deep.equal([['5', 'rfc4733']]);
    expect(legs[1].dtmf()).to.deep.equal([]);
  });

  it('measures nothing for a call whose media was never relayed', () => {
    const unrelayed = new CallMedia();
    unrelayed.close();
    expect(unrelayed.counters(0)).to.equal(undefined);
  });

  it('records the DTMF digit of an INFO body with the time it came, beside the digits of the RTP', () => {
    legs[1].infoReceived(info('application/dtmf-relay', 'Signal=7\r\nDuration=160\r\n'), 2000);
    legs[1].infoReceived(info('application/dtmf', '*'), 1000);
    legs[1].infoReceived(info('text/plain', 'hello'), 3000);
    expect(legs[1].dtmf()).to.deep.equal([
      { at: 1000, digit: '*', method: 'info' },
      { at: 2000, digit: '7', method: 'info' },
    ]);
  });

  it("names the peer's real address", () => {
    expect(legs[0].remoteAddress()).to.deep.equal({ host: '127.0.0.1', port: 5071, transport: 'UDP' });
  });
});
