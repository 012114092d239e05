import { expect } from 'chai';
import {
  MediaPortPool,
  MediaTimeoutSweep,
  RtpRelay,
  type RelayOptions,
} from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import {
  Endpoint,
  freeRange,
  hangUp,
  phone,
  receiverReport,
  rtcpPacket,
  rtpPacket,
  type Phone,
} from './mediaHarness.js';

/** Waits, turn after turn of the event loop, until `condition` holds (the relay has handled a datagram). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** A clock the test moves by hand. */
class FakeClock {
  constructor(public t: number) {}
  readonly now = (): number => this.t;
}

describe('RtpRelay', () => {
  let pools: [MediaPortPool, MediaPortPool];
  let relays: RtpRelay[];
  let phones: Phone[];
  let endpoints: Endpoint[];

  beforeEach(async () => {
    pools = [new MediaPortPool('127.0.0.1', await freeRange(8)), new MediaPortPool('127.0.0.1', await freeRange(8))];
    relays = [];
    phones = [];
    endpoints = [];
  });
  afterEach(() => {
    for (const relay of relays) relay.close();
    hangUp(...phones);
    for (const endpoint of endpoints) endpoint.close();
  });

  async function relay(
    options: Partial<RelayOptions> = {},
    onTimeout: () => void = () => undefined,
  ): Promise<RtpRelay> {
    const opened = await RtpRelay.open(pools, { timeoutMs: 0, ...options }, { timeout: onTimeout });
    relays.push(opened);
    return opened;
  }
  async function phones2(): Promise<[Phone, Phone]> {
    const pair: [Phone, Phone] = [await phone(), await phone()];
    phones.push(...pair);
    return pair;
  }

  it('takes a port pair from each pool and names it as its local address on that side', async () => {
    const r = await relay();
    expect(r.local(0)).to.deep.equal({ host: '127.0.0.1', port: pools[0].range.first });
    expect(r.local(1)).to.deep.equal({ host: '127.0.0.1', port: pools[1].range.first });
    expect([pools[0].inUse, pools[1].inUse]).to.deep.equal([1, 1]);
  });

  it('moves a side to a pair of another pool, releasing the old pair, and relays through the new one', async () => {
    const third = new MediaPortPool('127.0.0.1', await freeRange(8));
    const [caller, called] = await phones2();
    const r = await relay();
    expect(r.drawsFrom(1, pools[1])).to.equal(true);
    await r.moveSide(1, third);
    expect(r.drawsFrom(1, third)).to.equal(true);
    expect(r.local(1)).to.deep.equal({ host: '127.0.0.1', port: third.range.first });
    expect([pools[0].inUse, pools[1].inUse, third.inUse]).to.deep.equal([1, 0, 1]);
    await r.moveSide(1, third);
    expect(third.inUse, 'the same pool again changes nothing').to.equal(1);
    r.setRemote(0, caller.rtp.address);
    r.setRemote(1, called.rtp.address);
    await caller.rtp.send(rtpPacket({ seq: 1, timestamp: 160 }), r.local(0));
    expect((await called.rtp.nth(1)).from).to.deep.equal(r.local(1));
    await called.rtp.send(rtpPacket({ seq: 1, timestamp: 160 }), r.local(1));
    expect((await caller.rtp.nth(1)).from).to.deep.equal(r.local(0));
    expect(r.counters(1)).to.deep.include({ packetsReceived: 1, packetsSent: 1 });
    r.close();
    expect(third.inUse).to.equal(0);
  });

  it('relays RTP both ways and RTCP on the ports above, counting exactly what crossed', async () => {
    const [caller, called] = await phones2();
    const r = await relay();
    r.setRemote(0, caller.rtp.address);
    r.setRemote(1, called.rtp.address);
    for (let seq = 1; seq <= 5; seq += 1) {
      const sent = rtpPacket({ seq, timestamp: seq * 160, marker: seq });
      await caller.rtp.send(sent, r.local(0));
      const got = await called.rtp.nth(seq);
      expect(got.packet.equals(sent)).to.equal(true);
      expect(got.from).to.deep.equal(r.local(1));
    }
    for (let seq = 1; seq <= 3; seq += 1) {
      await called.rtp.send(rtpPacket({ seq, timestamp: seq * 160, payloadBytes: 80 }), r.local(1));
      expect((await caller.rtp.nth(seq)).from).to.deep.equal(r.local(0));
    }
    await caller.rtcp.send(rtcpPacket(1), { host: '127.0.0.1', port: r.local(0).port + 1 });
    const report = await called.rtcp.nth(1);
    expect(report.packet.equals(rtcpPacket(1))).to.equal(true);
    expect(report.from).to.deep.equal({ host: '127.0.0.1', port: r.local(1).port + 1 });
    await called.rtcp.send(rtcpPacket(2), { host: '127.0.0.1', port: r.local(1).port + 1 });
    expect((await caller.rtcp.nth(1)).packet.equals(rtcpPacket(2))).to.equal(true);

    expect(r.counters(0)).to.deep.include({
      packetsReceived: 5,
      octetsReceived: 800,
      packetsSent: 3,
      octetsSent: 240,
      packetsLost: 0,
    });
    expect(r.counters(1)).to.deep.include({
      packetsReceived: 3,
      octetsReceived: 240,
      packetsSent: 5,
      octetsSent: 800,
      packetsLost: 0,
    });
  });

  it('shows sequence gaps of what a side received as its lost packets', async () => {
    const [caller, called] = await phones2();
    const r = await relay();
    r.setRemote(0, caller.rtp.address);
    r.setRemote(1, called.rtp.address);
    const seqs = [100, 101, 104, 105, 106, 110];
    for (const [i, seq] of seqs.entries()) {
      await caller.rtp.send(rtpPacket({ seq, timestamp: seq * 160 }), r.local(0));
      await called.rtp.nth(i + 1);
    }
    expect(r.counters(0)).to.deep.include({ packetsReceived: 6, packetsLost: 5, lossOccurrences: 2 });
    expect(r.counters(1)).to.deep.include({ packetsSent: 6, packetsLost: 0 });
  });

  it('measures jitter on arrival: none for paced packets, the RFC 3550 value for a jittered series', async () => {
    const clock = new FakeClock(1_700_000_000_000);
    const [caller, called] = await phones2();
    const r = await relay({ now: clock.now });
    r.setRemote(0, caller.rtp.address);
    r.setRemote(1, called.rtp.address);
    const start = clock.t;
    for (let i = 0; i < 5; i += 1) {
      // caller → relay side 0: every 20 ms, timestamps 160 apart
      clock.t = start + i * 20;
      await caller.rtp.send(rtpPacket({ seq: i, timestamp: i * 160 }), r.local(0));
      await called.rtp.nth(i + 1);
    }
    for (const [i, at] of [0, 20, 45, 60, 80].entries()) {
      // called → relay side 1: late, early, on time
      clock.t = start + at;
      await called.rtp.send(rtpPacket({ seq: i, timestamp: i * 160 }), r.local(1));
      await caller.rtp.nth(i + 1);
    }
    expect(r.counters(0).jitterMs).to.equal(0);
    expect(r.counters(1).jitterMs).to.be.closeTo(0.567626953125, 1e-9);
    expect(r.counters(1).lastPacketAt).to.equal(start + 80);
  });

  it('drops what has nowhere to go, counting it received but not sent', async () => {
    const [caller, called] = await phones2();
    const r = await relay();
    r.setRemote(1, called.rtp.address);
    await called.rtp.send(rtpPacket({ seq: 1, timestamp: 0 }), r.local(1)); // the caller's address is not known yet
    await until(() => r.counters(1).packetsReceived === 1);
    await caller.rtp.send(rtpPacket({ seq: 1, timestamp: 0 }), r.local(0)); // now it is: learnt from this packet
    await called.rtp.nth(1);
    await called.rtp.send(rtpPacket({ seq: 2, timestamp: 160 }), r.local(1));
    await caller.rtp.nth(1);
    expect(caller.rtp.received).to.have.length(1);
    expect(caller.rtp.received[0]!.packet.readUInt16BE(2)).to.equal(2);
    expect(r.counters(1)).to.deep.include({ packetsReceived: 2 });
    expect(r.counters(0)).to.deep.include({ packetsSent: 1, packetsReceived: 1 });
  });

  it('latches: a phone sending from another port than its SDP named gets the return stream there', async () => {
    const [caller, called] = await phones2();
    const natted = await Endpoint.open();
    const stranger = await Endpoint.open();
    endpoints.push(natted, stranger);
    const r = await relay();
    r.setRemote(0, caller.rtp.address); // the SDP names caller.rtp, but the caller's packets come from `natted`
    r.setRemote(1, called.rtp.address);
    await natted.send(rtpPacket({ seq: 1, timestamp: 0, marker: 1 }), r.local(0));
    await called.rtp.nth(1);
    expect(r.remote(0)).to.deep.equal(natted.address);
    await called.rtp.send(rtpPacket({ seq: 1, timestamp: 0 }), r.local(1));
    await natted.nth(1);
    // Latched and kept: another source on the caller's side is not the caller, so its packet stops here.
    await stranger.send(rtpPacket({ seq: 2, timestamp: 160, marker: 66 }), r.local(0));
    await natted.send(rtpPacket({ seq: 2, timestamp: 160, marker: 2 }), r.local(0));
    expect((await called.rtp.nth(2)).packet[12]).to.equal(2);
    await called.rtp.send(rtpPacket({ seq: 2, timestamp: 160 }), r.local(1));
    await natted.nth(2);
    expect(caller.rtp.received).to.have.length(0);
    expect(r.counters(0).packetsReceived).to.equal(2);
    // The same SDP again keeps the latch; a new SDP address learns afresh.
    r.setRemote(0, caller.rtp.address);
    expect(r.remote(0)).to.deep.equal(natted.address);
    r.setRemote(0, stranger.address);
    expect(r.remote(0)).to.deep.equal(stranger.address);
  });

  it('without latching, sends to the SDP address whatever the source', async () => {
    const [caller, called] = await phones2();
    const natted = await Endpoint.open();
    endpoints.push(natted);
    const r = await relay({ latch: false });
    r.setRemote(0, caller.rtp.address);
    r.setRemote(1, called.rtp.address);
    await natted.send(rtpPacket({ seq: 1, timestamp: 0 }), r.local(0));
    await called.rtp.nth(1);
    await called.rtp.send(rtpPacket({ seq: 1, timestamp: 0 }), r.local(1));
    expect((await caller.rtp.nth(1)).from).to.deep.equal(r.local(0));
    expect(natted.received).to.have.length(0);
  });

  it('passes RTCP multiplexed on the RTP port along the RTP path without counting it', async () => {
    const [caller, called] = await phones2();
    const r = await relay();
    r.setRemote(0, caller.rtp.address);
    r.setRemote(1, called.rtp.address);
    await caller.rtp.send(rtcpPacket(9), r.local(0));
    expect((await called.rtp.nth(1)).packet.equals(rtcpPacket(9))).to.equal(true);
    expect(r.counters(0).packetsReceived).to.equal(0);
    expect(r.counters(1).packetsSent).to.equal(0);
  });

  it("takes the loss of what a side sent from its peer's RTCP receiver reports", async () => {
    const [caller, called] = await phones2();
    const r = await relay();
    r.setRemote(0, caller.rtp.address);
    r.setRemote(1, called.rtp.address);
    expect(r.counters(0).packetsLostByPeer).to.equal(undefined);
    for (const seq of [1, 2, 3]) {
      await called.rtp.send(rtpPacket({ seq, timestamp: seq * 160, ssrc: 0xb0b }), r.local(1));
      await caller.rtp.nth(seq);
    }
    const report = receiverReport(0xa11ce, [
      { source: 0x5eed, lost: 9 },
      { source: 0xb0b, lost: 2 },
    ]);
    await caller.rtcp.send(report, { host: '127.0.0.1', port: r.local(0).port + 1 });
    expect((await called.rtcp.nth(1)).packet.equals(report)).to.equal(true);
    expect(r.counters(0).packetsLostByPeer).to.equal(2);
    expect(r.counters(1).packetsLostByPeer).to.equal(undefined);
  });

  it("refuses to send a side's media to the relay itself", async () => {
    const r = await relay();
    expect(() => r.setRemote(0, r.local(1))).to.throw(/loop/);
    expect(() => r.setRemote(1, r.local(1))).to.throw(/loop/);
    expect(r.remote(0)).to.equal(undefined);
  });

  describe('media timeout', () => {
    it('fires once when neither side receives RTP for the timeout, counted from the start', async () => {
      const clock = new FakeClock(1_000_000);
      const sweep = new MediaTimeoutSweep({ manual: true });
      let fired = 0;
      const r = await relay({ timeoutMs: 150, now: clock.now, sweep }, () => {
        fired += 1;
      });
      expect(sweep.watching).to.equal(1);
      clock.t += 149;
      sweep.tick();
      expect(fired).to.equal(0);
      clock.t += 1;
      sweep.tick();
      expect(fired).to.equal(1);
      clock.t += 1000;
      sweep.tick();
      expect(fired).to.equal(1);
      r.close();
      expect(sweep.watching).to.equal(0);
    });

    it('does not fire while RTP keeps arriving, and fires once it stops, counted from the last packet', async () => {
      const clock = new FakeClock(1_000_000);
      const sweep = new MediaTimeoutSweep({ manual: true });
      let fired = 0;
      const [caller, called] = await phones2();
      const r = await relay({ timeoutMs: 150, now: clock.now, sweep }, () => {
        fired += 1;
      });
      r.setRemote(0, caller.rtp.address);
      r.setRemote(1, called.rtp.address);
      for (let i = 1; i <= 10; i += 1) {
        clock.t += 100;
        const [from, to, side] = i % 2 ? [caller, called, 0 as const] : [called, caller, 1 as const];
        await from.rtp.send(rtpPacket({ seq: i, timestamp: i * 800 }), r.local(side));
        await to.rtp.nth(Math.ceil(i / 2));
        sweep.tick();
      }
      const last = clock.t;
      clock.t = last + 149;
      sweep.tick();
      expect(fired).to.equal(0);
      clock.t = last + 150;
      sweep.tick();
      expect(fired).to.equal(1);
    });

    it('unarmed, waits for arm() and counts from it (a call ringing without media is not timed out)', async () => {
      const clock = new FakeClock(1_000_000);
      const sweep = new MediaTimeoutSweep({ manual: true });
      let fired = 0;
      const r = await relay({ timeoutMs: 150, armed: false, now: clock.now, sweep }, () => {
        fired += 1;
      });
      expect(sweep.watching).to.equal(0);
      clock.t += 10_000;
      sweep.tick();
      expect(fired).to.equal(0);
      r.arm();
      r.arm();
      expect(sweep.watching, 'arming twice watches once').to.equal(1);
      clock.t += 149;
      sweep.tick();
      expect(fired).to.equal(0);
      clock.t += 1;
      sweep.tick();
      expect(fired).to.equal(1);
      r.close();
      r.arm();
      expect(sweep.watching, 'a closed relay is not armed again').to.equal(0);
    });

    it('never fires with timeoutMs 0', async () => {
      const clock = new FakeClock(1_000_000);
      const sweep = new MediaTimeoutSweep({ manual: true });
      let fired = 0;
      await relay({ timeoutMs: 0, now: clock.now, sweep }, () => {
        fired += 1;
      });
      expect(sweep.watching).to.equal(0);
      clock.t += 24 * 3600_000;
      sweep.tick();
      expect(fired).to.equal(0);
    });

    it('fires on the system clock through the shared sweep when the phones are silent', async () => {
      const r = await new Promise<RtpRelay>((resolve, reject) => {
        let opened: RtpRelay | undefined;
        RtpRelay.open(pools, { timeoutMs: 50 }, { timeout: () => resolve(opened!) }).then((relay) => {
          opened = relay;
          relays.push(relay);
        }, reject);
      });
      expect(r.closed).to.equal(false);
    });
  });

  it('frees both port pairs on close, once', async () => {
    const r = await relay();
    r.close();
    r.close();
    expect(r.closed).to.equal(true);
    expect([pools[0].inUse, pools[1].inUse]).to.deep.equal([0, 0]);
  });

  it('gives its first pair back when the second pool has none left', async () => {
    const full = new MediaPortPool('127.0.0.1', { first: pools[1].range.first, last: pools[1].range.first + 1 });
    const taken = await full.open();
    try {
      let error: unknown;
      try {
        await RtpRelay.open([pools[0], full], { timeoutMs: 0 }, { timeout: () => undefined });
      } catch (e) {
        error = e;
      }
      expect((error as Error).message).to.match(/no free RTP port pair/);
      expect(pools[0].inUse).to.equal(0);
    } finally {
      taken.release();
    }
  });
});
