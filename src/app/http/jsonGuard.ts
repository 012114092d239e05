import { HttpProblem } from './HttpProblem.js';
import { loneSurrogate } from './readBody.js';

/** What a JSON body may hold at most: nesting depth of objects and arrays, and keys in all its objects together. */
export interface JsonLimits {
  readonly depth: number;
  readonly keys: number;
}

/** Documented in docs/api.md: deep enough for every shape of the API, far below what overflows a recursive walk. */
export const JSON_LIMITS: JsonLimits = { depth: 32, keys: 2000 };

interface Frame {
  readonly array: boolean;
  key: string;
  index: number;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A field path as the request names it: `roleIds[2]`, `a.b[0].c`, `parameters["odd key"]`. */
export function fieldPath(steps: ReadonlyArray<string | number>): string {
  let path = '';
  for (const step of steps) {
    if (typeof step === 'number') path += `[${step}]`;
    else if (IDENTIFIER.test(step)) path += path ? `.${step}` : step;
    else path += `[${JSON.stringify(step)}]`;
  }
  return path;
}

function pathOf(stack: readonly Frame[], extraKey?: string): string {
  const steps: Array<string | number> = stack.map((frame) => (frame.array ? frame.index : frame.key));
  if (extraKey !== undefined) steps.push(extraKey);
  return fieldPath(steps) || 'body';
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * Checks a JSON text in one pass before anything is built from it: the grammar (a malformed body is a 400
 * MALFORMED_JSON naming line and column), the nesting depth (JSON_TOO_DEEP naming the field path where the
 * limit was passed), the number of keys (TOO_MANY_KEYS, counted before any per-key work) and lone UTF-16
 * surrogates in strings and keys, escaped or not (LONE_SURROGATE naming the field). JSON.parse of a text that
 * passed cannot fail.
 */
export function guardJson(text: string, limits: JsonLimits = JSON_LIMITS): void {
  new JsonPass(text, limits).run();
}

/** Follows a string's UTF-16 code units: returns whether a high surrogate waits for its low one; throws at a lone one. */
function surrogateUnit(code: number, pendingHigh: boolean, field: () => string): boolean {
  if (pendingHigh) {
    if (code >= 0xdc00 && code <= 0xdfff) return false;
    throw loneSurrogate(field());
  }
  if (code >= 0xd800 && code <= 0xdbff) return true;
  if (code >= 0xdc00 && code <= 0xdfff) throw loneSurrogate(field());
  return false;
}

/** The one pass of guardJson: where it is in the text, the objects and arrays open there, the keys seen so far. */
class JsonPass {
  private readonly text: string;
  private readonly n: number;
  private readonly limits: JsonLimits;
  private readonly stack: Frame[] = [];
  private i = 0;
  private keys = 0;
  private expectValue = true;

  constructor(text: string, limits: JsonLimits) {
    this.text = text;
    this.n = text.length;
    this.limits = limits;
  }

  run(): void {
    for (;;) {
      this.skipWhitespace();
      if (this.expectValue) {
        this.value();
        continue;
      }
      const frame = this.stack[this.stack.length - 1];
      if (!frame) {
        if (this.i < this.n) this.syntax('unexpected content after the JSON value');
        return;
      }
      this.afterValue(frame);
    }
  }

  private syntax(reason: string): never {
    const i = this.i;
    const before = this.text.slice(0, i);
    const line = before.split('\n').length;
    const column = i - before.lastIndexOf('\n');
    const message = `the body is not valid JSON: ${reason} at line ${line}, column ${column}`;
    throw new HttpProblem(400, 'MALFORMED_JSON', message, {}, [
      { field: 'body', rule: 'json', message: `${reason} at line ${line}, column ${column} (offset ${i})` },
    ]);
  }

  private skipWhitespace(): void {
    const { text, n } = this;
    while (this.i < n) {
      const c = text.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else break;
    }
  }

  /** Scans the value at i: opens an object or array, or passes over a string, a literal or a number. */
  private value(): void {
    const c = this.text[this.i];
    if (c === '{' || c === '[') {
      this.container(c === '[');
      return;
    }
    if (c === '"') this.string(() => pathOf(this.stack));
    else if (c === 't' || c === 'f' || c === 'n') {
      const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
      if (!this.text.startsWith(word, this.i)) this.syntax('unexpected token');
      this.i += word.length;
    } else {
      NUMBER.lastIndex = this.i;
      if (c === undefined) this.syntax('unexpected end of input');
      if (!NUMBER.test(this.text)) this.syntax(`unexpected character ${JSON.stringify(c)}`);
      this.i = NUMBER.lastIndex;
    }
    this.expectValue = false;
  }

  /** Opens the object or array at i; an empty one closes at once, an object goes on to its first key. */
  private container(array: boolean): void {
    this.open(array);
    this.skipWhitespace();
    if (this.text[this.i] === (array ? ']' : '}')) {
      this.i++;
      this.stack.pop();
      this.expectValue = false;
    } else if (!array) this.key();
  }

  /** After a value inside an object or array: a comma goes on to the next member, the closing bracket ends it. */
  private afterValue(frame: Frame): void {
    const c = this.text[this.i];
    if (c === ',') {
      this.i++;
      if (frame.array) frame.index++;
      else this.key();
      this.expectValue = true;
    } else if (c === (frame.array ? ']' : '}')) {
      this.i++;
      this.stack.pop();
    } else {
      this.syntax(c === undefined ? 'unexpected end of input' : `expected ',' or '${frame.array ? ']' : '}'}'`);
    }
  }

  /** Scans the string at i (at its opening quote); returns its raw content, i past the closing quote. */
  private string(field: () => string): string {
    const { text, n } = this;
    const start = ++this.i;
    let escaped = false;
    let pendingHigh = false;
    for (;;) {
      if (this.i >= n) this.syntax('unterminated string');
      const c = text.charCodeAt(this.i);
      if (c === 0x22) break;
      if (c < 0x20) this.syntax('control character in a string');
      if (c === 0x5c) {
        escaped = true;
        pendingHigh = this.escape(pendingHigh, field);
      } else {
        pendingHigh = surrogateUnit(c, pendingHigh, field);
        this.i++;
      }
    }
    if (pendingHigh) throw loneSurrogate(field());
    const raw = text.slice(start, this.i);
    this.i++;
    return escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
  }

  /** Passes over the escape at i (at its backslash); returns whether a high surrogate waits for its low one. */
  private escape(pendingHigh: boolean, field: () => string): boolean {
    const e = this.text[this.i + 1] ?? '';
    if (e === 'u') {
      const hex = this.text.slice(this.i + 2, this.i + 6);
      if (!HEX4.test(hex)) {
        this.i++;
        this.syntax('bad \\u escape');
      }
      const waiting = surrogateUnit(parseInt(hex, 16), pendingHigh, field);
      this.i += 6;
      return waiting;
    }
    if (ESCAPES.has(e)) {
      if (pendingHigh) throw loneSurrogate(field());
      this.i += 2;
      return false;
    }
    this.i++;
    return this.syntax('bad escape');
  }

  private open(array: boolean): void {
    const { stack, limits } = this;
    if (stack.length >= limits.depth) {
      throw new HttpProblem(
        400,
        'JSON_TOO_DEEP',
        `the body nests deeper than ${limits.depth} levels at ${pathOf(stack)}`,
        {},
        [
          {
            field: pathOf(stack),
            rule: 'maxDepth',
            message: `objects and arrays may nest at most ${limits.depth} levels`,
          },
        ],
      );
    }
    stack.push({ array, key: '', index: 0 });
    this.i++;
  }

  private key(): void {
    const { stack, limits } = this;
    this.skipWhitespace();
    if (this.text[this.i] !== '"') this.syntax('expected a property name in double quotes');
    if (++this.keys > limits.keys) {
      throw new HttpProblem(400, 'TOO_MANY_KEYS', `the body holds more than ${limits.keys} keys`, {}, [
        { field: 'body', rule: 'maxKeys', message: `a JSON body may hold at most ${limits.keys} keys in all` },
      ]);
    }
    const frame = stack[stack.length - 1]!;
    frame.key = this.string(() => `a key of ${pathOf(stack.slice(0, -1))}`);
    this.skipWhitespace();
    if (this.text[this.i] !== ':') this.syntax("expected ':' after a property name");
    this.i++;
  }
}
