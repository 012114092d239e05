import { formatIp, parseIp } from './IpAddress.js';
import { DEFAULT_REGISTRAR_GUARD, type RegistrarGuardSettings } from './RegistrarGuardSettings.js';

/** A source address or a user (of one registrar node) that may not register until `until` (ms, lab clock). */
export interface GuardBlock {
  readonly kind: 'source' | 'user';
  /** The source address, or the user name. */
  readonly name: string;
  /** The registrar node of a user block. */
  readonly nodeId?: string;
  readonly until: number;
  /** The consecutive failed digests that led to it. */
  readonly failures: number;
}

/** What a failed digest comes to: how long its answer is held, and the blocks it set off. */
export interface FailedDigest {
  readonly delayMs: number;
  readonly blocked: readonly GuardBlock[];
}

/** Consecutive failures of one key, the last one's instant, and the block they led to. */
interface Tally {
  failures: number;
  lastFailure: number;
  blockedUntil: number | undefined;
}

/** How many keys of each kind are kept at most (beyond it the quiet ones go first, then the oldest). */
const MAX_KEYS = 50_000;

/** The same source however the socket spelt it (`::ffff:192.0.2.1` is `192.0.2.1`). */
function sourceKey(source: string): string {
  const parsed = parseIp(source);
  return parsed ? formatIp(parsed) : source;
}

function userKey(nodeId: string, user: string): string {
  return `${nodeId}\n${user}`;
}

/**
 * Password guessing at a lab's phone registrars, counted (RFC 3261 section 26.3.2.4 leaves the defence to the
 * registrar; this is the API's login policy applied to digests): per source address (across the lab's registrar
 * nodes) and per user of a registrar node, consecutive failed digests; a wrong password, a name without one and an
 * unknown name count alike, so the counts never tell them apart. A proven password resets the source's and the
 * user's count; failures older than the window with no new one are forgotten. The k-th consecutive failure's answer
 * is held min(maxDelayMs, minDelayMs · 2^(k−1)) ms (k the higher of the source's and the user's count); the
 * attemptsUntilBlocked-th blocks the source (the user) for blockSeconds, refused even with the right password until
 * the block ends or an administrator lifts it; then its count starts over. Pure: instants come in, nothing is timed
 * here.
 */
export class RegistrarGuard {
  private readonly sources = new Map<string, Tally>();
  private readonly users = new Map<string, Tally>();
  /** Failed digests since the lab's registrar started, and REGISTERs refused while blocked (for the metrics). */
  failedDigests = 0;
  refusedWhileBlocked = 0;

  constructor(public settings: RegistrarGuardSettings = DEFAULT_REGISTRAR_GUARD) {}

  /** The block that refuses a REGISTER from `source` for `user` at the node now (the later-ending of the two), if any. */
  blockOf(source: string, nodeId: string, user: string, now: number): GuardBlock | undefined {
    const blocks = [
      this.blockIn(this.sources, sourceKey(source), now, 'source'),
      this.blockIn(this.users, userKey(nodeId, user), now, 'user'),
    ].filter((block): block is GuardBlock => block !== undefined);
    if (blocks.length === 0) return undefined;
    this.refusedWhileBlocked += 1;
    return blocks.reduce((a, b) => (b.until > a.until ? b : a));
  }

  /** Records a failed digest: the delay its answer is held, and the blocks it set off. */
  failed(source: string, nodeId: string, user: string, now: number): FailedDigest {
    this.failedDigests += 1;
    const { attemptsUntilBlocked, minDelayMs, maxDelayMs, blockSeconds } = this.settings;
    const tallies = [
      { map: this.sources, key: sourceKey(source), kind: 'source' as const },
      { map: this.users, key: userKey(nodeId, user), kind: 'user' as const },
    ];
    let highest = 0;
    const blocked: GuardBlock[] = [];
    for (const { map, key, kind } of tallies) {
      const tally = this.tally(map, key, now);
      tally.failures += 1;
      tally.lastFailure = now;
      highest = Math.max(highest, tally.failures);
      if (attemptsUntilBlocked > 0 && tally.failures >= attemptsUntilBlocked && tally.blockedUntil === undefined) {
        tally.blockedUntil = now + blockSeconds * 1000;
        blocked.push(blockView(kind, key, tally));
      }
    }
    const delayMs = minDelayMs === 0 ? 0 : Math.min(maxDelayMs, minDelayMs * 2 ** Math.min(highest - 1, 30));
    return { delayMs, blocked };
  }

  /** A proven password: the source's and the user's counts start over. */
  succeeded(source: string, nodeId: string, user: string): void {
    for (const [map, key] of [
      [this.sources, sourceKey(source)],
      [this.users, userKey(nodeId, user)],
    ] as const) {
      const tally = map.get(key);
      if (tally && tally.blockedUntil === undefined) map.delete(key);
    }
  }

  /** The blocks in force now: sources first, then users, each by the instant it ends. */
  blocks(now: number): GuardBlock[] {
    const found: GuardBlock[] = [];
    for (const [kind, map] of [
      ['source', this.sources],
      ['user', this.users],
    ] as const) {
      const ofKind: GuardBlock[] = [];
      for (const key of [...map.keys()]) {
        const block = this.blockIn(map, key, now, kind);
        if (block) ofKind.push(block);
      }
      found.push(...ofKind.sort((a, b) => a.until - b.until));
    }
    return found;
  }

  /**
   * Lifts blocks (an administrator's act): of the source address, of the user (at every registrar node), or every
   * one when neither is named. Their counts start over. Answers the blocks that were in force.
   */
  lift(filter: { readonly source?: string; readonly user?: string }, now: number): GuardBlock[] {
    const lifted = this.blocks(now).filter(
      (block) =>
        (filter.source === undefined && filter.user === undefined) ||
        (block.kind === 'source' && filter.source !== undefined && block.name === sourceKey(filter.source)) ||
        (block.kind === 'user' && filter.user !== undefined && block.name === filter.user),
    );
    for (const block of lifted) {
      if (block.kind === 'source') this.sources.delete(block.name);
      else this.users.delete(userKey(block.nodeId!, block.name));
    }
    return lifted;
  }

  /** The key's tally as it stands at `now`: a block that ran out, or failures past the window, start it over. */
  private tally(map: Map<string, Tally>, key: string, now: number): Tally {
    let tally = map.get(key);
    const expired =
      tally !== undefined &&
      (tally.blockedUntil !== undefined
        ? tally.blockedUntil <= now
        : now - tally.lastFailure > this.settings.windowSeconds * 1000);
    if (!tally || expired) {
      map.delete(key);
      if (map.size >= MAX_KEYS) this.prune(map, now);
      tally = { failures: 0, lastFailure: now, blockedUntil: undefined };
      map.set(key, tally);
    }
    return tally;
  }

  private blockIn(map: Map<string, Tally>, key: string, now: number, kind: GuardBlock['kind']): GuardBlock | undefined {
    const tally = map.get(key);
    if (tally?.blockedUntil === undefined) return undefined;
    if (tally.blockedUntil <= now) {
      map.delete(key);
      return undefined;
    }
    return blockView(kind, key, tally);
  }

  /** Makes room: the tallies with nothing in force go first; if that is not enough, the oldest that are not blocks. */
  private prune(map: Map<string, Tally>, now: number): void {
    const windowMs = this.settings.windowSeconds * 1000;
    for (const [key, tally] of map) {
      const live = tally.blockedUntil !== undefined ? tally.blockedUntil > now : now - tally.lastFailure <= windowMs;
      if (!live) map.delete(key);
    }
    for (const [key, tally] of map) {
      if (map.size < MAX_KEYS) break;
      if (tally.blockedUntil === undefined) map.delete(key);
    }
  }
}

function blockView(kind: GuardBlock['kind'], key: string, tally: Tally): GuardBlock {
  if (kind === 'source') return { kind, name: key, until: tally.blockedUntil!, failures: tally.failures };
  const cut = key.indexOf('\n');
  return {
    kind,
    name: key.slice(cut + 1),
    nodeId: key.slice(0, cut),
    until: tally.blockedUntil!,
    failures: tally.failures,
  };
}
