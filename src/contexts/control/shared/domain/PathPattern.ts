/**
 * A path pattern of a fault rule or a journal filter: `*` stands for any run of characters (slashes too), `?`
 * for one character, everything else is literal. Matched by the two-pointer glob algorithm (pattern × path at
 * worst, nothing to backtrack exponentially), never by a regular expression built from user input.
 */
export class PathPattern {
  private constructor(
    readonly text: string,
    private readonly literalPrefix: string | undefined,
  ) {}

  static readonly MAX_LENGTH = 256;

  /** A glob when the text holds `*` or `?`; undefined otherwise (see `prefixOrGlob`). */
  static glob(text: string): PathPattern {
    return new PathPattern(text, undefined);
  }

  /** The journal's filter: a glob when it holds a wildcard, else a prefix of the path. */
  static prefixOrGlob(text: string): PathPattern {
    return /[*?]/.test(text) ? new PathPattern(text, undefined) : new PathPattern(text, text);
  }

  get isGlob(): boolean {
    return this.literalPrefix === undefined;
  }

  matches(path: string): boolean {
    if (this.literalPrefix !== undefined) return path.startsWith(this.literalPrefix);
    return globMatch(this.text, path);
  }
}

/** Whole-text glob match: `*` any run, `?` one character. */
export function globMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    const c = pattern[p];
    if (c === '?' || (c !== undefined && c !== '*' && c === text[t])) {
      p += 1;
      t += 1;
    } else if (c === '*') {
      star = p;
      resume = t;
      p += 1;
    } else if (star >= 0) {
      p = star + 1;
      resume += 1;
      t = resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p += 1;
  return p === pattern.length;
}
