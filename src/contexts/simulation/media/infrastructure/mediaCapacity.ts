/**
 * How many anchored calls a node's media can carry: each side of an anchored call holds one RTP/RTCP port pair of
 * its node's range (RFC 3550 section 11: RTP on the even port, RTCP on the odd one above it), so two pairs and four
 * UDP sockets, i.e. four file descriptors, per call. The ranges bound the calls by their ports, the process's
 * open-file limit (RLIMIT_NOFILE) by its descriptors; the smaller bound is what the gateway carries, and a limit
 * below what the ranges allow is worth a warning at start-up (raise `ulimit -n`, or LimitNOFILE= in a unit file).
 */
import { readFileSync } from 'node:fs';

/** File descriptors an anchored call holds: an RTP and an RTCP socket on each side. */
export const FILES_PER_CALL = 4;
/** Port pairs an anchored call holds: one per side. */
export const PAIRS_PER_CALL = 2;
/**
 * Descriptors kept for the rest of the process: SIP listeners and their TCP/TLS connections, the database, HTTP
 * connections, log files, the workers' pipes, idle pairs resting in the pools.
 */
export const RESERVED_FILES = 1024;

/** One RTP port range as a node's network controller gives it (both ends inclusive). */
export interface MediaRangeView {
  readonly host: string;
  readonly first: number;
  readonly last: number;
}

export interface MediaCapacity {
  /** The distinct ranges the nodes draw on, each with its port pairs. */
  readonly ranges: readonly (MediaRangeView & { readonly pairs: number })[];
  /** Anchored calls the ranges allow, both sides of every call drawing on the same range at worst. */
  readonly callsByPorts: number;
  /** The process's soft open-file limit (undefined: unknown, or unlimited). */
  readonly openFileLimit: number | undefined;
  /** Anchored calls the open-file limit allows once RESERVED_FILES are set aside (undefined: no limit known). */
  readonly callsByFiles: number | undefined;
  /** The smaller of the two: what the process can anchor at once. */
  readonly anchoredCalls: number;
  /** Whether the open-file limit is below what the ranges allow (the limit, not the ranges, caps the calls). */
  readonly limitedByFiles: boolean;
}

/** Port pairs of a range: the even ports whose odd neighbour is in the range too. */
export function pairsOf(range: { readonly first: number; readonly last: number }): number {
  const first = range.first + (range.first % 2);
  return first + 1 > range.last ? 0 : Math.floor((range.last - first - 1) / 2) + 1;
}

/** The soft "Max open files" of /proc/self/limits (undefined: unreadable, or unlimited). */
export function readOpenFileLimit(path = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(path, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    const value = Number(soft);
    return soft === undefined || !Number.isFinite(value) ? undefined : value;
  } catch {
    return undefined;
  }
}

/** The anchored calls `ranges` and an open-file limit allow (duplicate ranges counted once). */
export function mediaCapacity(ranges: readonly MediaRangeView[], openFileLimit: number | undefined): MediaCapacity {
  const distinct = new Map<string, MediaRangeView & { pairs: number }>();
  for (const r of ranges) distinct.set(`${r.host}:${r.first}-${r.last}`, { ...r, pairs: pairsOf(r) });
  const list = [...distinct.values()].sort((a, b) => a.host.localeCompare(b.host) || a.first - b.first);
  const callsByPorts = Math.floor(list.reduce((sum, r) => sum + r.pairs, 0) / PAIRS_PER_CALL);
  const callsByFiles =
    openFileLimit === undefined
      ? undefined
      : Math.max(0, Math.floor((openFileLimit - RESERVED_FILES) / FILES_PER_CALL));
  const limitedByFiles = callsByFiles !== undefined && callsByFiles < callsByPorts;
  return {
    ranges: list,
    callsByPorts,
    openFileLimit,
    callsByFiles,
    anchoredCalls: limitedByFiles ? callsByFiles : callsByPorts,
    limitedByFiles,
  };
}
