import { sameAddress, sdpMediaAddress } from '../../media/infrastructure/index.js';
import { directionOfText, withDirection, type Direction } from './sdpDirection.js';

const MEDIA = /^m=audio [1-9]\d*(?:\/\d+)? \S+ (.*)$/;
const RTPMAP = /^a=rtpmap:(\d+) ([^/\s]+\/\d+)/;

/**
 * The codecs of an SDP's first audio stream with a port, in its order: a static payload type (below 96, RFC 3551) by
 * its number, with or without its a=rtpmap; a dynamic one by its a=rtpmap encoding and clock rate (case aside), since
 * its number is each side's own choice. Empty when there is no such stream.
 */
export function audioCodecs(sdp: string): string[] {
  const lines = sdp.split(/\r?\n/);
  const at = lines.findIndex((line) => MEDIA.test(line));
  if (at < 0) return [];
  let end = lines.findIndex((line, i) => i > at && line.startsWith('m='));
  if (end < 0) end = lines.length;
  const names = new Map<string, string>();
  for (const line of lines.slice(at + 1, end)) {
    const rtpmap = RTPMAP.exec(line);
    if (rtpmap) names.set(rtpmap[1]!, rtpmap[2]!.toLowerCase());
  }
  const formats = MEDIA.exec(lines[at]!)![1]!.trim().split(/\s+/);
  return formats.map((format) => (Number(format) < 96 ? format : (names.get(format) ?? format)));
}

/**
 * Whether an SDP the gateway would give a leg now (`candidate`) changes the media the leg has (`current`, the gateway's
 * last SDP there): another direction, another audio address, or other codecs (in order) than `agreed` names (by
 * default `current`). SDP that is not SDP changes nothing the gateway could offer.
 */
export function mediaChanges(current: string, candidate: string, agreed = current): boolean {
  try {
    if (directionOfText(current) !== directionOfText(candidate)) return true;
    const [was, would] = [sdpMediaAddress(current), sdpMediaAddress(candidate)];
    if (was === undefined || would === undefined ? was !== would : !sameAddress(was, would)) return true;
    return audioCodecs(agreed).join(' ') !== audioCodecs(candidate).join(' ');
  } catch {
    return false;
  }
}

/**
 * The gateway's next SDP on a leg (RFC 3264 section 8): the media of `media` (its address, codecs and attributes) with
 * the audio stream's direction `direction`, in the session the leg knows, whose o= line is the leg's `previous` one
 * with its version one higher.
 */
export function reofferSdp(previous: string, media: string, direction: Direction): string {
  const origin = previous.split(/\r?\n/).find((line) => line.startsWith('o='));
  const lines = media.split(/\r?\n/).map((line) => (line.startsWith('o=') && origin ? origin : line));
  return withDirection(lines.join('\r\n'), direction);
}
