/**
 * A WILDCARD matcher's pattern, compiled once: `*` matches any run of characters (also none), `?` exactly one,
 * every other character itself (case-sensitive). The pattern must match the whole dial string.
 *
 * Captures: each maximal run of wildcard characters (`*`, `??`, `*?`, …) is one capture, numbered from 1 left to
 * right; capture 0 is the whole dial string. Where a `*` could take more or fewer characters, the leftmost `*`
 * takes as few as it can (`1*2*` on `1a2b2c` captures `a` and `b2c`).
 *
 * Matching never backtracks more than one `*` at a time (the classic two-pointer glob algorithm), so it costs at
 * most pattern length × dial string length whatever the pattern: no regular expression, no catastrophic cases.
 */
export class WildcardPattern {
  /** The characters before the first wildcard: every matching dial string starts with them. */
  readonly literalPrefix: string;
  private readonly tokens: string;
  /** For each token position starting a capture run, the position after the run; -1 elsewhere. */
  private readonly runEnds: readonly number[];
  readonly captureCount: number;
  private readonly hasWildcard: boolean;

  constructor(readonly pattern: string) {
    this.tokens = pattern;
    const firstWildcard = pattern.search(/[*?]/);
    this.hasWildcard = firstWildcard >= 0;
    this.literalPrefix = this.hasWildcard ? pattern.slice(0, firstWildcard) : pattern;
    const runEnds: number[] = new Array(pattern.length).fill(-1);
    let count = 0;
    for (let i = 0; i < pattern.length;) {
      if (isWildcard(pattern[i]!)) {
        let end = i;
        while (end < pattern.length && isWildcard(pattern[end]!)) end += 1;
        runEnds[i] = end;
        count += 1;
        i = end;
      } else {
        i += 1;
      }
    }
    this.runEnds = runEnds;
    this.captureCount = count;
  }

  test(text: string): boolean {
    if (!this.hasWildcard) return text === this.tokens;
    return this.run(text, undefined);
  }

  /** [whole, capture 1, capture 2, …] when the pattern matches the whole text; undefined otherwise. */
  match(text: string): string[] | undefined {
    const starts: number[] = new Array(this.tokens.length + 1).fill(0);
    if (!this.run(text, starts)) return undefined;
    const parts = [text];
    for (let i = 0; i < this.tokens.length; i += 1) {
      const end = this.runEnds[i]!;
      if (end >= 0) parts.push(text.slice(starts[i], starts[end]));
    }
    return parts;
  }

  /** The glob match; when `starts` is given, starts[t] is the text position where token t began matching. */
  private run(text: string, starts: number[] | undefined): boolean {
    const tokens = this.tokens;
    let t = 0;
    let p = 0;
    let starToken = -1;
    let starText = 0;
    while (t < text.length) {
      const token = p < tokens.length ? tokens[p] : undefined;
      if (token === '*') {
        if (starts) starts[p] = t;
        starToken = p;
        starText = t;
        p += 1;
      } else if (token !== undefined && (token === '?' || token === text[t])) {
        if (starts) starts[p] = t;
        p += 1;
        t += 1;
      } else if (starToken >= 0) {
        // Let the last `*` take one more character and go on behind it.
        starText += 1;
        t = starText;
        p = starToken + 1;
      } else {
        return false;
      }
    }
    while (p < tokens.length && tokens[p] === '*') {
      if (starts) starts[p] = t;
      p += 1;
    }
    if (starts) starts[p] = t;
    return p === tokens.length;
  }
}

function isWildcard(character: string): boolean {
  return character === '*' || character === '?';
}
