import { isToken, isTokenChar } from './chars.js';
import { hostKind } from './host.js';
import type { Scanner } from './scanner.js';

/** One header parameter as written: the name in lower case, the value raw (a quoted string keeps its quotes). */
export interface HeaderParam {
  name: string;
  value?: string;
}

/** Characters of an unquoted parameter value: token characters, and ":" "[" "]" for hosts and IPv6 addresses. */
function isValueChar(code: number): boolean {
  return isTokenChar(code) || code === 0x3a || code === 0x5b || code === 0x5d;
}

/**
 * Reads `*( SEMI generic-param )` at the cursor (RFC 3261 section 25.1): generic-param = token [ EQUAL gen-value ],
 * gen-value = token / host / quoted-string. Stops before anything else (a comma, the end). Values are checked by
 * `check` when given (Via's received, ttl...), else as gen-value.
 */
export function readParams(sc: Scanner, check?: (param: HeaderParam) => boolean): HeaderParam[] {
  const params: HeaderParam[] = [];
  while (sc.sep(';')) {
    const name = sc.needToken('a parameter name').toLowerCase();
    const param: HeaderParam = { name };
    if (sc.sep('=')) {
      if (sc.peek() === '"') param.value = sc.quoted().raw;
      else {
        const start = sc.pos;
        while (sc.pos < sc.text.length && isValueChar(sc.text.charCodeAt(sc.pos))) sc.pos++;
        param.value = sc.text.slice(start, sc.pos);
        if (param.value === '') sc.fail(`parameter ${name} has no value`);
      }
    }
    const ok = check ? check(param) : isGenValue(param.value);
    if (!ok) sc.fail(`malformed parameter ${name}`);
    params.push(param);
  }
  return params;
}

/** gen-value = token / host / quoted-string (a missing value is fine: the parameter is a flag). */
export function isGenValue(value: string | undefined): boolean {
  if (value === undefined || value.startsWith('"')) return true;
  return isToken(value) || hostKind(value) !== undefined;
}

/** The parameters as a record (the form `NameAddr.params` and `Via.params` have): flags map to '', a later one wins. */
export function paramRecord(params: HeaderParam[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const p of params) record[p.name] = p.value ?? '';
  return record;
}
