import { rejection, type RequestRejection } from '../checks/rejection.js';
import { warningHeader, type WarningCode } from '../checks/warning.js';
import { CODECS, type CodecName } from '../sdp.js';
import { isIPv6Address } from '../syntax/host.js';
import {
  directionOf,
  type SdpDirection,
  type SdpFormat,
  type SdpMediaSection,
  type SdpRtpMap,
  type SdpSessionDescription,
} from './model.js';

export interface SdpAnswerOrigin {
  username?: string;
  sessionId: string;
  sessionVersion?: string;
  /** The answerer's address: o= and the session-level c= (IP4 or IP6 by its form). */
  address: string;
  sessionName?: string;
}

/**
 * RFC 3264 section 6: the answer to an offered stream that is refused: the same media kind and transport, port 0,
 * the offered formats listed (SDP needs at least one; they are ignored), no attributes.
 */
export function rejectedSection(offered: SdpMediaSection): SdpMediaSection {
  return {
    kind: offered.kind,
    port: 0,
    proto: offered.proto,
    formats: offered.formats.map((f) => ({ id: f.id })),
    attributes: [],
    lines: [],
  };
}

/**
 * An answer with one media section per offered one, in the offer's order (RFC 3264 section 6): `decide` gives the
 * answer to each offered section, or undefined to refuse it (port 0, `rejectedSection`).
 */
export function answerSections(
  offer: SdpSessionDescription,
  origin: SdpAnswerOrigin,
  decide: (offered: SdpMediaSection, index: number) => SdpMediaSection | undefined,
): SdpSessionDescription {
  const addressType = isIPv6Address(origin.address) ? 'IP6' : 'IP4';
  return {
    origin: {
      username: origin.username ?? '-',
      sessionId: origin.sessionId,
      sessionVersion: origin.sessionVersion ?? origin.sessionId,
      netType: 'IN',
      addressType,
      address: origin.address,
    },
    sessionName: origin.sessionName ?? '-',
    connection: { netType: 'IN', addressType, address: origin.address },
    attributes: [],
    lines: [{ type: 't', value: '0 0' }],
    media: offer.media.map((m, i) => decide(m, i) ?? rejectedSection(m)),
  };
}

export interface AudioAnswerSpec extends SdpAnswerOrigin {
  /** The RTP port of the one audio stream accepted. */
  port: number;
  /** Codecs the answerer takes, most wanted first. */
  preferences: CodecName[];
  /** Transports the answerer can use for audio. Default RTP/AVP and RTP/AVPF (no SRTP keys to offer). */
  protos?: readonly string[];
  /** The ptime to answer when the offer names none. */
  ptime?: number;
  /** The warn-agent (host or pseudonym) of the Warning when the offer is refused. */
  agent: string;
}

export type SdpAnswerResult = { ok: true; answer: SdpSessionDescription } | { ok: false; rejection: RequestRejection };

const MIRROR: Record<SdpDirection, SdpDirection> = {
  sendrecv: 'sendrecv',
  sendonly: 'recvonly',
  recvonly: 'sendonly',
  inactive: 'inactive',
};

function sameCodec(codec: SdpRtpMap | undefined, name: CodecName): boolean {
  const local = CODECS[name];
  return (
    codec !== undefined &&
    codec.encoding.toLowerCase() === local.name.toLowerCase() &&
    codec.clockRate === local.clockRate &&
    (codec.channels ?? 1) === (local.channels ?? 1)
  );
}

/**
 * Answer an offer for one audio stream (RFC 3264 sections 6 and 6.1): the first offered audio section with a port,
 * an accepted transport and a common voice codec is accepted with the offered payload types in local preference
 * order (telephone-event only beside a voice codec), the offer's ptime and the mirrored direction; every other
 * section (video, application, further audio, disabled ones) is refused with port 0, in place. When nothing is
 * accepted the result is a 488 (RFC 3261 section 21.4.26) with a Warning (section 20.43): 305 when audio was
 * offered without a common codec, 302 when only in transports not taken, 304 when no usable audio was offered.
 */
export function answerAudio(offer: SdpSessionDescription, spec: AudioAnswerSpec): SdpAnswerResult {
  const protos = spec.protos ?? ['RTP/AVP', 'RTP/AVPF'];
  let accepted = false;
  let warning: WarningCode = 304;
  const answer = answerSections(offer, spec, (m) => {
    if (accepted || m.kind !== 'audio' || m.port === 0) return undefined;
    if (!protos.some((p) => p.toUpperCase() === m.proto.toUpperCase())) {
      if (warning === 304) warning = 302;
      return undefined;
    }
    const formats = chooseFormats(m.formats, spec.preferences);
    if (formats === undefined) {
      warning = 305;
      return undefined;
    }
    accepted = true;
    const ptime = m.attributes.find((a) => a.name === 'ptime')?.value ?? spec.ptime?.toString();
    return {
      kind: 'audio',
      port: spec.port,
      proto: m.proto,
      formats,
      direction: MIRROR[directionOf(offer, m)],
      attributes: ptime === undefined ? [] : [{ name: 'ptime', value: ptime }],
      lines: [],
    };
  });
  if (accepted) return { ok: true, answer };
  return { ok: false, rejection: sdpRejection(warning, spec.agent) };
}

/** The offered formats in local preference order, each with its codec as rtpmap; undefined without a voice codec. */
function chooseFormats(offered: SdpFormat[], preferences: CodecName[]): SdpFormat[] | undefined {
  const chosen: SdpFormat[] = [];
  for (const name of preferences) {
    const format = offered.find((f) => sameCodec(f.codec, name));
    if (!format || chosen.includes(format)) continue;
    chosen.push(format);
  }
  if (!chosen.some((f) => f.codec?.encoding.toLowerCase() !== 'telephone-event')) return undefined;
  return chosen.map((f) => {
    const copy: SdpFormat = { id: f.id, rtpmap: { ...f.codec! }, codec: { ...f.codec! } };
    if (f.fmtp !== undefined) copy.fmtp = f.fmtp;
    return copy;
  });
}

/**
 * A 488 Not Acceptable Here with a Warning (RFC 3261 sections 21.4.26 and 20.43) for an offer that cannot be
 * served; `text` defaults to the RFC's text for the code (399 carries the reason a malformed SDP was refused).
 */
export function sdpRejection(code: WarningCode, agent: string, text?: string): RequestRejection {
  const warning = warningHeader(code, agent, text);
  return rejection(488, `session description refused: ${warning.value}`, [warning]);
}
