import type { MatcherKey } from './CompiledMatcher.js';

/** What the index holds: anything with a position in route order and a test of the whole call. */
export interface IndexedFilter<Call> {
  /** The filter's position over all routes and their filters, in evaluation order. */
  readonly ordinal: number;
  /** Where the filter's destination matcher finds its dial strings (no destination matcher: prefix ''). */
  readonly destinationKey: MatcherKey;
  test(call: Call): boolean;
}

interface TrieNode<F> {
  readonly children: Map<string, TrieNode<F>>;
  readonly filters: F[];
}

/**
 * The filters of one source node's routes, bucketed by their destination matcher so that a call looks only at
 * the filters that can match its destination: a character trie of the literal prefixes (a PLAIN prefix, a
 * WILDCARD pattern's characters before its first wildcard, an EXTENSION_RANGE's trunk and fixed leading digits,
 * '' when there is no destination matcher) and a map of DIRECTORY entries. A call walks its destination down the
 * trie (one bucket per character) and looks up its destination in the map; each bucket lists its filters in
 * route order, so each bucket is scanned only up to its first match or to the best match found so far. The
 * answer is the first filter in route order that matches, exactly as a top-down scan of all routes would give.
 */
export class RouteIndex<Call, F extends IndexedFilter<Call>> {
  private readonly root: TrieNode<F> = { children: new Map(), filters: [] };
  private readonly exact = new Map<string, F[]>();
  private size = 0;

  /** Filters must be added in ordinal order. */
  add(filter: F): void {
    const key = filter.destinationKey;
    if (key.kind === 'never') return;
    this.size += 1;
    if (key.kind === 'exact') {
      for (const value of key.values) {
        const bucket = this.exact.get(value);
        if (bucket) bucket.push(filter);
        else this.exact.set(value, [filter]);
      }
      return;
    }
    let node = this.root;
    for (let i = 0; i < key.prefix.length; i += 1) {
      const character = key.prefix[i]!;
      let child = node.children.get(character);
      if (!child) {
        child = { children: new Map(), filters: [] };
        node.children.set(character, child);
      }
      node = child;
    }
    node.filters.push(filter);
  }

  get filterCount(): number {
    return this.size;
  }

  first(call: Call, destination: string): F | undefined {
    let best = scan(this.exact.get(destination), call, undefined);
    best = scan(this.root.filters, call, best);
    let node: TrieNode<F> | undefined = this.root;
    for (let i = 0; i < destination.length; i += 1) {
      node = node.children.get(destination[i]!);
      if (!node) break;
      best = scan(node.filters, call, best);
    }
    return best;
  }
}

function scan<Call, F extends IndexedFilter<Call>>(
  bucket: readonly F[] | undefined,
  call: Call,
  best: F | undefined,
): F | undefined {
  if (!bucket) return best;
  for (const filter of bucket) {
    if (best && filter.ordinal >= best.ordinal) return best;
    if (filter.test(call)) return filter;
  }
  return best;
}
