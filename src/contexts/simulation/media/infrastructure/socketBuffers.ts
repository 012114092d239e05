/**
 * The kernel buffers of the relay's UDP sockets. A relay socket carries one stream of 50 packets per second; its
 * receive buffer holds what arrives while the thread that reads it is busy (a burst of signalling, a garbage
 * collection), so it is sized for about a second of a stream at a full-size Ethernet frame per packet rather than
 * left to the host's default (net.core.rmem_default, which some hosts set low). Linux doubles the value asked for
 * (its own bookkeeping) and caps it at net.core.rmem_max / wmem_max for a process without CAP_NET_ADMIN, so the
 * size asked for is capped at those maxima (read once from /proc; where they cannot be read, nothing is asked).
 */
import { readFileSync } from 'node:fs';

/** What a relay socket asks for, before the kernel's cap: about a second of a 50 packet/s stream of 1,500-byte frames. */
export const WANTED_BUFFER_BYTES = 128 * 1024;

export interface SocketBufferSizes {
  /** Bytes asked for per socket (undefined: the host's default, the maxima being unknown). */
  readonly recvBufferSize: number | undefined;
  readonly sendBufferSize: number | undefined;
  /** net.core.rmem_max and wmem_max as read (undefined: not readable, e.g. not Linux). */
  readonly rmemMax: number | undefined;
  readonly wmemMax: number | undefined;
}

function readNumber(path: string): number | undefined {
  try {
    const value = Number(readFileSync(path, 'utf8').trim());
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

let cached: SocketBufferSizes | undefined;

/** The buffer sizes relay sockets ask for: `wanted`, capped at the kernel's maxima (read once). */
export function socketBufferSizes(wanted = WANTED_BUFFER_BYTES): SocketBufferSizes {
  if (wanted === WANTED_BUFFER_BYTES && cached) return cached;
  const rmemMax = readNumber('/proc/sys/net/core/rmem_max');
  const wmemMax = readNumber('/proc/sys/net/core/wmem_max');
  const sizes = {
    recvBufferSize: rmemMax === undefined ? undefined : Math.min(wanted, rmemMax),
    sendBufferSize: wmemMax === undefined ? undefined : Math.min(wanted, wmemMax),
    rmemMax,
    wmemMax,
  };
  if (wanted === WANTED_BUFFER_BYTES) cached = sizes;
  return sizes;
}
