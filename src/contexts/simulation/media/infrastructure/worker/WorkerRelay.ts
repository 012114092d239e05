import { sameAddress, type MediaAddress } from '../MediaAddress.js';
import type { MediaPorts, MediaRelay, RemoteAdmission } from '../MediaRelays.js';
import type { AdmitsHost, MediaCounters, RelayEvents } from '../relayTypes.js';
import { MAX_DIGITS, type DetectedDigit } from '../TelephoneEvents.js';
import type { MediaWorker } from './MediaWorker.js';

/** Wall-clock ms with fractions, as the worker stamps a digit (both threads read the same clock). */
function wallNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * A call's relay that runs in a media worker, as the signalling thread holds it: control goes to the worker as
 * messages (in order), counters are read from the worker's shared slot at once, and what the worker tells (a
 * peer latched, a digit, the media timeout) lands here. Closing snapshots the counters: a closed relay's figures
 * stay readable, as RtpRelay's do.
 */
export class WorkerRelay implements MediaRelay {
  private readonly sdpRemotes: [MediaAddress | undefined, MediaAddress | undefined] = [undefined, undefined];
  private readonly latched: [MediaAddress | undefined, MediaAddress | undefined] = [undefined, undefined];
  private readonly digits: [DetectedDigit[], DetectedDigit[]] = [[], []];
  private readonly admissions: [RemoteAdmission | undefined, RemoteAdmission | undefined] = [undefined, undefined];
  private final: [MediaCounters, MediaCounters] | undefined;
  private isClosed = false;
  private timedOut = false;

  constructor(
    readonly id: number,
    readonly slot: number,
    private readonly worker: MediaWorker,
    private readonly ports: [MediaPorts, MediaPorts],
    private readonly locals: [MediaAddress, MediaAddress],
    private readonly events: RelayEvents,
    private readonly eventClock: () => number,
  ) {}

  arm(): void {
    if (!this.isClosed) this.worker.send({ type: 'arm', id: this.id });
  }

  /** The side's whitelist goes to the worker as data (`remote`); without it, every source is heard on the side. */
  admitFrom(side: 0 | 1, _admits: AdmitsHost, remote?: RemoteAdmission): void {
    this.admissions[side] = remote;
    if (this.isClosed) return;
    this.worker.send({ type: 'admit', id: this.id, side, whitelist: remote?.whitelist ?? null });
  }

  drawsFrom(side: 0 | 1, ports: MediaPorts): boolean {
    return this.ports[side] === ports;
  }

  async moveSide(side: 0 | 1, ports: MediaPorts): Promise<void> {
    if (this.ports[side] === ports || this.isClosed) return;
    const port = await this.worker.move(this, side, ports);
    if (this.isClosed || port === undefined) return;
    this.ports[side] = ports;
    this.locals[side] = { host: ports.advertised, port };
    this.sdpRemotes[side] = undefined;
    this.latched[side] = undefined;
    this.digits[side] = [];
  }

  local(side: 0 | 1): MediaAddress {
    return this.locals[side];
  }

  remote(side: 0 | 1): MediaAddress | undefined {
    return this.latched[side] ?? this.sdpRemotes[side];
  }

  setRemote(side: 0 | 1, remote: MediaAddress, newPeer = false): void {
    if (this.locals.some((own) => own.port === remote.port && own.host === remote.host)) {
      throw new Error(`the remote ${remote.host}:${remote.port} is this relay's own address: its media would loop`);
    }
    if (this.isClosed) return;
    this.worker.send({ type: 'remote', id: this.id, side, host: remote.host, port: remote.port, newPeer });
    if (sameAddress(this.sdpRemotes[side], remote)) return;
    this.sdpRemotes[side] = { host: remote.host, port: remote.port };
    this.latched[side] = undefined;
  }

  setClockRates(clockRates: ReadonlyMap<number, number>): void {
    if (!this.isClosed) this.worker.send({ type: 'clockRates', id: this.id, rates: [...clockRates] });
  }

  setTelephoneEvents(side: 0 | 1, types: ReadonlySet<number>): void {
    if (!this.isClosed) this.worker.send({ type: 'telephoneEvents', id: this.id, side, types: [...types] });
  }

  dtmf(side: 0 | 1): readonly DetectedDigit[] {
    return this.digits[side];
  }

  counters(side: 0 | 1): MediaCounters {
    return this.final ? this.final[side] : this.worker.slots.read(this.slot, side);
  }

  get closed(): boolean {
    return this.isClosed;
  }

  close(): void {
    if (this.isClosed) return;
    this.final = [this.counters(0), this.counters(1)];
    this.isClosed = true;
    this.worker.close(this);
  }

  /** The worker lost the relay (it stopped): the figures as they were, nothing more to send. */
  lost(): void {
    if (this.isClosed) return;
    this.final = [this.counters(0), this.counters(1)];
    this.isClosed = true;
  }

  // -- what the worker tells

  onLatched(side: 0 | 1, source: MediaAddress, rtcp: boolean): void {
    if (!rtcp && !this.isClosed) this.latched[side] = source;
  }

  /** A digit the worker stamped at `at` (wall clock): stamped on the relay's event clock, less the message's delay. */
  onDigit(side: 0 | 1, digit: string, at: number): void {
    if (this.isClosed || this.digits[side].length >= MAX_DIGITS) return;
    this.digits[side].push({ digit, at: this.eventClock() - Math.max(0, wallNow() - at) });
  }

  onTimeout(): void {
    if (this.isClosed || this.timedOut) return;
    this.timedOut = true;
    this.events.timeout();
  }

  onRefused(side: 0 | 1, packets: number): void {
    this.admissions[side]?.refused(packets);
  }
}
