/**
 * Where calls' relays run: in this thread (RtpRelay on MediaPortPools, as the signalling thread did before) or in
 * media workers (WorkerRelays). The SIP code holds `MediaRelay`s and the `MediaPorts` of its nodes' ranges and never
 * knows which: the same calls, latching, counters, digits and timeouts either way.
 */
import type { PlanPeerWhitelist } from '../../../configuration/index.js';
import type { MediaAddress } from './MediaAddress.js';
import type { PortRange } from './MediaPortPool.js';
import type { AdmitsHost, MediaCounters, RelayEvents, RelayOptions } from './relayTypes.js';
import type { DetectedDigit } from './TelephoneEvents.js';

/** The port pairs of one range on one host (a pool, in this thread or in the media workers). */
export interface MediaPorts {
  readonly host: string;
  readonly range: PortRange;
  /** The address the SDP names for these ports. */
  readonly advertised: string;
}

/**
 * A side's whitelist for a relay in another thread, which cannot call `admits`: the plan's whitelist as data, and
 * where the packets it refused are counted.
 */
export interface RemoteAdmission {
  readonly whitelist: PlanPeerWhitelist | undefined;
  refused(packets: number): void;
}

/** One call's relay as the SIP code uses it (RtpRelay's operations; see there). */
export interface MediaRelay {
  arm(): void;
  admitFrom(side: 0 | 1, admits: AdmitsHost, remote?: RemoteAdmission): void;
  drawsFrom(side: 0 | 1, ports: MediaPorts): boolean;
  moveSide(side: 0 | 1, ports: MediaPorts): Promise<void>;
  local(side: 0 | 1): MediaAddress;
  remote(side: 0 | 1): MediaAddress | undefined;
  setRemote(side: 0 | 1, remote: MediaAddress, newPeer?: boolean): void;
  setClockRates(clockRates: ReadonlyMap<number, number>): void;
  setTelephoneEvents(side: 0 | 1, types: ReadonlySet<number>): void;
  dtmf(side: 0 | 1): readonly DetectedDigit[];
  counters(side: 0 | 1): MediaCounters;
  readonly closed: boolean;
  close(): void;
}

/** Opens relays on the port ranges it hands out, in this thread or in media workers. */
export interface MediaRelays {
  /** How many media workers carry the relays (0: this thread). */
  readonly workers: number;
  /** The ports of a range on a host (one object per range: a relay `drawsFrom` it by identity). */
  ports(host: string, range: PortRange, advertised: string | undefined): MediaPorts;
  /** A relay with a pair of each side's ports; rejects with MediaPortsUnavailable when either has none left. */
  open(ports: readonly [MediaPorts, MediaPorts], options: RelayOptions, events: RelayEvents): Promise<MediaRelay>;
  /**
   * Closes the idle pairs of every range and forgets the ranges (the gateway stops), ending the media workers that
   * carry no relay; resolves once the ports are closed.
   */
  dispose(): Promise<void>;
}
