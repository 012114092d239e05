import { LOOP_BUILT_INS, type Expr, type Node } from './ast.js';
import { applyBuiltIn, BuiltInError } from './builtins.js';
import { formatNumber, isoUtc } from './format.js';
import { parseTemplate } from './parse.js';
import { TemplateError, type SourceMap } from './TemplateError.js';
import { MISSING, hashGet, isHash, typeOf, type Value } from './values.js';

export interface TemplateOptions {
  /** Largest output, in UTF-8 bytes (default 16 MiB); a template writing more fails with a TemplateError. */
  maxOutputBytes?: number;
  /** Most evaluation steps (nodes and expression nodes) one render may take (default 10 million). */
  maxSteps?: number;
}

export const DEFAULT_MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
export const DEFAULT_MAX_STEPS = 10_000_000;

/** The state of one `<#list>` loop, for `x?index`, `x?has_next` and `<#sep>`. */
export interface Loop {
  name: string;
  items: readonly unknown[];
  index: number;
}

/** One rendering: output, counters, variables. */
class Run {
  readonly out: string[] = [];
  bytes = 0;
  steps = 0;
  readonly loops: Loop[] = [];
  readonly assigned = new Map<string, Value>();

  constructor(
    readonly map: SourceMap,
    readonly model: Record<string, unknown>,
    readonly limits: Required<TemplateOptions>,
  ) {}

  error(pos: number, description: string, undefinedValue = false): TemplateError {
    return TemplateError.at(this.map, pos, description, undefinedValue);
  }

  step(pos: number): void {
    if (++this.steps > this.limits.maxSteps) {
      throw this.error(pos, `the template took more than ${this.limits.maxSteps} steps (maxSteps)`);
    }
  }

  write(pos: number, text: string): void {
    this.bytes += Buffer.byteLength(text, 'utf8');
    if (this.bytes > this.limits.maxOutputBytes) {
      throw this.error(pos, `the output exceeds ${this.limits.maxOutputBytes} bytes (maxOutputBytes)`);
    }
    this.out.push(text);
  }

  /** Loop variables (innermost first), then `<#assign>`ed variables, then the model's own properties. */
  lookup(name: string): Value {
    for (let i = this.loops.length - 1; i >= 0; i--) {
      const loop = this.loops[i]!;
      if (loop.name === name) return toValue(loop.items[loop.index]);
    }
    if (this.assigned.has(name)) return this.assigned.get(name)!;
    return hashGet(this.model, name);
  }

  loopOf(name: string): Loop | undefined {
    for (let i = this.loops.length - 1; i >= 0; i--) if (this.loops[i]!.name === name) return this.loops[i];
    return undefined;
  }
}

function toValue(v: unknown): Value {
  return v === undefined || v === null || typeof v === 'function' ? MISSING : (v as Value);
}

/** A compiled template; `render` may be called any number of times, with different models. */
export class Template {
  private readonly nodes: Node[];
  private readonly map: SourceMap;
  private readonly limits: Required<TemplateOptions>;

  constructor(source: string, options: TemplateOptions = {}) {
    if (typeof source !== 'string') throw new TypeError('the template source must be a string');
    this.limits = {
      maxOutputBytes: positive(options.maxOutputBytes, DEFAULT_MAX_OUTPUT_BYTES, 'maxOutputBytes'),
      maxSteps: positive(options.maxSteps, DEFAULT_MAX_STEPS, 'maxSteps'),
    };
    ({ nodes: this.nodes, map: this.map } = parseTemplate(source));
  }

  /** Renders the template with `model` as the root hash (its own properties are the top-level variables). */
  render(model: object): string {
    if (model === null || typeof model !== 'object' || Array.isArray(model))
      throw new TypeError('the model must be an object');
    const run = new Run(this.map, model as Record<string, unknown>, this.limits);
    this.execute(run, this.nodes);
    return run.out.join('');
  }

  private execute(run: Run, nodes: readonly Node[]): void {
    for (const node of nodes) {
      run.step(node.pos);
      switch (node.kind) {
        case 'text':
          run.write(node.pos, node.text);
          break;
        case 'interpolation':
          run.write(node.pos, this.print(run, node.expr));
          break;
        case 'assign':
          for (const a of node.assignments) {
            const v = this.evaluate(run, a.value);
            if (v === MISSING) throw run.error(a.value.pos, `${a.value.text} is undefined`, true);
            run.assigned.set(a.name, v);
          }
          break;
        case 'if': {
          const branch = node.branches.find((b) => this.condition(run, b.condition));
          if (branch) this.execute(run, branch.body);
          else if (node.otherwise) this.execute(run, node.otherwise);
          break;
        }
        case 'list': {
          const seq = this.evaluate(run, node.sequence);
          if (seq === MISSING) throw run.error(node.sequence.pos, `${node.sequence.text} is undefined`, true);
          if (!Array.isArray(seq))
            throw run.error(node.sequence.pos, `<#list> needs a sequence, but ${node.sequence.text} is ${typeOf(seq)}`);
          if (seq.length === 0) {
            if (node.otherwise) this.execute(run, node.otherwise);
            break;
          }
          const loop: Loop = { name: node.variable, items: seq, index: 0 };
          run.loops.push(loop);
          try {
            for (; loop.index < seq.length; loop.index++) this.execute(run, node.body);
          } finally {
            run.loops.pop();
          }
          break;
        }
        case 'sep': {
          const loop = run.loops[run.loops.length - 1];
          if (loop && loop.index < loop.items.length - 1) this.execute(run, node.body);
          break;
        }
      }
    }
  }

  private condition(run: Run, e: Expr): boolean {
    const v = this.evaluate(run, e);
    if (v === MISSING) throw run.error(e.pos, `${e.text} is undefined`, true);
    if (typeof v !== 'boolean') throw run.error(e.pos, `a condition must be a boolean, but ${e.text} is ${typeOf(v)}`);
    return v;
  }

  /** `${expr}`: strings as they are, numbers in the default format, dates in ISO 8601 UTC. */
  private print(run: Run, e: Expr): string {
    const v = this.evaluate(run, e);
    if (v === MISSING) throw run.error(e.pos, `${e.text} is undefined`, true);
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return formatNumber(v);
    if (v instanceof Date) {
      if (Number.isNaN(v.getTime())) throw run.error(e.pos, `${e.text} is an invalid date`);
      return isoUtc(v);
    }
    if (typeof v === 'boolean') {
      throw run.error(
        e.pos,
        `${e.text} is a boolean, which cannot be printed as it is: use ?c or ?string("yes", "no")`,
      );
    }
    throw run.error(e.pos, `${e.text} is ${typeOf(v)}, which cannot be printed`);
  }

  /** Evaluates an expression to a value, or MISSING for an undefined one (the caller decides whether that is an error). */
  evaluate(run: Run, e: Expr): Value {
    run.step(e.pos);
    switch (e.kind) {
      case 'literal':
        return e.value;
      case 'variable':
        return run.lookup(e.name);
      case 'paren':
        return this.evaluate(run, e.inner);
      case 'member': {
        const obj = this.defined(run, e.object);
        if (!isHash(obj))
          throw run.error(e.pos, `${e.object.text} is ${typeOf(obj)}, not a hash: cannot read .${e.name}`);
        return hashGet(obj, e.name);
      }
      case 'index': {
        const obj = this.defined(run, e.object);
        const key = this.defined(run, e.index);
        if (Array.isArray(obj)) {
          if (typeof key !== 'number' || !Number.isInteger(key))
            throw run.error(
              e.index.pos,
              `a sequence index must be a whole number, but ${e.index.text} is ${typeOf(key)}`,
            );
          return key >= 0 && key < obj.length ? toValue(obj[key]) : MISSING;
        }
        if (typeof obj === 'string') {
          if (typeof key !== 'number' || !Number.isInteger(key))
            throw run.error(
              e.index.pos,
              `a string index must be a whole number, but ${e.index.text} is ${typeOf(key)}`,
            );
          return key >= 0 && key < obj.length ? obj[key]! : MISSING;
        }
        if (isHash(obj)) {
          if (typeof key !== 'string')
            throw run.error(e.index.pos, `a hash key must be a string, but ${e.index.text} is ${typeOf(key)}`);
          return hashGet(obj, key);
        }
        throw run.error(e.pos, `${e.object.text} is ${typeOf(obj)}: cannot index it with [ ]`);
      }
      case 'exists':
        return this.tolerant(run, e.operand) !== MISSING;
      case 'default': {
        const v = this.tolerant(run, e.operand);
        if (v !== MISSING) return v;
        return e.fallback ? this.evaluate(run, e.fallback) : '';
      }
      case 'not': {
        const v = this.defined(run, e.operand);
        if (typeof v !== 'boolean') throw run.error(e.pos, `! needs a boolean, but ${e.operand.text} is ${typeOf(v)}`);
        return !v;
      }
      case 'negate': {
        const v = this.defined(run, e.operand);
        if (typeof v !== 'number')
          throw run.error(e.pos, `unary ${e.minus ? '-' : '+'} needs a number, but ${e.operand.text} is ${typeOf(v)}`);
        return e.minus ? -v : v;
      }
      case 'builtin':
        return this.builtIn(run, e);
      case 'binary':
        return this.binary(run, e);
    }
  }

  /** Evaluates and refuses MISSING with "x is undefined". */
  private defined(run: Run, e: Expr): Value {
    const v = this.evaluate(run, e);
    if (v === MISSING) throw run.error(e.pos, `${e.text} is undefined`, true);
    return v;
  }

  /**
   * The operand of `!` and `??`: a parenthesised operand absorbs every undefined value inside it
   * (`(a.b.c)!"x"`); a bare one only its own last step (`a.b.c!"x"` still fails when a.b is undefined).
   */
  private tolerant(run: Run, e: Expr): Value {
    if (e.kind !== 'paren') return this.evaluate(run, e);
    try {
      return this.evaluate(run, e);
    } catch (err) {
      if (err instanceof TemplateError && err.undefinedValue) return MISSING;
      throw err;
    }
  }

  private builtIn(run: Run, e: Extract<Expr, { kind: 'builtin' }>): Value {
    if (LOOP_BUILT_INS.has(e.name)) {
      const loop = e.operand.kind === 'variable' ? run.loopOf(e.operand.name) : undefined;
      if (!loop) throw run.error(e.pos, `?${e.name} needs a <#list> loop variable, and ${e.operand.text} is not one`);
      if (e.args.length) throw run.error(e.pos, `?${e.name} takes no arguments`);
      switch (e.name) {
        case 'index':
          return loop.index;
        case 'counter':
          return loop.index + 1;
        case 'has_next':
          return loop.index < loop.items.length - 1;
        case 'is_first':
          return loop.index === 0;
        default:
          return loop.index === loop.items.length - 1;
      }
    }
    if (e.name === 'has_content') {
      if (e.args.length) throw run.error(e.pos, '?has_content takes no arguments');
      const v = this.tolerant(run, e.operand);
      if (v === MISSING || v === '') return false;
      if (Array.isArray(v)) return v.length > 0;
      if (isHash(v)) return Object.keys(v).some((k) => hashGet(v, k) !== MISSING);
      return true;
    }
    const operand = this.defined(run, e.operand);
    const args = e.args.map((a) => this.defined(run, a));
    try {
      return applyBuiltIn(e.name, operand, args);
    } catch (err) {
      if (err instanceof BuiltInError) throw run.error(e.pos, `${e.text}: ${err.message}`);
      throw err;
    }
  }

  private binary(run: Run, e: Extract<Expr, { kind: 'binary' }>): Value {
    if (e.op === '&&' || e.op === '||') {
      const left = this.defined(run, e.left);
      if (typeof left !== 'boolean')
        throw run.error(e.left.pos, `${e.op} needs booleans, but ${e.left.text} is ${typeOf(left)}`);
      if (e.op === '&&' ? !left : left) return left;
      const right = this.defined(run, e.right);
      if (typeof right !== 'boolean')
        throw run.error(e.right.pos, `${e.op} needs booleans, but ${e.right.text} is ${typeOf(right)}`);
      return right;
    }
    const a = this.defined(run, e.left);
    const b = this.defined(run, e.right);
    const mismatch = (what: string): TemplateError =>
      run.error(e.pos, `${e.op} ${what}, but ${e.left.text} is ${typeOf(a)} and ${e.right.text} is ${typeOf(b)}`);
    switch (e.op) {
      case '+':
        if (typeof a === 'number' && typeof b === 'number') return a + b;
        if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
        if (isText(a) && isText(b)) return asText(a) + asText(b);
        throw mismatch('needs two numbers, two sequences, or strings, numbers and dates to join');
      case '-':
      case '*':
      case '/':
      case '%': {
        if (typeof a !== 'number' || typeof b !== 'number') throw mismatch('needs two numbers');
        if ((e.op === '/' || e.op === '%') && b === 0)
          throw run.error(e.right.pos, `division by zero: ${e.right.text} is 0`);
        return e.op === '-' ? a - b : e.op === '*' ? a * b : e.op === '/' ? a / b : a % b;
      }
      case '==':
      case '!=': {
        const same = equal(a, b);
        if (same === undefined) throw mismatch('compares two strings, numbers, booleans or dates of the same kind');
        return e.op === '==' ? same : !same;
      }
      default: {
        let x: number;
        let y: number;
        if (typeof a === 'number' && typeof b === 'number') {
          x = a;
          y = b;
        } else if (a instanceof Date && b instanceof Date) {
          x = a.getTime();
          y = b.getTime();
        } else throw mismatch('compares two numbers or two dates');
        return e.op === '<' ? x < y : e.op === '<=' ? x <= y : e.op === '>' ? x > y : x >= y;
      }
    }
  }
}

function isText(v: Value): boolean {
  return typeof v === 'string' || typeof v === 'number' || v instanceof Date;
}

function asText(v: Value): string {
  return typeof v === 'number' ? formatNumber(v) : v instanceof Date ? isoUtc(v) : (v as string);
}

function equal(a: Value, b: Value): boolean | undefined {
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return undefined;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}
