import type { SdpAttribute, SdpDirection, SdpMediaSection } from './model.js';

const DIRECTIONS = new Set(['sendrecv', 'sendonly', 'recvonly', 'inactive']);
const RTPMAP = /^(\S+) ([^/\s]+)\/(\d+)(?:\/(\d+))?$/;
const FMTP = /^(\S+) (.*)$/;

/**
 * Sorts a level's a= lines: the direction attribute (RFC 3264 section 5.1; the last one counts) comes out apart, and
 * in a media section rtpmap and fmtp are put on the format they name (RFC 4566 section 6). An rtpmap or fmtp for a
 * format the m= line does not list stays among the other attributes, verbatim, and so does one that does not
 * follow the grammar (`a=rtpmap:31 LPC`, without a clock rate, as RFC 4475's messages carry): the format keeps its
 * static meaning, or none.
 */
export function resolveAttributes(
  raw: SdpAttribute[],
  section?: SdpMediaSection,
): { attributes: SdpAttribute[]; direction?: SdpDirection } {
  const attributes: SdpAttribute[] = [];
  let direction: SdpDirection | undefined;
  for (const attribute of raw) {
    const { name, value } = attribute;
    if (DIRECTIONS.has(name) && value === undefined) direction = name as SdpDirection;
    else if (section && name === 'rtpmap') {
      if (!mapRtp(section, value ?? '')) attributes.push(attribute);
    } else if (section && name === 'fmtp') {
      const m = FMTP.exec(value ?? '');
      const format = m ? section.formats.find((f) => f.id === m[1]) : undefined;
      if (m && format) format.fmtp = m[2];
      else attributes.push(attribute);
    } else attributes.push(attribute);
  }
  return direction === undefined ? { attributes } : { attributes, direction };
}

/** Puts an rtpmap on its format; false when it does not parse or the m= line does not list the format. */
function mapRtp(section: SdpMediaSection, value: string): boolean {
  const m = RTPMAP.exec(value);
  const format = m ? section.formats.find((f) => f.id === m[1]) : undefined;
  if (!m || !format) return false;
  format.rtpmap = { encoding: m[2], clockRate: Number(m[3]) };
  if (m[4] !== undefined) format.rtpmap.channels = Number(m[4]);
  return true;
}
