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
  const n = text.length;
  const stack: Frame[] = [];
  let i = 0;
  let keys = 0;

  const syntax = (reason: string): never => {
    const before = text.slice(0, i);
    const line = before.split('\n').length;
    const column = i - before.lastIndexOf('\n');
    const message = `the body is not valid JSON: ${reason} at line ${line}, column ${column}`;
    throw new HttpProblem(400, 'MALFORMED_JSON', message, {}, [{ field: 'body', rule: 'json', message: `${reason} at line ${line}, column ${column} (offset ${i})` }]);
  };
  const skipWhitespace = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  /** Scans the string at i (at its opening quote); returns its raw content, i past the closing quote. */
  const string = (field: () => string): string => {
    const start = ++i;
    let escaped = false;
    let pendingHigh = false;
    const unit = (code: number) => {
      if (pendingHigh) {
        pendingHigh = false;
        if (code >= 0xdc00 && code <= 0xdfff) return;
        throw loneSurrogate(field());
      }
      if (code >= 0xd800 && code <= 0xdbff) pendingHigh = true;
      else if (code >= 0xdc00 && code <= 0xdfff) throw loneSurrogate(field());
    };
    for (;;) {
      if (i >= n) syntax('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) syntax('control character in a string');
      if (c === 0x5c) {
        escaped = true;
        const e = text[i + 1] ?? '';
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!HEX4.test(hex)) { i++; syntax('bad \\u escape'); }
          unit(parseInt(hex, 16));
          i += 6;
        } else if (ESCAPES.has(e)) {
          if (pendingHigh) unit(0);
          i += 2;
        } else {
          i++;
          syntax('bad escape');
        }
      } else {
        unit(c);
        i++;
      }
    }
    if (pendingHigh) throw loneSurrogate(field());
    const raw = text.slice(start, i);
    i++;
    return escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
  };
  const open = (array: boolean) => {
    if (stack.length >= limits.depth) {
      throw new HttpProblem(400, 'JSON_TOO_DEEP', `the body nests deeper than ${limits.depth} levels at ${pathOf(stack)}`, {},
        [{ field: pathOf(stack), rule: 'maxDepth', message: `objects and arrays may nest at most ${limits.depth} levels` }]);
    }
    stack.push({ array, key: '', index: 0 });
    i++;
  };
  const key = () => {
    skipWhitespace();
    if (text[i] !== '"') syntax("expected a property name in double quotes");
    if (++keys > limits.keys) {
      throw new HttpProblem(400, 'TOO_MANY_KEYS', `the body holds more than ${limits.keys} keys`, {},
        [{ field: 'body', rule: 'maxKeys', message: `a JSON body may hold at most ${limits.keys} keys in all` }]);
    }
    const frame = stack[stack.length - 1]!;
    frame.key = string(() => `a key of ${pathOf(stack.slice(0, -1))}`);
    skipWhitespace();
    if (text[i] !== ':') syntax("expected ':' after a property name");
    i++;
  };

  let expectValue = true;
  for (;;) {
    skipWhitespace();
    if (expectValue) {
      const c = text[i];
      if (c === '{' || c === '[') {
        open(c === '[');
        skipWhitespace();
        if (text[i] === (c === '[' ? ']' : '}')) {
          i++;
          stack.pop();
          expectValue = false;
        } else if (c === '{') key();
        continue;
      }
      if (c === '"') string(() => pathOf(stack));
      else if (c === 't' || c === 'f' || c === 'n') {
        const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
        if (!text.startsWith(word, i)) syntax('unexpected token');
        i += word.length;
      } else {
        NUMBER.lastIndex = i;
        if (c === undefined) syntax('unexpected end of input');
        if (!NUMBER.test(text)) syntax(`unexpected character ${JSON.stringify(c)}`);
        i = NUMBER.lastIndex;
      }
      expectValue = false;
      continue;
    }
    const frame = stack[stack.length - 1];
    if (!frame) {
      if (i < n) syntax('unexpected content after the JSON value');
      return;
    }
    const c = text[i];
    if (c === ',') {
      i++;
      if (frame.array) frame.index++;
      else key();
      expectValue = true;
    } else if (c === (frame.array ? ']' : '}')) {
      i++;
      stack.pop();
    } else {
      syntax(c === undefined ? 'unexpected end of input' : `expected ',' or '${frame.array ? ']' : '}'}'`);
    }
  }
}

