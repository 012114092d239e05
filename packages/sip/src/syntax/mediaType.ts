import { Scanner } from './scanner.js';

/** A media type (Content-Type, an Accept range): type and subtype in lower case, parameters (names in lower case). */
export interface MediaType {
  type: string;
  subtype: string;
  params: Record<string, string>;
}

/**
 * media-type = m-type SLASH m-subtype *(SEMI m-parameter); m-parameter = token EQUAL (token / quoted-string)
 * (RFC 3261 section 25.1); a quoted value is kept without its quotes.
 */
export function readMediaType(sc: Scanner): MediaType {
  sc.ws();
  const type = sc.needToken('a media type').toLowerCase();
  if (!sc.sep('/')) sc.fail('expected /');
  const subtype = sc.needToken('a media subtype').toLowerCase();
  const params: Record<string, string> = {};
  while (sc.sep(';')) {
    const name = sc.needToken('a parameter name').toLowerCase();
    if (!sc.sep('=')) sc.fail('expected =');
    params[name] = sc.peek() === '"' ? sc.quoted().text : sc.needToken('a parameter value');
  }
  return { type, subtype, params };
}

/** One media type; undefined when it does not follow the grammar. */
export function parseMediaType(value: string): MediaType | undefined {
  try {
    const sc = new Scanner(value, 'media type');
    const media = readMediaType(sc);
    sc.end();
    return media;
  } catch {
    return undefined;
  }
}

/** Whether a media range (any type, `application/` any subtype, or `application/sdp`) covers `type/subtype`. */
export function mediaRangeCovers(range: MediaType, type: string, subtype: string): boolean {
  if (range.type === '*') return range.subtype === '*';
  return range.type === type && (range.subtype === '*' || range.subtype === subtype);
}
