/**
 * Media anchoring for one call: two sides, each with a port pair of its node's range. Side 0 faces the caller's
 * leg, side 1 the called leg. RTP received on one side leaves from the other side's RTP socket towards that side's
 * remote; RTCP likewise on the +1 ports (RTCP multiplexed on the RTP port, RFC 5761, and DTLS follow the RTP path
 * uncounted). The packet path does no parsing beyond reading the fixed header (and the event of a telephone-event
 * packet: DTMF digits, RFC 4733, see TelephoneEvents), and forwards the received Buffer itself.
 *
 * Symmetric RTP (latching): a side's remote starts as the SDP's address and is replaced by the source of the first
 * packet received on that side, which is then kept; packets from any other source are dropped, so a stray
 * stream cannot hijack the call. A new SDP address (setRemote with another address) learns afresh; a new peer on the
 * side (a transfer's target in the transferor's place) never latches the one it replaces, still sending a moment.
 */
import type dgram from 'node:dgram';
import { sameAddress, type MediaAddress } from './MediaAddress.js';
import type { AdmitsHost, CounterSink, MediaCounters, RelayEvents, RelayOptions, SideFigures } from './relayTypes.js';
import type { MediaPortPair, MediaPortPool } from './MediaPortPool.js';
import { SHARED_MEDIA_TIMEOUT_SWEEP, type MediaTimeoutSweep } from './MediaTimeoutSweep.js';

export type { AdmitsHost, CounterSink, MediaCounters, RelayEvents, RelayOptions, SideFigures } from './relayTypes.js';
import { isRtcp, isRtp, reportedLoss, RtpStreamStats } from './RtpStreamStats.js';
import { DEFAULT_TELEPHONE_EVENT_TYPE, TelephoneEventDetector, type DetectedDigit } from './TelephoneEvents.js';

type Side = 0 | 1;

/** One side's sockets, remotes and counters. */
class RelaySide implements SideFigures {
  readonly stats = new RtpStreamStats();
  packetsSent = 0;
  octetsSent = 0;
  /** Where the peer receives RTP: the SDP's address, then the latched source. */
  remote: MediaAddress | undefined;
  rtcpRemote: MediaAddress | undefined;
  /** The address the SDP named, to tell a new SDP address from the same one repeated. */
  sdpRemote: MediaAddress | undefined;
  latched = false;
  rtcpLatched = false;
  /** The sources of peers this side had before its current one (a transfer's transferor): never latched again. */
  departed: MediaAddress[] = [];
  lostByPeer: number | undefined;
  /** The payload types of telephone-events this side's peer sends (its SDP's; 101 until it names others). */
  telephoneEvents: ReadonlySet<number> = new Set([DEFAULT_TELEPHONE_EVENT_TYPE]);
  readonly dtmf = new TelephoneEventDetector();

  constructor(
    readonly pair: MediaPortPair,
    readonly local: MediaAddress,
  ) {}

  get packetsReceived(): number {
    return this.stats.packets;
  }
  get octetsReceived(): number {
    return this.stats.octets;
  }
  get packetsLost(): number {
    return this.stats.packetsLost;
  }
  get lossOccurrences(): number {
    return this.stats.lossOccurrences;
  }
  get packetsLostByPeer(): number {
    return this.lostByPeer ?? NaN;
  }
  get jitterMs(): number {
    return this.stats.jitterMs;
  }
  get lastPacketAt(): number {
    return this.stats.lastArrivalMs ?? NaN;
  }
}

function defaultNow(): number {
  return performance.timeOrigin + performance.now();
}

/** Relays RTP and RTCP between the two legs of one call through the gateway's own ports. */
export class RtpRelay {
  private readonly sides: [RelaySide, RelaySide];
  /** The pool each side's pair came from (undefined: handed over by the caller of the constructor). */
  private readonly pools: [MediaPortPool | undefined, MediaPortPool | undefined] = [undefined, undefined];
  private clockRates: ReadonlyMap<number, number> | undefined;
  private readonly now: () => number;
  private readonly eventClock: () => number;
  private readonly latch: boolean;
  private startedAt: number;
  private readonly timeoutMs: number;
  private readonly sweep: MediaTimeoutSweep;
  private unwatch: (() => void) | undefined;
  private readonly sink: CounterSink | undefined;
  private timedOut = false;
  private isClosed = false;
  // -- network peer whitelist (admitFrom): a side's checks of a source it has not latched
  private readonly admissions: [AdmitsHost | undefined, AdmitsHost | undefined] = [undefined, undefined];

  private constructor(
    pairs: readonly [MediaPortPair, MediaPortPair],
    hosts: readonly [string, string],
    options: RelayOptions,
    private readonly events: RelayEvents,
  ) {
    this.now = options.now ?? defaultNow;
    this.sink = options.sink;
    this.eventClock = options.eventClock ?? this.now;
    this.latch = options.latch ?? true;
    this.sides = [
      new RelaySide(pairs[0], { host: hosts[0], port: pairs[0].port }),
      new RelaySide(pairs[1], { host: hosts[1], port: pairs[1].port }),
    ];
    this.startedAt = this.now();
    for (const side of [0, 1] as const) this.listen(side);
    this.timeoutMs = options.timeoutMs;
    this.sweep = options.sweep ?? SHARED_MEDIA_TIMEOUT_SWEEP;
    if (options.armed ?? true) this.arm();
  }

  /**
   * Starts the media timeout (idempotent; nothing with a timeout of 0 or once closed): from now, `timeout` fires
   * when neither side received RTP for the relay's timeout.
   */
  arm(): void {
    if (this.timeoutMs <= 0 || this.unwatch !== undefined || this.isClosed || this.timedOut) return;
    this.startedAt = this.now();
    const timeoutMs = this.timeoutMs;
    this.unwatch = this.sweep.watch(timeoutMs, () => this.checkTimeout(timeoutMs));
  }

  /** Opens a relay with a port pair from each pool (the caller's node's and the called node's). */
  static async open(
    pools: readonly [MediaPortPool, MediaPortPool],
    options: RelayOptions,
    events: RelayEvents,
  ): Promise<RtpRelay> {
    const first = await pools[0].open();
    let second: MediaPortPair;
    try {
      second = await pools[1].open();
    } catch (error) {
      first.release();
      throw error;
    }
    const relay = new RtpRelay([first, second], [pools[0].advertised, pools[1].advertised], options, events);
    relay.pools[0] = pools[0];
    relay.pools[1] = pools[1];
    return relay;
  }

  /**
   * Packets on `side` from a source `admits` refuses are dropped and never latched (the side's node's network peer
   * whitelist); asked for a source the side has not latched only, so the latched peer's packets cost nothing more.
   */
  admitFrom(side: Side, admits: AdmitsHost): void {
    this.admissions[side] = admits;
  }

  /** Whether a side's ports come from `pool`. */
  drawsFrom(side: Side, pool: MediaPortPool): boolean {
    return this.pools[side] === pool;
  }

  /**
   * Moves a side to a port pair of another pool (the called side to the range of the node the call leaves from,
   * known once the call is routed): the new pair replaces the side's, whose ports are released, and the side
   * starts afresh (no remote, no counters). Nothing changes when the side's ports already come from `pool`, nor
   * once the relay is closed; rejects (the side unchanged) when the pool has no pair left.
   */
  async moveSide(side: Side, pool: MediaPortPool): Promise<void> {
    if (this.pools[side] === pool || this.isClosed) return;
    const pair = await pool.open();
    if (this.isClosed || this.pools[side] === pool) {
      pair.release();
      return;
    }
    const old = this.sides[side];
    const moved = new RelaySide(pair, { host: pool.advertised, port: pair.port });
    if (this.clockRates) moved.stats.setClockRates(this.clockRates);
    moved.telephoneEvents = old.telephoneEvents;
    this.sides[side] = moved;
    this.pools[side] = pool;
    this.listen(side);
    old.pair.release();
    this.sink?.update(this.sides);
  }

  /** The gateway's address on a side: what the SDP sent to that side's peer names (its pool's advertised address). */
  local(side: Side): MediaAddress {
    return this.sides[side].local;
  }

  /** Where RTP for a side's peer goes now (the SDP's address, or the latched source); undefined until known. */
  remote(side: Side): MediaAddress | undefined {
    return this.sides[side].remote;
  }

  /**
   * Where a side's peer receives RTP (from the SDP it sent); until set, packets for it are dropped (counted as not
   * sent). The same address again keeps a latched source; another address (the peer moved its media) learns anew.
   * `newPeer`: another endpoint takes the side (a transfer's target), so the sources of the one before are never
   * latched again. Throws when `remote` is one of the relay's own addresses (packets would circle inside the relay).
   */
  setRemote(side: Side, remote: MediaAddress, newPeer = false): void {
    const s = this.sides[side];
    if (this.sides.some((own) => own.local.port === remote.port && own.local.host === remote.host)) {
      throw new Error(`the remote ${remote.host}:${remote.port} is this relay's own address: its media would loop`);
    }
    if (newPeer) {
      const before = [s.sdpRemote, s.latched ? s.remote : undefined, s.rtcpLatched ? s.rtcpRemote : undefined];
      const gone = before.filter((a): a is MediaAddress => a !== undefined && !sameAddress(a, remote));
      s.departed = [...gone, ...s.departed].slice(0, 6);
    }
    if (sameAddress(s.sdpRemote, remote)) return; // the same SDP again (a refresh): a latched source stays
    s.sdpRemote = { host: remote.host, port: remote.port };
    s.remote = s.sdpRemote;
    s.rtcpRemote = { host: remote.host, port: remote.port + 1 };
    s.latched = false;
    s.rtcpLatched = false;
  }

  /** The RTP clock rates of the negotiated payload types (see sdpClockRates), for the jitter of both sides. */
  setClockRates(clockRates: ReadonlyMap<number, number>): void {
    this.clockRates = clockRates;
    for (const s of this.sides) s.stats.setClockRates(clockRates);
  }

  /**
   * The payload types of RFC 4733 telephone-events in what a side's peer sends (from its SDP: sdpTelephoneEvents).
   */
  setTelephoneEvents(side: Side, types: ReadonlySet<number>): void {
    this.sides[side].telephoneEvents = types;
  }

  /** The DTMF digits received on a side (from its peer), in arrival order. */
  dtmf(side: Side): readonly DetectedDigit[] {
    return this.sides[side].dtmf.digits;
  }

  /** A side's counters now (a new object each call: read them when activeSessions is asked, not per packet). */
  counters(side: Side): MediaCounters {
    const s = this.sides[side];
    return {
      packetsReceived: s.stats.packets,
      packetsSent: s.packetsSent,
      octetsReceived: s.stats.octets,
      octetsSent: s.octetsSent,
      packetsLost: s.stats.packetsLost,
      lossOccurrences: s.stats.lossOccurrences,
      packetsLostByPeer: s.lostByPeer,
      jitterMs: s.stats.jitterMs,
      lastPacketAt: s.stats.lastArrivalMs,
    };
  }

  /** Whether close() was called. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Stops relaying and frees both port pairs (idempotent). */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.unwatch?.();
    this.unwatch = undefined;
    for (const s of this.sides) s.pair.release();
  }

  /** Relays what the side's sockets receive (the handlers find the side's current state when a packet arrives). */
  private listen(side: Side): void {
    const { rtp, rtcp } = this.sides[side].pair;
    rtp.on('message', (packet: Buffer, from: dgram.RemoteInfo) => this.onRtp(side, packet, from));
    rtcp.on('message', (packet: Buffer, from: dgram.RemoteInfo) => this.onRtcp(side, packet, from));
    // A send towards a vanished peer may report an error; media carries on (the timeout ends a dead call).
    rtp.on('error', () => undefined);
    rtcp.on('error', () => undefined);
  }

  private onRtp(side: Side, packet: Buffer, from: dgram.RemoteInfo): void {
    if (!isRtp(packet)) {
      // RTCP multiplexed on the RTP port and DTLS (first byte 20–63, RFC 7983) pass uncounted; STUN and noise stop here.
      if (isRtcp(packet) || (packet.length > 0 && packet[0]! >= 20 && packet[0]! <= 63))
        this.onRtcp(side, packet, from, true);
      return;
    }
    const here = this.sides[side];
    if (!this.accept(here, from, false)) return;
    const octets = here.stats.receive(packet, this.now());
    if (here.telephoneEvents.has(packet[1]! & 0x7f)) this.detect(side, here, packet);
    const there = this.sides[side === 0 ? 1 : 0];
    const to = there.remote;
    if (to !== undefined) {
      there.pair.rtp.send(packet, to.port, to.host);
      there.packetsSent += 1;
      there.octetsSent += octets;
    }
    this.sink?.update(this.sides);
  }

  /** A telephone-event packet: a digit its end completes is told to the owner (one in another thread keeps its own). */
  private detect(side: Side, here: RelaySide, packet: Buffer): void {
    const before = here.dtmf.digits.length;
    here.dtmf.receive(packet, this.eventClock());
    if (here.dtmf.digits.length > before) this.events.digit?.(side, here.dtmf.digits[before]!);
  }

  /** RTCP on the +1 port, or (`muxed`) whatever non-RTP passes on the RTP port: forwarded the same way, never counted. */
  private onRtcp(side: Side, packet: Buffer, from: dgram.RemoteInfo, muxed = false): void {
    const here = this.sides[side];
    if (!this.accept(here, from, !muxed)) return;
    const there = this.sides[side === 0 ? 1 : 0];
    // The peer's reports about the stream it receives from us: the stream the other side receives and we forward.
    if (isRtcp(packet) && there.stats.packets > 0) {
      const lost = reportedLoss(packet, there.stats.ssrc);
      if (lost !== undefined && lost !== here.lostByPeer) {
        here.lostByPeer = lost;
        this.sink?.update(this.sides);
      }
    }
    const to = muxed ? there.remote : there.rtcpRemote;
    if (to === undefined) return;
    (muxed ? there.pair.rtp : there.pair.rtcp).send(packet, to.port, to.host);
  }

  /** Whether a packet from `from` belongs to the side's peer, latching the peer's source on the first one. */
  private accept(side: RelaySide, from: dgram.RemoteInfo, rtcp: boolean): boolean {
    if (!this.latch) return this.admitted(side, from);
    const latched = rtcp ? side.rtcpLatched : side.latched;
    const current = rtcp ? side.rtcpRemote : side.remote;
    if (latched) return current !== undefined && current.port === from.port && current.host === from.address;
    if (!this.admitted(side, from)) return false; // a source outside the whitelist never becomes the peer
    if (side.departed.some((gone) => gone.port === from.port && gone.host === from.address)) return false;
    const learnt = { host: from.address, port: from.port };
    if (rtcp) {
      side.rtcpRemote = learnt;
      side.rtcpLatched = true;
    } else {
      side.remote = learnt;
      side.latched = true;
    }
    this.events.latched?.(side === this.sides[0] ? 0 : 1, learnt, rtcp);
    return true;
  }

  /** Whether the side's whitelist (admitFrom) lets packets from `from` in. */
  private admitted(side: RelaySide, from: dgram.RemoteInfo): boolean {
    return this.admissions[side === this.sides[0] ? 0 : 1]?.(from.address) ?? true;
  }

  private checkTimeout(timeoutMs: number): void {
    if (this.timedOut || this.isClosed) return;
    let last = this.startedAt;
    for (const s of this.sides)
      if (s.stats.lastArrivalMs !== undefined && s.stats.lastArrivalMs > last) last = s.stats.lastArrivalMs;
    if (this.now() - last < timeoutMs) return;
    this.timedOut = true;
    this.events.timeout();
  }
}
