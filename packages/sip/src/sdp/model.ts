/**
 * A session description as RFC 4566 writes it, for any media: what a real endpoint sends is kept (every media
 * section of any kind, IPv6 and FQDN addresses, SRTP profiles, unknown attributes in their order), with the parts a
 * gateway acts on (ports, formats, rtpmap and fmtp, direction, connection) read out.
 */

export type SdpDirection = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';

/** c=<nettype> <addrtype> <connection-address>; `address` keeps a multicast /ttl/count suffix as written. */
export interface SdpConnection {
  netType: string;
  /** IP4, IP6 (or another registered type, kept as written). */
  addressType: string;
  address: string;
}

/** o=<username> <sess-id> <sess-version> <nettype> <addrtype> <unicast-address> */
export interface SdpOrigin {
  username: string;
  sessionId: string;
  sessionVersion: string;
  netType: string;
  addressType: string;
  address: string;
}

/** a=<name> or a=<name>:<value>, verbatim. */
export interface SdpAttribute {
  name: string;
  value?: string;
}

/** Any other line (i, u, e, p, b, t, r, z, k), verbatim, in the order it came. */
export interface SdpLine {
  type: string;
  value: string;
}

/** a=rtpmap:<payload type> <encoding name>/<clock rate>[/<encoding parameters>] */
export interface SdpRtpMap {
  encoding: string;
  clockRate: number;
  channels?: number;
}

/** One format of an m= line with what the section's attributes say of it. */
export interface SdpFormat {
  /** As in the m= line (a payload type number for RTP profiles). */
  id: string;
  /** The section's a=rtpmap for this format, when there is one. */
  rtpmap?: SdpRtpMap;
  /** The section's a=fmtp parameters for this format, when there are some. */
  fmtp?: string;
  /** The rtpmap, or for a static RTP payload type without one its RFC 3551 assignment. */
  codec?: SdpRtpMap;
}

export interface SdpMediaSection {
  /** audio, video, application, text, message, image... as written. */
  kind: string;
  port: number;
  /** m=<media> <port>/<number of ports>: the number when given. */
  portCount?: number;
  /** RTP/AVP, RTP/SAVP, UDP/TLS/RTP/SAVPF, udp, TCP/MSRP... as written. */
  proto: string;
  formats: SdpFormat[];
  /** This section's own c= (see `connectionOf` for the one that applies). */
  connection?: SdpConnection;
  /** This section's direction attribute (see `directionOf` for the one that applies). */
  direction?: SdpDirection;
  /** Every other a= line of the section (ptime, rtcp, crypto, fingerprint, setup, mid...), verbatim, in order. */
  attributes: SdpAttribute[];
  /** The section's i=, b= and k= lines, verbatim. */
  lines: SdpLine[];
}

export interface SdpSessionDescription {
  origin: SdpOrigin;
  sessionName: string;
  connection?: SdpConnection;
  /** A session-level direction attribute. */
  direction?: SdpDirection;
  /** Session-level a= lines other than the direction, verbatim, in order. */
  attributes: SdpAttribute[];
  /** Session-level i, u, e, p, b, t, r, z and k lines, verbatim, in order (at least one t=). */
  lines: SdpLine[];
  media: SdpMediaSection[];
}

/** The c= that applies to a media section: its own, else the session's. */
export function connectionOf(sdp: SdpSessionDescription, section: SdpMediaSection): SdpConnection | undefined {
  return section.connection ?? sdp.connection;
}

/** The direction that applies to a media section: its own attribute, else the session's, else sendrecv (RFC 3264). */
export function directionOf(sdp: SdpSessionDescription, section: SdpMediaSection): SdpDirection {
  return section.direction ?? sdp.direction ?? 'sendrecv';
}

/** Whether a transport protocol carries RTP (RTP/AVP, RTP/SAVP, UDP/TLS/RTP/SAVPF...), whose formats are payload types. */
export function isRtpProto(proto: string): boolean {
  return /(^|\/)RTP\//i.test(proto);
}

/** RFC 3551 section 6, tables 4 and 5: the static payload types' encodings. */
export const STATIC_PAYLOAD_TYPES: Readonly<Record<number, SdpRtpMap>> = {
  0: { encoding: 'PCMU', clockRate: 8000 },
  3: { encoding: 'GSM', clockRate: 8000 },
  4: { encoding: 'G723', clockRate: 8000 },
  5: { encoding: 'DVI4', clockRate: 8000 },
  6: { encoding: 'DVI4', clockRate: 16000 },
  7: { encoding: 'LPC', clockRate: 8000 },
  8: { encoding: 'PCMA', clockRate: 8000 },
  9: { encoding: 'G722', clockRate: 8000 },
  10: { encoding: 'L16', clockRate: 44100, channels: 2 },
  11: { encoding: 'L16', clockRate: 44100 },
  12: { encoding: 'QCELP', clockRate: 8000 },
  13: { encoding: 'CN', clockRate: 8000 },
  14: { encoding: 'MPA', clockRate: 90000 },
  15: { encoding: 'G728', clockRate: 8000 },
  16: { encoding: 'DVI4', clockRate: 11025 },
  17: { encoding: 'DVI4', clockRate: 22050 },
  18: { encoding: 'G729', clockRate: 8000 },
  25: { encoding: 'CelB', clockRate: 90000 },
  26: { encoding: 'JPEG', clockRate: 90000 },
  28: { encoding: 'nv', clockRate: 90000 },
  31: { encoding: 'H261', clockRate: 90000 },
  32: { encoding: 'MPV', clockRate: 90000 },
  33: { encoding: 'MP2T', clockRate: 90000 },
  34: { encoding: 'H263', clockRate: 90000 },
};
