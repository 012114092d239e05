/** Character classes of the SIP grammar (RFC 3261 section 25.1; URI characters from RFC 2396 as RFC 3261 uses them). */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** mark = "-" / "_" / "." / "!" / "~" / "*" / "'" / "(" / ")" ; unreserved = alphanum / mark */
const UNRESERVED = `${ALNUM}-_.!~*'()`;

function table(chars: string): Uint8Array {
  const t = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)] = 1;
  return t;
}

/** token = 1*(alphanum / "-" / "." / "!" / "%" / "*" / "_" / "+" / "`" / "'" / "~") */
const TOKEN = table(`${ALNUM}-.!%*_+\`'~`);
/** word = 1*(token chars / "(" / ")" / "<" / ">" / ":" / "\" / DQUOTE / "/" / "[" / "]" / "?" / "{" / "}") (Call-ID) */
const WORD = table(`${ALNUM}-.!%*_+\`'~()<>:\\"/[]?{}`);
/** user = 1*( unreserved / escaped / user-unreserved ); user-unreserved = "&" / "=" / "+" / "$" / "," / ";" / "?" / "/" */
const USER = table(`${UNRESERVED}&=+$,;?/`);
/** password = *( unreserved / escaped / "&" / "=" / "+" / "$" / "," ) */
const PASSWORD = table(`${UNRESERVED}&=+$,`);
/** paramchar = param-unreserved / unreserved / escaped; param-unreserved = "[" / "]" / "/" / ":" / "&" / "+" / "$" */
const PARAM = table(`${UNRESERVED}[]/:&+$`);
/** hname / hvalue characters: hnv-unreserved / unreserved / escaped; hnv-unreserved = "[" / "]" / "/" / "?" / ":" / "+" / "$" */
const HEADER = table(`${UNRESERVED}[]/?:+$`);
/** uric = reserved / unreserved / escaped (RFC 2396, with "[" and "]" of RFC 2732) */
const URIC = table(`${UNRESERVED};/?:@&=+$,[]`);

function inTable(t: Uint8Array, code: number): boolean {
  return code < 128 && t[code] === 1;
}

export function isTokenChar(code: number): boolean {
  return inTable(TOKEN, code);
}

export function isToken(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!inTable(TOKEN, text.charCodeAt(i))) return false;
  return true;
}

export function isWord(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!inTable(WORD, text.charCodeAt(i))) return false;
  return true;
}

export type UriPart = 'user' | 'password' | 'param' | 'header' | 'uric';

const PARTS: Record<UriPart, Uint8Array> = { user: USER, password: PASSWORD, param: PARAM, header: HEADER, uric: URIC };

function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/** Whether `text` is made only of the characters a URI part allows, every "%" starting an escape (%HH). */
export function isUriPart(text: string, part: UriPart): boolean {
  const t = PARTS[part];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25 /* % */) {
      if (!isHex(text.charCodeAt(i + 1)) || !isHex(text.charCodeAt(i + 2))) return false;
      i += 2;
    } else if (!inTable(t, code)) return false;
  }
  return true;
}

/** Spaces and horizontal tabs: what is left of LWS once folded lines are joined. */
export function isWsp(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** Decode %HH escapes (RFC 3261 section 19.1.2) as UTF-8; a sequence that is not UTF-8 decodes byte by byte. */
export function unescapeUri(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}
