/**
 * The RTP/RTCP port pairs of one host's media range. RTP takes the even port, RTCP the odd one above it (RFC 3550
 * section 11). Free pairs wait in a queue: at first in ascending order, then a released pair goes to the back, so
 * the pair freed longest ago is handed out first and a port's late packets from a call just ended rarely reach
 * the next call. A pair the operating system refuses (another process holds a port) is skipped and tried again
 * only after the rest.
 */
import dgram from 'node:dgram';
import { isIP } from 'node:net';

/** A range of UDP ports, both ends inclusive. RTP takes the even ports of it, RTCP the odd one above each. */
export interface PortRange { readonly first: number; readonly last: number }

/** One pair handed out by a pool: both sockets bound; `release` closes them and gives the pair back (idempotent). */
export interface MediaPortPair {
  readonly rtp: dgram.Socket;
  readonly rtcp: dgram.Socket;
  /** The RTP port (even); RTCP is on port + 1. */
  readonly port: number;
  release(): void;
}

/** Why a bind failed, when the port is simply taken (skip it) rather than the host being wrong (give up). */
const PORT_TAKEN = new Set(['EADDRINUSE', 'EACCES']);

/** Hands out RTP/RTCP port pairs from a range on one host; a freed pair is reused later (least recently freed first). */
export class MediaPortPool {
  private readonly free: number[] = [];
  private used = 0;
  private readonly type: 'udp4' | 'udp6';

  constructor(readonly host: string, readonly range: PortRange) {
    if (!Number.isInteger(range.first) || !Number.isInteger(range.last) || range.first < 1 || range.last > 65535 || range.first > range.last) {
      throw new RangeError(`invalid RTP port range ${range.first}-${range.last}`);
    }
    if (isIP(host) === 0) throw new TypeError(`the media host must be an IP address, not ${JSON.stringify(host)}`);
    this.type = isIP(host) === 6 ? 'udp6' : 'udp4';
    for (let port = range.first + (range.first % 2); port + 1 <= range.last; port += 2) this.free.push(port);
  }

  /** Pairs handed out and not yet released. */
  get inUse(): number {
    return this.used;
  }

  /**
   * Binds an RTP and an RTCP UDP socket on the next free even port; skips ports the OS refuses (in use); rejects with
   * an Error naming the range when none is left.
   */
  async open(): Promise<MediaPortPair> {
    const skipped: number[] = [];
    try {
      for (;;) {
        const port = this.free.shift();
        if (port === undefined) {
          throw new Error(`no free RTP port pair left in ${this.host} ${this.range.first}-${this.range.last}`
            + (skipped.length > 0 ? ` (${skipped.length} held by other processes)` : ''));
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
        if (rtp === undefined || rtcp === undefined) { rtp?.close(); skipped.push(port); continue; }
        this.used += 1;
        return this.pair(port, rtp, rtcp);
      }
    } finally {
      this.free.push(...skipped); // tried again after every other pair
    }
  }

  private pair(port: number, rtp: dgram.Socket, rtcp: dgram.Socket): MediaPortPair {
    let released = false;
    return {
      rtp, rtcp, port,
      release: () => {
        if (released) return;
        released = true;
        for (const socket of [rtp, rtcp]) {
          try { socket.close(); } catch { /* already closed by its user */ }
        }
        this.used -= 1;
        this.free.push(port);
      },
    };
  }

  /** A socket bound to `port`, or undefined when the port is taken; other failures (a host not ours) reject. */
  private bind(port: number): Promise<dgram.Socket | undefined> {
    return new Promise((resolve, reject) => {
      const socket = dgram.createSocket({ type: this.type, reuseAddr: false });
      const failed = (error: NodeJS.ErrnoException) => {
        socket.close();
        if (error.code !== undefined && PORT_TAKEN.has(error.code)) resolve(undefined);
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
