/**
 * SDP rewriting for media anchoring. The gateway hands each peer an SDP naming its own address and relay port, so
 * both peers send RTP to the gateway. The rewrite works line by line on the text rather than through @gwsim/sip's
 * parseSdp/serializeSdp model: that model keeps only what gwsim's simulated calls need (it drops bandwidth lines,
 * session attributes, a=rtcp and unknown attributes, and refuses video streams), while a gateway must pass a real
 * phone's SDP on with everything it does not anchor left as it was. Malformed text still fails with @gwsim/sip's
 * SdpError.
 */
import { isIP } from 'node:net';
import { SdpError } from '@gwsim/sip';
import type { MediaAddress } from './MediaAddress.js';
import { DEFAULT_TELEPHONE_EVENT_TYPE } from './TelephoneEvents.js';

const LINE = /^[a-z]=/;
const MEDIA = /^m=(\S+) (\d+)(?:\/\d+)?( .*)$/;
const ORIGIN = /^o=(\S+ \S+ \S+) IN IP[46] \S+$/;
/** ICE would let the peers reach each other's own candidates round the relay, so the anchored SDP carries none. */
const ICE = /^a=(candidate|remote-candidates|end-of-candidates|ice-[a-z0-9-]+)(:|$)/;
const RTCP = /^a=rtcp:\d+( IN IP[46] \S+)?$/;
const RTPMAP = /^a=rtpmap:(\d+) [^/\s]+\/(\d+)/;

/** The SDP's lines without their ends, checked to be `x=...` lines with v= and o=. */
function sdpLines(sdp: string): string[] {
  const lines = sdp.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) if (!LINE.test(line)) throw new SdpError(`malformed SDP line: ${JSON.stringify(line)}`);
  if (!lines.some((l) => l.startsWith('v='))) throw new SdpError('missing v=');
  if (!lines.some((l) => l.startsWith('o='))) throw new SdpError('missing o=');
  return lines;
}

function addressType(host: string): 'IP4' | 'IP6' {
  return isIP(host) === 6 ? 'IP6' : 'IP4';
}

/**
 * The SDP with the gateway's address in o=, every c= and the audio m= port replaced (codecs, attributes kept; a
 * media line with port 0 stays 0). Returns the text with CRLF line ends. `local.host` is the address SIP advertises
 * (RFC 4566 sections 5.2 and 5.7: o= names the originating host, c= where the media is received), never a wildcard
 * bind address; the relay's sockets bind where they bind.
 *
 * The relay carries one audio stream: the first audio m= line with a port is anchored (with its a=rtcp moved to
 * the relay's RTCP port); any other stream that has a port is disabled with port 0, since no media could
 * reach it through the gateway. ICE attributes are dropped (see above); everything else passes unchanged.
 */
export function anchorSdp(sdp: string, local: MediaAddress): string {
  const type = addressType(local.host);
  const out: string[] = [];
  let anchored = false;
  let inAnchored = false;
  for (const line of sdpLines(sdp)) {
    const media = MEDIA.exec(line);
    if (line.startsWith('m=')) {
      if (!media) throw new SdpError(`malformed media: ${JSON.stringify(line)}`);
      const [, kind, port, rest] = media as unknown as [string, string, string, string];
      inAnchored = false;
      if (port === '0') out.push(line);
      else if (kind === 'audio' && !anchored) {
        anchored = inAnchored = true;
        out.push(`m=audio ${local.port}${rest}`);
      } else out.push(`m=${kind} 0${rest}`);
    } else if (line.startsWith('o=')) {
      const origin = ORIGIN.exec(line) ?? fail(line, 'malformed origin');
      out.push(`o=${origin[1]} IN ${type} ${local.host}`);
    } else if (line.startsWith('c=')) {
      if (!/^c=IN IP[46] \S+$/.test(line)) fail(line, 'malformed connection');
      out.push(`c=IN ${type} ${local.host}`);
    } else if (ICE.test(line)) {
      continue;
    } else if (inAnchored && line.startsWith('a=rtcp:')) {
      const rtcp = RTCP.exec(line) ?? fail(line, 'malformed rtcp attribute');
      out.push(`a=rtcp:${local.port + 1}${rtcp[1] === undefined ? '' : ` IN ${type} ${local.host}`}`);
    } else out.push(line);
  }
  return `${out.join('\r\n')}\r\n`;
}

function fail(line: string, why: string): never {
  throw new SdpError(`${why}: ${JSON.stringify(line)}`);
}

/** The lines of the stream the gateway anchors: the first audio m= with a port, up to the next m=. */
function audioSection(
  lines: readonly string[],
): { readonly session: readonly string[]; readonly audio: readonly string[] } | undefined {
  const first = lines.findIndex((l) => l.startsWith('m='));
  const session = first < 0 ? lines : lines.slice(0, first);
  for (let at = first; at >= 0 && at < lines.length;) {
    let next = lines.findIndex((l, i) => i > at && l.startsWith('m='));
    if (next < 0) next = lines.length;
    const media = MEDIA.exec(lines[at]!);
    if (media && media[1] === 'audio' && media[2] !== '0') return { session, audio: lines.slice(at, next) };
    at = next;
  }
  return undefined;
}

/**
 * The address and audio port an SDP offers/answers (c= of the audio media, else the session's); undefined if none:
 * no audio stream with a port, no connection line, or the hold address 0.0.0.0 (RFC 2543 style: send nothing).
 * Text that is not SDP fails with SdpError.
 */
export function sdpMediaAddress(sdp: string): MediaAddress | undefined {
  const section = audioSection(sdpLines(sdp));
  if (!section) return undefined;
  const connection = (lines: readonly string[]) => lines.find((l) => l.startsWith('c='))?.split(' ')[2];
  const host = connection(section.audio) ?? connection(section.session);
  if (host === undefined || host === '0.0.0.0' || host === '::' || isIP(host) === 0) return undefined;
  return { host, port: Number(MEDIA.exec(section.audio[0]!)![2]) };
}

/**
 * The RTP clock rate of each payload type the anchored audio stream maps with a=rtpmap (for RtpRelay's jitter:
 * opus runs at 48000, wideband codecs at 16000); static types without rtpmap are left to their RFC 3551 clock.
 */
export function sdpClockRates(sdp: string): Map<number, number> {
  const rates = new Map<number, number>();
  for (const line of audioSection(sdpLines(sdp))?.audio ?? []) {
    const rtpmap = RTPMAP.exec(line);
    if (rtpmap) rates.set(Number(rtpmap[1]), Number(rtpmap[2]));
  }
  return rates;
}

const TELEPHONE_EVENT = /^a=rtpmap:(\d+) telephone-event\/\d+/i;

/**
 * The payload types of the anchored audio stream that carry RFC 4733 telephone-events (a=rtpmap:N
 * telephone-event/RATE, RFC 4733 section 7.1.1); when none is named, 101 (the usual dynamic choice) unless the SDP
 * maps 101 to another codec. Text that is not SDP fails with SdpError.
 */
export function sdpTelephoneEvents(sdp: string): Set<number> {
  const types = new Set<number>();
  const audio = audioSection(sdpLines(sdp))?.audio ?? [];
  let defaultTaken = false;
  for (const line of audio) {
    const event = TELEPHONE_EVENT.exec(line);
    if (event) types.add(Number(event[1]));
    else if (RTPMAP.exec(line)?.[1] === String(DEFAULT_TELEPHONE_EVENT_TYPE)) defaultTaken = true;
  }
  if (types.size === 0 && !defaultTaken) types.add(DEFAULT_TELEPHONE_EVENT_TYPE);
  return types;
}
