/** Where an offset of the template source lies: 1-based line and column (columns count UTF-16 code units). */
export class SourceMap {
  private readonly lineStarts: number[] = [0];

  constructor(readonly source: string) {
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.lineStarts.push(i + 1);
  }

  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }

  /** "line:column" of an offset, as used inside messages ("opened at 1:2"). */
  at(offset: number): string {
    const p = this.position(offset);
    return `${p.line}:${p.column}`;
  }
}

/**
 * Any problem with a template, found while compiling it (syntax) or rendering it (a missing value, a wrong type,
 * a limit). `line` and `column` (1-based) say where; `description` says what, and `message` is both.
 */
export class TemplateError extends Error {
  constructor(
    readonly description: string,
    readonly line: number,
    readonly column: number,
    /** True when the problem is a missing value: a parenthesised `(expr)!default` or `(expr)??` absorbs it. */
    readonly undefinedValue = false,
  ) {
    super(`line ${line}, column ${column}: ${description}`);
    this.name = 'TemplateError';
  }

  static at(map: SourceMap, offset: number, description: string, undefinedValue = false): TemplateError {
    const p = map.position(offset);
    return new TemplateError(description, p.line, p.column, undefinedValue);
  }
}
