/** SDP (RFC 4566) for audio sessions, with RFC 3264 offer/answer. */

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
    `o=${sdp.origin.username} ${sdp.origin.sessionId} ${sdp.origin.sessionVersion} IN IP4 ${sdp.origin.address}`,
    `s=${sdp.sessionName}`,
    `c=IN IP4 ${sdp.connection}`,
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

const STATIC_BY_PT: Record<number, Omit<SdpCodec, 'payloadType'>> = {
  0: { name: 'PCMU', clockRate: 8000 },
  8: { name: 'PCMA', clockRate: 8000 },
  9: { name: 'G722', clockRate: 8000 },
};

/** What parseSdp has read so far. */
interface SdpParse {
  origin?: SessionDescription['origin'];
  sessionName?: string;
  connection?: string;
  sawVersion: boolean;
  sawTiming: boolean;
  media: SdpMedia[];
}

function fail(line: string, why: string): never {
  throw new SdpError(`${why}: ${JSON.stringify(line)}`);
}

/** Parse an SDP body (CRLF or LF). Static payload types without rtpmap get their RFC 3551 meaning. */
export function parseSdp(text: string): SessionDescription {
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  const state: SdpParse = { sawVersion: false, sawTiming: false, media: [] };
  for (const line of lines) parseSdpLine(state, line);
  return completeSdp(state);
}

/** One <type>=<value> line, read into the session or into the current media description. */
function parseSdpLine(state: SdpParse, line: string): void {
  const m = /^([a-z])=(.*)$/.exec(line);
  if (!m) fail(line, 'malformed SDP line');
  const [, type, value] = m as RegExpExecArray;
  const current = state.media[state.media.length - 1];
  switch (type) {
    case 'v':
      if (value !== '0') fail(line, 'unsupported SDP version');
      state.sawVersion = true;
      break;
    case 'o': {
      const o = /^(\S+) (\d+) (\d+) IN IP4 (\S+)$/.exec(value) ?? fail(line, 'malformed origin');
      state.origin = { username: o[1], sessionId: o[2], sessionVersion: o[3], address: o[4] };
      break;
    }
    case 's':
      state.sessionName = value;
      break;
    case 'c': {
      const c = /^IN IP4 (\S+)$/.exec(value) ?? fail(line, 'malformed connection');
      if (current) {
        if (state.connection === undefined) state.connection = c[1];
      } else state.connection = c[1];
      break;
    }
    case 't':
      if (!/^\d+ \d+$/.test(value)) fail(line, 'malformed timing');
      state.sawTiming = true;
      break;
    case 'm':
      state.media.push(parseMediaLine(line, value));
      break;
    case 'a':
      if (current) parseMediaAttribute(current, line, value); // session-level attributes are not modelled
      break;
    default:
      break; // i, u, e, p, b, z, k, r: not modelled
  }
}

/** An m= line: audio only; each payload type starts with its static meaning, or none until its rtpmap. */
function parseMediaLine(line: string, value: string): SdpMedia {
  const mm = /^(\w+) (\d+) (\S+) (\d+(?: \d+)*)$/.exec(value) ?? fail(line, 'malformed media');
  if (mm[1] !== 'audio') fail(line, 'only audio media are supported');
  return {
    media: 'audio',
    port: Number(mm[2]),
    protocol: mm[3],
    codecs: mm[4]
      .split(' ')
      .map(Number)
      .map((pt) => ({ payloadType: pt, ...(STATIC_BY_PT[pt] ?? { name: '', clockRate: 0 }) })),
  };
}

/** A media-level a= line: rtpmap, fmtp, ptime or a direction; other attributes are not modelled. */
function parseMediaAttribute(current: SdpMedia, line: string, value: string): void {
  const rtpmap = /^rtpmap:(\d+) ([^/\s]+)\/(\d+)(?:\/(\d+))?$/.exec(value);
  const fmtp = /^fmtp:(\d+) (.+)$/.exec(value);
  const ptime = /^ptime:(\d+)$/.exec(value);
  if (rtpmap) {
    const codec =
      current.codecs.find((c) => c.payloadType === Number(rtpmap[1])) ??
      fail(line, 'rtpmap for a payload type not in m=');
    codec.name = rtpmap[2];
    codec.clockRate = Number(rtpmap[3]);
    if (rtpmap[4] !== undefined) codec.channels = Number(rtpmap[4]);
    else delete codec.channels;
  } else if (fmtp) {
    const codec =
      current.codecs.find((c) => c.payloadType === Number(fmtp[1])) ?? fail(line, 'fmtp for a payload type not in m=');
    codec.fmtp = fmtp[2];
  } else if (ptime) current.ptime = Number(ptime[1]);
  else if (/^(sendrecv|sendonly|recvonly|inactive)$/.test(value)) current.direction = value as SdpMedia['direction'];
  else if (value.startsWith('rtpmap:') || value.startsWith('fmtp:') || value.startsWith('ptime:'))
    fail(line, 'malformed attribute');
}

/** The session description, once the mandatory lines are known to be there and every payload type has a name. */
function completeSdp(state: SdpParse): SessionDescription {
  const { origin, sessionName, connection, media } = state;
  if (!state.sawVersion) throw new SdpError('missing v=');
  if (!origin) throw new SdpError('missing o=');
  if (sessionName === undefined) throw new SdpError('missing s=');
  if (!state.sawTiming) throw new SdpError('missing t=');
  if (connection === undefined) throw new SdpError('missing c=');
  for (const m of media)
    for (const c of m.codecs) if (c.name === '') throw new SdpError(`payload type ${c.payloadType} has no rtpmap`);
  return { origin, sessionName, connection, media };
}
