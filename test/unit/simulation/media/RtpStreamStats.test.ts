import { expect } from 'chai';
import {
  isRtcp,
  isRtp,
  payloadOctets,
  reportedLoss,
  RtpStreamStats,
} from '../../../../src/contexts/simulation/media/infrastructure/RtpStreamStats.js';
import { receiverReport, rtcpPacket, rtpPacket } from './mediaHarness.js';

/** Feeds packets of 20 ms PCMU (160 timestamp units) with the given sequence numbers and arrival times. */
function feed(
  stats: RtpStreamStats,
  packets: { seq: number; timestamp?: number; at: number; ssrc?: number; payloadType?: number }[],
): void {
  for (const p of packets)
    stats.receive(
      rtpPacket({ seq: p.seq, timestamp: p.timestamp ?? p.seq * 160, ssrc: p.ssrc, payloadType: p.payloadType }),
      p.at,
    );
}

describe('RtpStreamStats', () => {
  it('counts packets and payload octets, excluding header, CSRCs, extension and padding', () => {
    const plain = rtpPacket({ seq: 1, timestamp: 0, payloadBytes: 160 });
    expect(payloadOctets(plain)).to.equal(160);
    const dressed = Buffer.concat([
      rtpPacket({ seq: 2, timestamp: 0, payloadBytes: 0 }),
      Buffer.alloc(4 + 8 + 4 + 20 + 3),
    ]);
    dressed[0] = 0x80 | 0x20 | 0x10 | 1; // padding, extension, one CSRC
    dressed.writeUInt16BE(2, 16 + 2); // an extension of two 32-bit words after the CSRC
    dressed[dressed.length - 1] = 3;
    expect(payloadOctets(dressed)).to.equal(20);
    const stats = new RtpStreamStats();
    stats.receive(plain, 0);
    stats.receive(dressed, 20);
    expect([stats.packets, stats.octets]).to.deep.equal([2, 180]);
  });

  it('tells RTP from RTCP and from what is neither', () => {
    expect(isRtp(rtpPacket({ seq: 1, timestamp: 0 }))).to.equal(true);
    expect(isRtcp(rtcpPacket())).to.equal(true);
    expect(isRtp(rtcpPacket())).to.equal(false);
    expect(isRtp(Buffer.from([0, 1, 0, 0, 0x21, 0x12, 0xa4, 0x42, 0, 0, 0, 0]))).to.equal(false); // a STUN header
    expect(isRtcp(rtpPacket({ seq: 1, timestamp: 0 }))).to.equal(false);
  });

  it('counts sequence gaps as lost packets, a burst as one occurrence', () => {
    const stats = new RtpStreamStats();
    feed(
      stats,
      [1, 2, 5, 6, 10].map((seq) => ({ seq, at: seq * 20 })),
    );
    expect(stats.packetsLost).to.equal(5);
    expect(stats.lossOccurrences).to.equal(2);
  });

  it('follows the sequence number through its wrap', () => {
    const stats = new RtpStreamStats();
    feed(
      stats,
      [65533, 65534, 65535, 0, 1].map((seq, i) => ({ seq, timestamp: i * 160, at: i * 20 })),
    );
    expect(stats.packetsLost).to.equal(0);
    feed(stats, [{ seq: 4, timestamp: 7 * 160, at: 140 }]);
    expect(stats.packetsLost).to.equal(2);
  });

  it('does not count a late packet as lost, nor a duplicate as a gap', () => {
    const stats = new RtpStreamStats();
    feed(
      stats,
      [1, 2, 4, 3, 5, 5].map((seq, i) => ({ seq, at: i * 20 })),
    );
    expect(stats.packetsLost).to.equal(0);
    expect(stats.packets).to.equal(6);
  });

  it('keeps the loss counted before a new source restarts the sequence', () => {
    const stats = new RtpStreamStats();
    feed(stats, [
      { seq: 1, at: 0 },
      { seq: 3, at: 40 },
    ]);
    feed(stats, [
      { seq: 40000, at: 60, ssrc: 7 },
      { seq: 40001, at: 80, ssrc: 7 },
      { seq: 40003, at: 120, ssrc: 7 },
    ]);
    expect(stats.packetsLost).to.equal(2);
  });

  it('has no jitter for perfectly paced packets whose timestamps match, across a timestamp wrap', () => {
    const stats = new RtpStreamStats();
    const start = 2 ** 32 - 3 * 160;
    feed(
      stats,
      Array.from({ length: 8 }, (_, i) => ({
        seq: i,
        timestamp: (start + i * 160) % 2 ** 32,
        at: 1_700_000_000_000 + i * 20,
      })),
    );
    expect(stats.jitterMs).to.equal(0);
  });

  it('computes RFC 3550 interarrival jitter on a known series', () => {
    // Arrivals 0, 20, 45, 60, 80 ms for timestamps 20 ms apart: D = 0, +40, −40, 0 units of 1/8000 s, so
    // J = 0 → 40/16 = 2.5 → 2.5 + (40 − 2.5)/16 = 4.84375 → 4.84375 − 4.84375/16 = 4.541015625 units = 0.567626953125 ms.
    const stats = new RtpStreamStats();
    feed(
      stats,
      [0, 20, 45, 60, 80].map((at, i) => ({ seq: i, timestamp: i * 160, at })),
    );
    expect(stats.jitterMs).to.be.closeTo(0.567626953125, 1e-12);
  });

  it("reads the jitter on the payload type's clock when the SDP names one", () => {
    // opus at 48 kHz: 20 ms is 960 units; a 5 ms late packet is a 240-unit difference, 15 units of jitter = 0.3125 ms.
    const stats = new RtpStreamStats(new Map([[111, 48000]]));
    feed(stats, [
      { seq: 0, timestamp: 0, at: 0, payloadType: 111 },
      { seq: 1, timestamp: 960, at: 25, payloadType: 111 },
    ]);
    expect(stats.jitterMs).to.be.closeTo(0.3125, 1e-12);
    const narrowband = new RtpStreamStats();
    feed(narrowband, [
      { seq: 0, timestamp: 0, at: 0, payloadType: 111 },
      { seq: 1, timestamp: 960, at: 25, payloadType: 111 },
    ]);
    expect(narrowband.jitterMs).to.not.be.closeTo(0.3125, 1e-3); // at the default 8000 Hz, 960 units are 120 ms
  });
});

describe('reportedLoss', () => {
  it('reads the cumulative loss of a source from the report blocks of a compound RTCP packet', () => {
    const senderReport = Buffer.alloc(28 + 24);
    senderReport[0] = 0x81;
    senderReport[1] = 200;
    senderReport.writeUInt16BE(senderReport.length / 4 - 1, 2);
    senderReport.writeUInt32BE(0xaaaa, 28);
    senderReport.writeIntBE(5, 33, 3);
    const compound = Buffer.concat([
      senderReport,
      receiverReport(1, [
        { source: 0xbbbb, lost: 70000 },
        { source: 0xcccc, lost: -2 },
      ]),
    ]);
    expect(reportedLoss(compound, 0xaaaa)).to.equal(5);
    expect(reportedLoss(compound, 0xbbbb)).to.equal(70000);
    expect(reportedLoss(compound, 0xcccc)).to.equal(0);
    expect(reportedLoss(compound, 0xdddd)).to.equal(undefined);
    expect(reportedLoss(compound.subarray(0, 40), 0xaaaa)).to.equal(undefined); // cut short: nothing trusted
  });
});
