/** Tokens of FreeMarker expressions: their kinds, the operators, and string literals with their escapes. */
import { TemplateError, type SourceMap } from './TemplateError.js';

export type Token =
  | { type: 'string'; value: string; pos: number; end: number }
  | { type: 'number'; value: number; pos: number; end: number }
  | { type: 'name'; value: string; pos: number; end: number }
  | { type: 'op'; value: string; pos: number; end: number }
  /** End of the expression: `}` of an interpolation, `>` or `/>` of a tag (outside parentheses and brackets). */
  | { type: 'end'; value: string; pos: number; end: number };

export const OPERATORS = [
  '??',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '.',
  '[',
  ']',
  '(',
  ')',
  ',',
  '?',
  '!',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
];
export const NAME_START = /[A-Za-z_$@]/;
export const NAME_PART = /[A-Za-z0-9_$@]/;
/** Escapes of string literals (FreeMarker's: \l \g \a are < > &). */
const ESCAPES = new Map<string, string>([
  ['"', '"'],
  ["'", "'"],
  ['\\', '\\'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
  ['b', '\b'],
  ['f', '\f'],
  ['l', '<'],
  ['g', '>'],
  ['a', '&'],
  ['{', '{'],
  ['$', '$'],
]);

/**
 * Reads the string literal whose quote is at `from - 1` (`start` is where the token starts: `r` of a raw string);
 * FreeMarker's escapes apply unless raw.
 */
export function lexString(map: SourceMap, start: number, from: number, quote: string, raw: boolean): Token {
  const s = map.source;
  let value = '';
  let i = from;
  for (;;) {
    if (i >= s.length) throw TemplateError.at(map, start, 'unclosed string literal');
    const c = s[i]!;
    if (c === quote) break;
    if (!raw && c === '$' && s[i + 1] === '{') {
      throw TemplateError.at(map, i, 'interpolation inside a string literal is not supported: join with + instead');
    }
    if (!raw && c === '\\') {
      const e = s[i + 1];
      const simple = e === undefined ? undefined : ESCAPES.get(e);
      if (simple !== undefined) {
        value += simple;
        i += 2;
        continue;
      }
      if (e === 'x') {
        const hex = /^[0-9A-Fa-f]{1,4}/.exec(s.slice(i + 2, i + 6));
        if (!hex) throw TemplateError.at(map, i, 'malformed \\x escape: expected 1 to 4 hexadecimal digits');
        value += String.fromCharCode(parseInt(hex[0], 16));
        i += 2 + hex[0].length;
        continue;
      }
      throw TemplateError.at(map, i, `unknown escape \\${e ?? ''} in string literal`);
    }
    value += c;
    i++;
  }
  return { type: 'string', value, pos: start, end: i + 1 };
}

/** A token as error messages name it. */
export function describe(t: Token): string {
  if (t.type === 'end') return t.value === '}' ? '}' : `end of tag ${t.value}`;
  if (t.type === 'string') return `string ${JSON.stringify(t.value)}`;
  return String(t.value);
}
