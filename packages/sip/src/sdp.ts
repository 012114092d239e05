/** SDP (RFC 4566) for audio sessions, with RFC 3264 offer/answer. */
import type { SdpMediaSection } from './sdp/model.js';
import { readSdp } from './sdp/read.js';
import { isIPv6Address } from './syntax/host.js';

export interface SdpCodec {
  payloadType: number;
  name: string;
  clockRate: number;
  channels?: number;
  fmtp?: string;
}

export interface SdpMedia {
  media: 'audio';
  port: number;
  protocol: string;
  codecs: SdpCodec[];
  ptime?: number;
  direction?: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
}

export interface SessionDescription {
  origin: { username: string; sessionId: string; sessionVersion: string; address: string };
  sessionName: string;
  connection: string;
  media: SdpMedia[];
}

export class SdpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SdpError';
  }
}

export type CodecName = 'PCMU' | 'PCMA' | 'G722' | 'opus' | 'telephone-event';

/** The codecs gwsim knows: static payload types per RFC 3551, dynamic ones take 96 upwards. */
export const CODECS: Record<CodecName, Omit<SdpCodec, 'payloadType'> & { staticPayloadType?: number }> = {
  PCMU: { name: 'PCMU', clockRate: 8000, staticPayloadType: 0 },
  PCMA: { name: 'PCMA', clockRate: 8000, staticPayloadType: 8 },
  G722: { name: 'G722', clockRate: 8000, staticPayloadType: 9 },
  opus: { name: 'opus', clockRate: 48000, channels: 2 },
  'telephone-event': { name: 'telephone-event', clockRate: 8000, fmtp: '0-16' },
};

export interface OfferSpec {
  codecs: CodecName[];
  address: string;
  port: number;
  sessionId: string;
  sessionVersion?: string;
  username?: string;
  sessionName?: string;
  ptime?: number;
}

export function buildOffer(spec: OfferSpec): SessionDescription {
  if (spec.codecs.length === 0) throw new SdpError('an offer needs at least one codec');
  let dynamic = 96;
  const codecs = spec.codecs.map((name): SdpCodec => {
    const known = CODECS[name];
    if (!known) throw new SdpError(`unknown codec ${name}`);
    const { staticPayloadType, ...rest } = known;
    return { payloadType: staticPayloadType ?? dynamic++, ...rest };
  });
  return {
    origin: {
      username: spec.username ?? '-',
      sessionId: spec.sessionId,
      sessionVersion: spec.sessionVersion ?? spec.sessionId,
      address: spec.address,
    },
    sessionName: spec.sessionName ?? '-',
    connection: spec.address,
    media: [
      { media: 'audio', port: spec.port, protocol: 'RTP/AVP', codecs, ptime: spec.ptime ?? 20, direction: 'sendrecv' },
    ],
  };
}

function sameCodec(a: SdpCodec, b: Omit<SdpCodec, 'payloadType'>): boolean {
  return (
    a.name.toLowerCase() === b.name.toLowerCase() &&
    a.clockRate === b.clockRate &&
    (a.channels ?? 1) === (b.channels ?? 1)
  );
}

export interface AnswerSpec extends Omit<OfferSpec, 'codecs'> {
  preferences: CodecName[];
}

/**
 * Answer an offer (RFC 3264): each audio stream keeps the offered codecs that are in the local preference list,
 * in local preference order, with the offer's payload types; telephone-event is kept only alongside a voice codec.
 * A stream with no common voice codec is rejected (port 0, the offered formats listed).
 */
export function answerOffer(offer: SessionDescription, spec: AnswerSpec): SessionDescription {
  return {
    origin: {
      username: spec.username ?? '-',
      sessionId: spec.sessionId,
      sessionVersion: spec.sessionVersion ?? spec.sessionId,
      address: spec.address,
    },
    sessionName: spec.sessionName ?? '-',
    connection: spec.address,
    media: offer.media.map((m): SdpMedia => {
      const chosen: SdpCodec[] = [];
      for (const name of spec.preferences) {
        const offered = m.codecs.find((c) => sameCodec(c, CODECS[name]));
        if (offered) chosen.push({ ...offered });
      }
      const voice = chosen.filter((c) => c.name.toLowerCase() !== 'telephone-event');
      if (voice.length === 0 || m.port === 0) {
        return { media: 'audio', port: 0, protocol: m.protocol, codecs: m.codecs.map((c) => ({ ...c })) };
      }
      const answer: SdpMedia = {
        media: 'audio',
        port: spec.port,
        protocol: m.protocol,
        codecs: chosen,
        ptime: m.ptime ?? spec.ptime ?? 20,
      };
      const direction =
        m.direction === 'sendonly' ? 'recvonly' : m.direction === 'recvonly' ? 'sendonly' : (m.direction ?? 'sendrecv');
      answer.direction = direction;
      return answer;
    }),
  };
}

/** The voice codec an answer settled on (the first non-telephone-event codec of the first accepted stream). */
export function negotiatedCodec(answer: SessionDescription): SdpCodec | undefined {
  const m = answer.media.find((x) => x.port !== 0);
  return m?.codecs.find((c) => c.name.toLowerCase() !== 'telephone-event');
}

export function serializeSdp(sdp: SessionDescription): string {
  const lines = [
    'v=0',
    `o=${sdp.origin.username} ${sdp.origin.sessionId} ${sdp.origin.sessionVersion} IN ${addressType(sdp.origin.address)} ${sdp.origin.address}`,
    `s=${sdp.sessionName}`,
    `c=IN ${addressType(sdp.connection)} ${sdp.connection}`,
    't=0 0',
  ];
  for (const m of sdp.media) {
    lines.push(`m=${m.media} ${m.port} ${m.protocol} ${m.codecs.map((c) => c.payloadType).join(' ')}`);
    for (const c of m.codecs) {
      lines.push(
        `a=rtpmap:${c.payloadType} ${c.name}/${c.clockRate}${c.channels === undefined ? '' : `/${c.channels}`}`,
      );
      if (c.fmtp !== undefined) lines.push(`a=fmtp:${c.payloadType} ${c.fmtp}`);
    }
    if (m.ptime !== undefined) lines.push(`a=ptime:${m.ptime}`);
    if (m.direction !== undefined) lines.push(`a=${m.direction}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** IP6 for an IPv6 address, else IP4 (o= and c= lines). */
function addressType(address: string): string {
  return isIPv6Address(address) ? 'IP6' : 'IP4';
}

/**
 * Parse an SDP body into the audio model (CRLF or LF), through `readSdp`: static payload types without rtpmap get
 * their RFC 3551 meaning, IPv4 or IPv6 addresses. Throws SdpError for malformed SDP (as `readSdp` reports it) and for
 * what the audio model cannot hold: a non-audio stream, a dynamic payload type without rtpmap, an rtpmap or fmtp for
 * a type the m= line does not list. `readSdp` reads any description without throwing.
 */
export function parseSdp(text: string): SessionDescription {
  const read = readSdp(text);
  if (!read.ok) throw new SdpError(read.reason);
  const { origin, sessionName } = read.sdp;
  const connection = read.sdp.connection?.address ?? read.sdp.media.find((m) => m.connection)?.connection?.address;
  if (connection === undefined) throw new SdpError('missing c=');
  return {
    origin: {
      username: origin.username,
      sessionId: origin.sessionId,
      sessionVersion: origin.sessionVersion,
      address: origin.address,
    },
    sessionName,
    connection,
    media: read.sdp.media.map(audioMedia),
  };
}

function audioMedia(m: SdpMediaSection): SdpMedia {
  if (m.kind !== 'audio') throw new SdpError(`only audio media are supported: m=${m.kind}`);
  const stray = m.attributes.find((a) => a.name === 'rtpmap' || a.name === 'fmtp');
  if (stray)
    throw new SdpError(`${stray.name} for a payload type not in m= (or malformed): a=${stray.name}:${stray.value}`);
  const codecs = m.formats.map((f): SdpCodec => {
    if (!f.codec) throw new SdpError(`payload type ${f.id} has no rtpmap`);
    const codec: SdpCodec = { payloadType: Number(f.id), name: f.codec.encoding, clockRate: f.codec.clockRate };
    if (f.codec.channels !== undefined) codec.channels = f.codec.channels;
    if (f.fmtp !== undefined) codec.fmtp = f.fmtp;
    return codec;
  });
  const media: SdpMedia = { media: 'audio', port: m.port, protocol: m.proto, codecs };
  const ptime = m.attributes.find((a) => a.name === 'ptime')?.value;
  if (ptime !== undefined && /^\d+$/.test(ptime)) media.ptime = Number(ptime);
  if (m.direction) media.direction = m.direction;
  return media;
}
