import { BUILT_INS, type BinaryOperator, type Expr } from './ast.js';
import { TemplateError, type SourceMap } from './TemplateError.js';
import { describe, lexString, NAME_PART, NAME_START, OPERATORS, type Token } from './tokens.js';

/** An expression node without its position and text (distributed over the union). */
type ExprFields = Expr extends infer E ? (E extends Expr ? Omit<E, 'pos' | 'text' | 'depth'> : never) : never;

const WORD_OPERATORS = new Map<string, BinaryOperator>([
  ['lt', '<'],
  ['lte', '<='],
  ['gt', '>'],
  ['gte', '>='],
]);
/** Deepest nesting of parentheses, brackets and unary operators an expression may have. */
const MAX_DEPTH = 200;
/** Highest syntax tree of one expression (a chain of 1000 additions is 1000 deep). */
const MAX_TREE_DEPTH = 1000;

/**
 * A recursive-descent parser of one FreeMarker expression inside `${...}` (mode `interpolation`, ended by `}`)
 * or a directive (mode `tag`, ended by `>` or `/>`). Inside parentheses or brackets `>` is the comparison;
 * outside, `>` ends the tag (as in FreeMarker: write `gt` or parenthesise), while `>=` is read as the comparison.
 */
export class ExpressionParser {
  private depth = 0;
  private nesting = 0;
  private peeked: Token | undefined;

  constructor(
    private readonly map: SourceMap,
    public pos: number,
    private readonly mode: 'interpolation' | 'tag',
  ) {}

  private get src(): string {
    return this.map.source;
  }

  error(offset: number, description: string): TemplateError {
    return TemplateError.at(this.map, offset, description);
  }

  /** Skips white-space (and `<#-- -->` comments, which FreeMarker allows inside tags). */
  skipSpace(): void {
    for (;;) {
      while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos++;
      if (this.src.startsWith('<#--', this.pos)) {
        const close = this.src.indexOf('-->', this.pos + 4);
        if (close < 0) throw this.error(this.pos, 'unclosed comment <#--');
        this.pos = close + 3;
      } else return;
    }
  }

  peek(): Token {
    if (!this.peeked) this.peeked = this.lex();
    return this.peeked;
  }

  next(): Token {
    const t = this.peek();
    this.peeked = undefined;
    this.pos = t.end;
    return t;
  }

  /** Reads the next token without consuming it; `this.pos` is left before it. */
  private lex(): Token {
    this.skipSpace();
    const start = this.pos;
    const s = this.src;
    if (start >= s.length) {
      throw this.error(start, this.mode === 'interpolation' ? 'unclosed ${ : expected }' : 'unclosed tag: expected >');
    }
    const ch = s[start]!;
    // `}` always ends an interpolation (the subset has no hash literals), so `${(a}` says a ) is missing
    if (this.mode === 'interpolation' && ch === '}') return { type: 'end', value: '}', pos: start, end: start + 1 };
    if (this.depth === 0) {
      if (this.mode === 'tag' && ch === '>' && s[start + 1] !== '=')
        return { type: 'end', value: '>', pos: start, end: start + 1 };
      if (this.mode === 'tag' && ch === '/' && s[start + 1] === '>')
        return { type: 'end', value: '/>', pos: start, end: start + 2 };
    }
    if (ch === '"' || ch === "'") return lexString(this.map, start, start + 1, ch, false);
    if (ch === 'r' && (s[start + 1] === '"' || s[start + 1] === "'"))
      return lexString(this.map, start, start + 2, s[start + 1]!, true);
    if (/[0-9]/.test(ch)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(s.slice(start, start + 400))!;
      return { type: 'number', value: Number(m[0]), pos: start, end: start + m[0].length };
    }
    if (NAME_START.test(ch)) {
      let end = start + 1;
      while (end < s.length && NAME_PART.test(s[end]!)) end++;
      return { type: 'name', value: s.slice(start, end), pos: start, end };
    }
    for (const op of OPERATORS) {
      if (s.startsWith(op, start)) return { type: 'op', value: op, pos: start, end: start + op.length };
    }
    throw this.error(start, `unexpected character ${JSON.stringify(ch)} in expression`);
  }

  private expectOp(op: string): Token {
    const t = this.next();
    if (t.type !== 'op' || t.value !== op) throw this.error(t.pos, `expected ${op} but found ${describe(t)}`);
    return t;
  }

  private node(start: number, fields: ExprFields): Expr {
    let depth = 0;
    for (const v of Object.values(fields)) {
      if (Array.isArray(v)) for (const a of v as Expr[]) depth = Math.max(depth, a.depth);
      else if (typeof v === 'object' && v !== null && 'depth' in v) depth = Math.max(depth, (v as Expr).depth);
    }
    if (depth + 1 > MAX_TREE_DEPTH)
      throw this.error(start, `expression too complex: more than ${MAX_TREE_DEPTH} operations deep`);
    return { ...fields, pos: start, text: this.src.slice(start, this.pos).trim(), depth: depth + 1 } as Expr;
  }

  private enter(at: number): void {
    if (++this.nesting > MAX_DEPTH) throw this.error(at, `expression nested more than ${MAX_DEPTH} levels deep`);
  }

  /** Parses a whole expression; the caller then expects the end token or what follows. */
  parseExpression(): Expr {
    return this.parseOr();
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isOp('||')) {
      this.next();
      const right = this.parseAnd();
      left = this.node(left.pos, { kind: 'binary', op: '||', left, right });
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseEquality();
    while (this.isOp('&&')) {
      this.next();
      const right = this.parseEquality();
      left = this.node(left.pos, { kind: 'binary', op: '&&', left, right });
    }
    return left;
  }

  private parseEquality(): Expr {
    let left = this.parseRelational();
    for (;;) {
      const t = this.peek();
      if (t.type !== 'op' || (t.value !== '==' && t.value !== '!=' && t.value !== '=')) return left;
      this.next();
      const right = this.parseRelational();
      left = this.node(left.pos, { kind: 'binary', op: t.value === '!=' ? '!=' : '==', left, right });
    }
  }

  private parseRelational(): Expr {
    const left = this.parseAdditive();
    const t = this.peek();
    let op: BinaryOperator | undefined;
    if (t.type === 'op' && (t.value === '<' || t.value === '<=' || t.value === '>' || t.value === '>=')) op = t.value;
    else if (t.type === 'name') op = WORD_OPERATORS.get(t.value);
    if (!op) return left;
    this.next();
    const right = this.parseAdditive();
    return this.node(left.pos, { kind: 'binary', op, left, right });
  }

  private parseAdditive(): Expr {
    let left = this.parseMultiplicative();
    for (;;) {
      const t = this.peek();
      if (t.type !== 'op' || (t.value !== '+' && t.value !== '-')) return left;
      this.next();
      const right = this.parseMultiplicative();
      left = this.node(left.pos, { kind: 'binary', op: t.value, left, right });
    }
  }

  private parseMultiplicative(): Expr {
    let left = this.parseUnary();
    for (;;) {
      const t = this.peek();
      if (t.type !== 'op' || (t.value !== '*' && t.value !== '/' && t.value !== '%')) return left;
      this.next();
      const right = this.parseUnary();
      left = this.node(left.pos, { kind: 'binary', op: t.value, left, right });
    }
  }

  private parseUnary(): Expr {
    const t = this.peek();
    if (t.type === 'op' && (t.value === '!' || t.value === '-' || t.value === '+')) {
      this.enter(t.pos);
      this.next();
      const operand = this.parseUnary();
      this.nesting--;
      return t.value === '!'
        ? this.node(t.pos, { kind: 'not', operand })
        : this.node(t.pos, { kind: 'negate', operand, minus: t.value === '-' });
    }
    return this.parsePostfix();
  }

  private parsePostfix(): Expr {
    let e = this.parsePrimary();
    for (;;) {
      const t = this.peek();
      if (t.type !== 'op') return e;
      if (t.value === '.') {
        this.next();
        const name = this.next();
        if (name.type !== 'name') throw this.error(name.pos, `expected a name after . but found ${describe(name)}`);
        e = this.node(e.pos, { kind: 'member', object: e, name: name.value });
      } else if (t.value === '[') {
        this.enter(t.pos);
        this.next();
        this.depth++;
        const index = this.parseExpression();
        this.depth--;
        this.expectOp(']');
        this.nesting--;
        e = this.node(e.pos, { kind: 'index', object: e, index });
      } else if (t.value === '?') {
        this.next();
        const name = this.next();
        if (name.type !== 'name')
          throw this.error(name.pos, `expected a built-in name after ? but found ${describe(name)}`);
        if (!BUILT_INS.has(name.value)) throw this.error(t.pos, `unknown built-in ?${name.value}`);
        const args: Expr[] = [];
        if (this.isOp('(')) {
          this.enter(this.peek().pos);
          this.next();
          this.depth++;
          if (!this.isOp(')')) {
            args.push(this.parseExpression());
            while (this.isOp(',')) {
              this.next();
              args.push(this.parseExpression());
            }
          }
          this.depth--;
          this.expectOp(')');
          this.nesting--;
        }
        e = this.node(e.pos, { kind: 'builtin', operand: e, name: name.value, args });
      } else if (t.value === '??') {
        this.next();
        e = this.node(e.pos, { kind: 'exists', operand: e });
      } else if (t.value === '!') {
        this.next();
        // `x!` alone, or `x!fallback` where the fallback is a primary expression with its own postfixes
        let fallback: Expr | undefined;
        if (this.startsOperand()) {
          this.enter(t.pos);
          fallback = this.parsePostfix();
          this.nesting--;
        }
        e = this.node(e.pos, { kind: 'default', operand: e, fallback });
      } else return e;
    }
  }

  private startsOperand(): boolean {
    const t = this.peek();
    if (t.type === 'string' || t.type === 'number') return true;
    if (t.type === 'name') return !WORD_OPERATORS.has(t.value) && t.value !== 'as';
    return t.type === 'op' && t.value === '(';
  }

  private parsePrimary(): Expr {
    const t = this.next();
    switch (t.type) {
      case 'string':
      case 'number':
        return this.node(t.pos, { kind: 'literal', value: t.value });
      case 'name':
        if (t.value === 'true' || t.value === 'false')
          return this.node(t.pos, { kind: 'literal', value: t.value === 'true' });
        if (WORD_OPERATORS.has(t.value) || t.value === 'as')
          throw this.error(t.pos, `expected a value but found ${t.value}`);
        return this.node(t.pos, { kind: 'variable', name: t.value });
      case 'op':
        if (t.value === '(') {
          this.enter(t.pos);
          this.depth++;
          const inner = this.parseExpression();
          this.depth--;
          this.expectOp(')');
          this.nesting--;
          return this.node(t.pos, { kind: 'paren', inner });
        }
        throw this.error(t.pos, `expected a value but found ${describe(t)}`);
      case 'end':
        throw this.error(t.pos, `expected a value but found ${describe(t)}`);
    }
  }

  private isOp(op: string): boolean {
    const t = this.peek();
    return t.type === 'op' && t.value === op;
  }

  /** Consumes a name token (for `as x`, `<#assign x = ...>`); returns undefined if the next token is not one. */
  acceptName(): { value: string; pos: number } | undefined {
    const t = this.peek();
    if (t.type !== 'name') return undefined;
    this.next();
    return t;
  }

  /** Consumes `=` (assignment). */
  expectAssign(): void {
    this.expectOp('=');
  }

  /** Consumes the end token and says which it was (`}`, `>` or `/>`). */
  expectEnd(what: string): string {
    const t = this.next();
    if (t.type !== 'end') throw this.error(t.pos, `expected the end of ${what} but found ${describe(t)}`);
    return t.value;
  }

  atEnd(): boolean {
    return this.peek().type === 'end';
  }
}
