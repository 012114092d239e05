import { expect } from 'chai';
import { MediaPortPool, RtpRelay } from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import { eventPacket, freeRange, hangUp, phone, rtpPacket, type Phone } from './mediaHarness.js';

/** Sends packets one after the other and waits until the far phone got them all (the relay handled each). */
async function relayed(from: Phone, to: Phone, packets: readonly Buffer[], address: { host: string; port: number }) {
  const had = to.rtp.received.length;
  for (const packet of packets) await from.rtp.send(packet, address);
  await to.rtp.nth(had + packets.length);
}

describe('RtpRelay: DTMF digits in the RTP it relays (RFC 4733)', () => {
  let pools: [MediaPortPool, MediaPortPool];
  let relay: RtpRelay;
  let caller: Phone;
  let called: Phone;
  let labTime: number;

  beforeEach(async () => {
    pools = [new MediaPortPool('127.0.0.1', await freeRange(8)), new MediaPortPool('127.0.0.1', await freeRange(8))];
    labTime = Date.UTC(2025, 0, 1);
    relay = await RtpRelay.open(pools, { timeoutMs: 0, eventClock: () => labTime }, { timeout: () => undefined });
    [caller, called] = [await phone(), await phone()];
    relay.setRemote(0, caller.rtp.address);
    relay.setRemote(1, called.rtp.address);
  });
  afterEach(() => {
    relay.close();
    hangUp(caller, called);
  });

  const digit = (event: number, seq: number, timestamp: number, payloadType = 101) => [
    eventPacket({ seq, timestamp, event, end: false, duration: 160, payloadType }),
    eventPacket({ seq: seq + 1, timestamp, event, end: true, duration: 320, payloadType }),
    eventPacket({ seq: seq + 1, timestamp, event, end: true, duration: 320, payloadType }),
    eventPacket({ seq: seq + 1, timestamp, event, end: true, duration: 320, payloadType }),
  ];

  it('records each digit on the side it arrived on, stamped by the event clock, and relays every packet', async () => {
    await relayed(caller, called, digit(1, 10, 1600), relay.local(0));
    labTime += 500;
    await relayed(caller, called, digit(11, 12, 3200), relay.local(0));
    await relayed(called, caller, digit(9, 500, 8000), relay.local(1));
    expect(relay.dtmf(0)).to.deep.equal([
      { at: Date.UTC(2025, 0, 1), digit: '1' },
      { at: Date.UTC(2025, 0, 1) + 500, digit: '#' },
    ]);
    expect(relay.dtmf(1)).to.deep.equal([{ at: Date.UTC(2025, 0, 1) + 500, digit: '9' }]);
    expect(relay.counters(0)).to.deep.include({ packetsReceived: 8, packetsSent: 4 });
  });

  it("reads events only in the payload types the side's SDP names", async () => {
    relay.setTelephoneEvents(0, new Set([96]));
    await relayed(caller, called, digit(4, 10, 1600, 101), relay.local(0));
    await relayed(caller, called, digit(5, 12, 3200, 96), relay.local(0));
    expect(relay.dtmf(0).map((d) => d.digit)).to.deep.equal(['5']);
  });

  it('keeps the payload types of a side that moves to another pool', async () => {
    relay.setTelephoneEvents(1, new Set([97]));
    const third = new MediaPortPool('127.0.0.1', await freeRange(8));
    await relay.moveSide(1, third);
    relay.setRemote(1, called.rtp.address);
    await relayed(called, caller, digit(2, 10, 1600, 97), relay.local(1));
    expect(relay.dtmf(1).map((d) => d.digit)).to.deep.equal(['2']);
  });

  it('counts audio packets as before and finds no digit in them', async () => {
    const audio = Array.from({ length: 5 }, (_, i) =>
      rtpPacket({ seq: i + 1, timestamp: 160 * (i + 1), payloadType: 8 }),
    );
    await relayed(caller, called, audio, relay.local(0));
    expect(relay.dtmf(0)).to.deep.equal([]);
    expect(relay.counters(0)).to.deep.include({ packetsReceived: 5, packetsLost: 0 });
  });
});
