/**
 * Receive statistics of one RTP stream as RFC 3550 keeps them: extended highest sequence number (wrap-safe),
 * cumulative loss from sequence gaps, interarrival jitter (section 6.4.1 / appendix A.8) and payload octets.
 * Everything is read from the fixed header with readUInt16BE/readUInt32BE: no parsing object per packet.
 */

/** The RTP clock of the static audio payload types of RFC 3551 that are not 8000 Hz; all others default to 8000. */
const STATIC_CLOCK_RATES: ReadonlyMap<number, number> = new Map([
  [6, 16000],
  [10, 44100],
  [11, 44100],
  [16, 11025],
  [17, 22050],
]);

/** The RTP clock rate when neither the SDP nor the static table names one (every narrowband codec). */
export const DEFAULT_CLOCK_RATE = 8000;

/** A sequence step larger than this is a restart of the stream, not loss (RFC 3550 appendix A.1's MAX_DROPOUT). */
const MAX_DROPOUT = 3000;
/** A packet up to this far behind the highest one is late (reordered or duplicated), not a restart (MAX_MISORDER). */
const MAX_MISORDER = 100;
const SEQ_MOD = 0x10000;

/** The smallest RTP packet: the 12-byte fixed header of version 2. */
export const RTP_HEADER_BYTES = 12;

/** Whether a datagram looks like RTP version 2 (and not RTCP multiplexed on the same port, RFC 5761). */
export function isRtp(packet: Buffer): boolean {
  if (packet.length < RTP_HEADER_BYTES || (packet[0]! & 0xc0) !== 0x80) return false;
  const type = packet[1]! & 0x7f;
  return type < 64 || type > 95;
}

/** Whether a datagram looks like RTCP (version 2, packet type 192–223, i.e. 64–95 in the RTP payload type bits). */
export function isRtcp(packet: Buffer): boolean {
  if (packet.length < 4 || (packet[0]! & 0xc0) !== 0x80) return false;
  const type = packet[1]! & 0x7f;
  return type >= 64 && type <= 95;
}

/** Where an RTP packet's payload starts: after the fixed header, the CSRC list and the header extension. */
export function payloadStart(packet: Buffer): number {
  const first = packet[0]!;
  let header = RTP_HEADER_BYTES + 4 * (first & 0x0f);
  if (first & 0x10 && packet.length >= header + 4) header += 4 + 4 * packet.readUInt16BE(header + 2);
  return header;
}

/** Payload octets of an RTP packet: its length less the header, CSRC list, header extension and padding. */
export function payloadOctets(packet: Buffer): number {
  const padding = packet[0]! & 0x20 ? packet[packet.length - 1]! : 0;
  return Math.max(0, packet.length - payloadStart(packet) - padding);
}

/** Receive statistics of the RTP arriving on one side of a relay. */
export class RtpStreamStats {
  packets = 0;
  octets = 0;
  /** Gaps seen in the sequence (a burst of lost packets is one occurrence). */
  lossOccurrences = 0;
  lastArrivalMs: number | undefined = undefined;

  private started = false;
  /** The synchronisation source of the packets counted now (0 before the first). */
  ssrc = 0;
  private baseSeq = 0;
  private maxSeq = 0;
  private cycles = 0;
  /** Packets received since the sequence (re)started, for the expected − received count of appendix A.3. */
  private receivedSinceBase = 0;
  /** Loss counted before the sequence restarted (a new SSRC or a jump), kept so the total never goes back. */
  private lostBefore = 0;

  private jitter = 0;
  private jitterRate = DEFAULT_CLOCK_RATE;
  private lastTransitSet = false;
  private lastArrivalUnits = 0;
  private lastTimestamp = 0;
  private lastPayloadType = -1;

  /** `clockRates` maps payload types to their RTP clock (from the SDP's rtpmap). */
  constructor(private clockRates: ReadonlyMap<number, number> = new Map()) {}

  /** Replaces the payload types' clock rates (a new SDP); the next packet picks its rate afresh. */
  setClockRates(clockRates: ReadonlyMap<number, number>): void {
    this.clockRates = clockRates;
    this.lastPayloadType = -1;
  }

  /** Counts one RTP packet (already checked with isRtp) that arrived at `arrivalMs`; returns its payload octets. */
  receive(packet: Buffer, arrivalMs: number): number {
    const payloadType = packet[1]! & 0x7f;
    const seq = packet.readUInt16BE(2);
    const timestamp = packet.readUInt32BE(4);
    const ssrc = packet.readUInt32BE(8);
    const octets = payloadOctets(packet);
    this.packets += 1;
    this.octets += octets;
    this.lastArrivalMs = arrivalMs;

    if (!this.started || ssrc !== this.ssrc) {
      this.restart(seq, ssrc);
    } else {
      const delta = (seq - this.maxSeq + SEQ_MOD) % SEQ_MOD;
      if (delta === 0) {
        this.receivedSinceBase += 1; // a duplicate: counted as received, as RFC 3550 does
      } else if (delta < MAX_DROPOUT) {
        if (seq < this.maxSeq) this.cycles += SEQ_MOD;
        if (delta > 1) this.lossOccurrences += 1;
        this.maxSeq = seq;
        this.receivedSinceBase += 1;
      } else if (delta <= SEQ_MOD - MAX_MISORDER) {
        this.restart(seq, ssrc); // a jump: the sender restarted its sequence
      } else {
        this.receivedSinceBase += 1; // late (reordered): fills part of a gap counted before
      }
    }
    this.updateJitter(payloadType, timestamp, arrivalMs);
    return octets;
  }

  /** Cumulative packets lost: expected (from the extended sequence numbers) less received, never negative. */
  get packetsLost(): number {
    if (!this.started) return 0;
    const expected = this.cycles + this.maxSeq - this.baseSeq + 1;
    return this.lostBefore + Math.max(0, expected - this.receivedSinceBase);
  }

  /** The interarrival jitter in milliseconds. */
  get jitterMs(): number {
    return (this.jitter * 1000) / this.jitterRate;
  }

  private restart(seq: number, ssrc: number): void {
    this.lostBefore = this.packetsLost;
    this.started = true;
    this.ssrc = ssrc;
    this.baseSeq = seq;
    this.maxSeq = seq;
    this.cycles = 0;
    this.receivedSinceBase = 1;
    this.lastTransitSet = false; // a new source has a new timestamp origin
  }

  /**
   * J(i) = J(i−1) + (|D(i−1,i)| − J(i−1)) / 16 with D = (Rj − Ri) − (Sj − Si) in timestamp units. The timestamp
   * difference is taken as a signed 32-bit number, so a timestamp wrap is a small step, not a 2^32 one. A change
   * of clock rate (another payload type's clock) starts the difference afresh, keeping the jitter in milliseconds.
   */
  private updateJitter(payloadType: number, timestamp: number, arrivalMs: number): void {
    if (payloadType !== this.lastPayloadType) {
      const rate = this.clockRates.get(payloadType) ?? STATIC_CLOCK_RATES.get(payloadType) ?? DEFAULT_CLOCK_RATE;
      if (rate !== this.jitterRate) {
        this.jitter = (this.jitter * rate) / this.jitterRate;
        this.jitterRate = rate;
        this.lastTransitSet = false;
      }
      this.lastPayloadType = payloadType;
    }
    const arrivalUnits = (arrivalMs * this.jitterRate) / 1000;
    if (this.lastTransitSet) {
      const d = arrivalUnits - this.lastArrivalUnits - ((timestamp - this.lastTimestamp) | 0);
      this.jitter += (Math.abs(d) - this.jitter) / 16;
    }
    this.lastTransitSet = true;
    this.lastArrivalUnits = arrivalUnits;
    this.lastTimestamp = timestamp;
  }
}

/** RTCP packet types that carry report blocks (RFC 3550 section 6.4): sender report, receiver report. */
const SENDER_REPORT = 200;
const RECEIVER_REPORT = 201;

/**
 * The cumulative loss an RTCP compound packet reports for the source `ssrc` (the stream the reporter receives),
 * from the report blocks of its SR and RR packets; undefined when it has no block about that source or is
 * malformed. The field is a signed 24-bit count (duplicates can make it negative); a negative count reads as 0.
 */
export function reportedLoss(rtcp: Buffer, ssrc: number): number | undefined {
  let found: number | undefined;
  for (let at = 0; at + 8 <= rtcp.length;) {
    if ((rtcp[at]! & 0xc0) !== 0x80) return found;
    const count = rtcp[at]! & 0x1f;
    const type = rtcp[at + 1]!;
    const end = at + 4 * (rtcp.readUInt16BE(at + 2) + 1);
    if (end > rtcp.length) return found;
    const blocks = type === SENDER_REPORT ? at + 28 : type === RECEIVER_REPORT ? at + 8 : -1;
    for (let block = blocks, i = 0; blocks >= 0 && i < count && block + 24 <= end; i += 1, block += 24) {
      if (rtcp.readUInt32BE(block) === ssrc) found = Math.max(0, rtcp.readIntBE(block + 5, 3));
    }
    at = end;
  }
  return found;
}
