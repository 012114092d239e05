/**
 * The RTP/RTCP port pairs of one host's media range. RTP takes the even port, RTCP the odd one above it (RFC 3550
 * section 11).
 *
 * Binding and closing two UDP sockets per side of every call is a real cost at a few hundred calls per second, and
 * it grows with the number of sockets the host holds. So a released pair stays bound, idle, and is handed out again
 * (its sockets and all) once it has rested for a quarantine: late packets of the call that just ended reach an idle
 * socket nobody listens to, never the next call's relay (which latches on the first packet it receives). A pair not
 * reused within `idleMs` is closed, and so is any released pair beyond `maxIdle` idle pairs, so that a quiet gateway
 * holds no sockets and a busy one a bounded number of file descriptors. Idle sockets do not keep the process alive.
 *
 * Which pair comes next: an idle pair past its quarantine (the one released longest ago), else a never-bound or
 * closed port pair (ascending at first; a closed pair goes to the back), else an idle pair still in quarantine
 * rather than no pair at all. A pair the operating system refuses (another process holds a port) is skipped and
 * tried again only after the rest.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import { isIP } from 'node:net';
import { MediaPortsUnavailable, outOfFiles } from './MediaPortsUnavailable.js';
import { socketBufferSizes, WANTED_BUFFER_BYTES } from './socketBuffers.js';

/** A range of UDP ports, both ends inclusive. RTP takes the even ports of it, RTCP the odd one above each. */
export interface PortRange {
  readonly first: number;
  readonly last: number;
}

/** One pair handed out by a pool: both sockets bound; `release` gives the pair back (idempotent). */
export interface MediaPortPair {
  readonly rtp: dgram.Socket;
  readonly rtcp: dgram.Socket;
  /** The RTP port (even); RTCP is on port + 1. */
  readonly port: number;
  /**
   * Gives the pair back: the 'message' and 'error' listeners its user added are removed, and the sockets either
   * wait idle for reuse or are closed. The user must not use them afterwards.
   */
  release(): void;
}

export interface MediaPortPoolOptions {
  /** How long a released pair rests before it is handed out again while other pairs are free (default 1,000 ms). */
  readonly quarantineMs?: number;
  /** At most this many released pairs stay bound; beyond, a released pair is closed (default 512). 0: always close. */
  readonly maxIdle?: number;
  /** An idle pair not handed out again within this long is closed (default 10,000 ms). */
  readonly idleMs?: number;
  /** The clock of the quarantine and the idle time, in ms (default: performance time). */
  readonly now?: () => number;
  /**
   * The address the SDP names for this pool's ports (GWSIM_SIP_ADVERTISE: the host's address peers reach when the
   * sockets bind a wildcard); default: `host`. Only what is written changes: the sockets bind `host`.
   */
  readonly advertised?: string;
  /**
   * The kernel receive and send buffer each socket asks for, capped at net.core.rmem_max / wmem_max (see
   * socketBuffers; default 128 KiB); 0: the host's default.
   */
  readonly bufferBytes?: number;
  /** Only the pairs whose index in the range modulo `of` is `index` (a range shared by several media workers). */
  readonly share?: { readonly index: number; readonly of: number };
}

/** Why a bind failed, when the port is simply taken (skip it) rather than the host being wrong (give up). */
const PORT_TAKEN = new Set(['EADDRINUSE', 'EACCES']);

interface BoundPair {
  readonly port: number;
  readonly rtp: dgram.Socket;
  readonly rtcp: dgram.Socket;
  /** Set once either socket closed (by its user or an error): such a pair is never reused. */
  closed: boolean;
}

interface IdlePair {
  readonly bound: BoundPair;
  /** When it was released (the pool's clock). */
  readonly at: number;
}

const ignore = (): void => undefined;

/**
 * The sockets' address lookup: a relay sends to IP literals only (MediaAddress), which Node's default lookup answers
 * on the next tick, one tick and one callback per packet sent; this one answers at once (a name still resolves).
 */
function literalLookup(
  host: string,
  options: dns.LookupOneOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string, family: number) => void,
): void {
  const family = isIP(host);
  if (family !== 0) callback(null, host, family);
  else dns.lookup(host, options, callback);
}

/** Hands out RTP/RTCP port pairs from a range on one host; a released pair is kept bound and reused after a rest. */
export class MediaPortPool {
  /** Ports whose pair is not bound: never used, closed, or refused by the OS (those at the back). */
  private readonly free: number[] = [];
  /** Released pairs still bound, oldest release first. */
  private idlePairs: IdlePair[] = [];
  private used = 0;
  private readonly type: 'udp4' | 'udp6';
  private readonly quarantineMs: number;
  private readonly maxIdle: number;
  private readonly idleMs: number;
  private readonly now: () => number;
  private sweepTimer: NodeJS.Timeout | undefined;
  private disposed = false;
  private readonly buffers: { recvBufferSize?: number; sendBufferSize?: number };
  /** The address an SDP names for these ports (see MediaPortPoolOptions.advertised). */
  readonly advertised: string;

  constructor(
    readonly host: string,
    readonly range: PortRange,
    options: MediaPortPoolOptions = {},
  ) {
    if (
      !Number.isInteger(range.first) ||
      !Number.isInteger(range.last) ||
      range.first < 1 ||
      range.last > 65535 ||
      range.first > range.last
    ) {
      throw new RangeError(`invalid RTP port range ${range.first}-${range.last}`);
    }
    if (isIP(host) === 0) throw new TypeError(`the media host must be an IP address, not ${JSON.stringify(host)}`);
    this.type = isIP(host) === 6 ? 'udp6' : 'udp4';
    this.advertised = options.advertised ?? host;
    this.quarantineMs = options.quarantineMs ?? 1000;
    this.maxIdle = options.maxIdle ?? 512;
    this.idleMs = options.idleMs ?? 10_000;
    this.now = options.now ?? (() => performance.now());
    const bufferBytes = options.bufferBytes ?? WANTED_BUFFER_BYTES;
    const sizes = bufferBytes > 0 ? socketBufferSizes(bufferBytes) : undefined;
    this.buffers = {
      ...(sizes?.recvBufferSize === undefined ? {} : { recvBufferSize: sizes.recvBufferSize }),
      ...(sizes?.sendBufferSize === undefined ? {} : { sendBufferSize: sizes.sendBufferSize }),
    };
    const share = options.share ?? { index: 0, of: 1 };
    for (let port = range.first + (range.first % 2), i = 0; port + 1 <= range.last; port += 2, i += 1)
      if (i % share.of === share.index) this.free.push(port);
    this.size = this.free.length;
  }

  /** How many RTP/RTCP pairs the range holds (each side of an anchored call takes one). */
  readonly size: number;

  /** Pairs handed out and not yet released. */
  get inUse(): number {
    return this.used;
  }

  /** Released pairs still bound, waiting to be handed out again. */
  get idle(): number {
    return this.idlePairs.length;
  }

  /**
   * A bound pair: an idle one past its quarantine, else a newly bound one on the next free even port (skipping
   * ports the OS refuses), else an idle one still resting. Rejects with MediaPortsUnavailable when no pair is left
   * (`range`) or the process has no file descriptor left (`files`, EMFILE), with another Error when the host is not
   * this machine's.
   */
  async open(): Promise<MediaPortPair> {
    if (this.disposed)
      throw new Error(`the RTP port pool ${this.host} ${this.range.first}-${this.range.last} is closed`);
    const rested = this.idlePairs[0];
    if (rested !== undefined && this.now() - rested.at >= this.quarantineMs) return this.reuse();
    const skipped: number[] = [];
    try {
      for (;;) {
        const port = this.free.shift();
        if (port === undefined) {
          if (this.idlePairs.length > 0) return this.reuse();
          throw new MediaPortsUnavailable(
            'range',
            `no free RTP port pair left in ${this.host} ${this.range.first}-${this.range.last}` +
              (skipped.length > 0 ? ` (${skipped.length} held by other processes)` : ''),
          );
        }
        let rtp: dgram.Socket | undefined;
        let rtcp: dgram.Socket | undefined;
        try {
          rtp = await this.bind(port);
          if (rtp !== undefined) rtcp = await this.bind(port + 1);
        } catch (error) {
          rtp?.close();
          this.free.unshift(port); // not the pair's fault: it stays first in line
          throw error;
        }
        if (rtp === undefined || rtcp === undefined) {
          rtp?.close();
          skipped.push(port);
          continue;
        }
        const bound: BoundPair = { port, rtp, rtcp, closed: false };
        const closed = () => {
          bound.closed = true;
        };
        rtp.once('close', closed);
        rtcp.once('close', closed);
        if (this.disposed) {
          this.close(bound);
          throw new Error(`the RTP port pool ${this.host} ${this.range.first}-${this.range.last} is closed`);
        }
        this.used += 1;
        return this.pair(bound);
      }
    } finally {
      this.free.push(...skipped); // tried again after every other pair
    }
  }

  /** Closes every idle pair and refuses further pairs; pairs in use are closed when released. */
  dispose(): void {
    this.disposed = true;
    this.closeIdle(Number.POSITIVE_INFINITY);
  }

  private reuse(): MediaPortPair {
    const { bound } = this.idlePairs.shift()!;
    bound.rtp.ref();
    bound.rtcp.ref();
    this.used += 1;
    return this.pair(bound);
  }

  private pair(bound: BoundPair): MediaPortPair {
    let released = false;
    return {
      rtp: bound.rtp,
      rtcp: bound.rtcp,
      port: bound.port,
      release: () => {
        if (released) return;
        released = true;
        this.used -= 1;
        this.rest(bound);
      },
    };
  }

  /** A released pair: kept bound and idle when it still works and there is room, else closed. */
  private rest(bound: BoundPair): void {
    for (const socket of [bound.rtp, bound.rtcp]) {
      socket.removeAllListeners('message');
      socket.removeAllListeners('error');
      socket.on('error', ignore); // an idle socket's late ICMP error must not go unhandled
    }
    if (bound.closed || this.disposed || this.idlePairs.length >= this.maxIdle) {
      this.close(bound);
      return;
    }
    bound.rtp.unref();
    bound.rtcp.unref();
    this.idlePairs.push({ bound, at: this.now() });
    if (this.sweepTimer === undefined) {
      this.sweepTimer = setInterval(() => this.closeIdle(this.idleMs), Math.max(1, Math.min(this.idleMs, 5000) / 2));
      this.sweepTimer.unref();
    }
  }

  /** Closes the idle pairs released at least `age` ms ago (every one for Infinity). */
  private closeIdle(age: number): void {
    const now = this.now();
    let expired = 0;
    while (
      expired < this.idlePairs.length &&
      (age === Number.POSITIVE_INFINITY || now - this.idlePairs[expired]!.at >= age)
    )
      expired += 1;
    for (const { bound } of this.idlePairs.slice(0, expired)) this.close(bound);
    this.idlePairs = this.idlePairs.slice(expired);
    if (this.idlePairs.length === 0 && this.sweepTimer !== undefined) {
      clearInterval(this.sweepTimer);
      this.sweepTimer = undefined;
    }
  }

  /** Closes both sockets and puts the port pair at the back of the free ones. */
  private close(bound: BoundPair): void {
    for (const socket of [bound.rtp, bound.rtcp]) {
      try {
        socket.close();
      } catch {
        /* already closed */
      }
    }
    bound.closed = true;
    this.free.push(bound.port);
  }

  /** A socket bound to `port`, or undefined when the port is taken; other failures (a host not ours) reject. */
  private bind(port: number): Promise<dgram.Socket | undefined> {
    return new Promise((resolve, reject) => {
      const socket = dgram.createSocket({ type: this.type, reuseAddr: false, lookup: literalLookup, ...this.buffers });
      const failed = (error: NodeJS.ErrnoException) => {
        socket.close();
        if (error.code !== undefined && PORT_TAKEN.has(error.code)) resolve(undefined);
        else if (outOfFiles(error))
          reject(new MediaPortsUnavailable('files', `no file descriptor left for RTP port ${this.host}:${port}`));
        else reject(new Error(`cannot bind RTP port ${this.host}:${port}: ${error.message}`));
      };
      socket.once('error', failed);
      socket.bind({ port, address: this.host, exclusive: true }, () => {
        socket.off('error', failed);
        resolve(socket);
      });
    });
  }
}
