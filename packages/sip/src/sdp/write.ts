import type { SdpAttribute, SdpConnection, SdpLine, SdpMediaSection, SdpSessionDescription } from './model.js';

/** RFC 4566 section 5: the order of session-level lines (t= and r= share a rank so their pairing stays). */
const SESSION_RANK: Record<string, number> = { i: 1, u: 2, e: 3, p: 4, b: 6, t: 7, r: 7, z: 8, k: 9 };
/** RFC 4566 section 5: the order of media-level lines. */
const MEDIA_RANK: Record<string, number> = { i: 1, b: 3, k: 4 };

/** The lines whose rank is in [from, below), sorted by rank (a stable sort: equal ranks keep their order). */
function ranked(lines: SdpLine[], rank: Record<string, number>, from: number, below: number): string[] {
  const rankOf = (l: SdpLine): number => rank[l.type] ?? 99;
  return lines
    .filter((l) => rankOf(l) >= from && rankOf(l) < below)
    .sort((a, b) => rankOf(a) - rankOf(b))
    .map((l) => `${l.type}=${l.value}`);
}

function connectionLine(c: SdpConnection): string {
  return `c=${c.netType} ${c.addressType} ${c.address}`;
}

function attributeLine(a: SdpAttribute): string {
  return a.value === undefined ? `a=${a.name}` : `a=${a.name}:${a.value}`;
}

/**
 * Write a session description (RFC 4566), CRLF line ends, lines in the order section 5 gives: v o s i u e p c b t r
 * z k a, then per media m i c b k a. In a media section the rtpmap and fmtp of each format come first (in the order
 * of the m= line), then the other attributes in their order, then the direction attribute. The order of the media
 * sections is kept (RFC 3264 section 6 pairs answer and offer sections by position).
 */
export function writeSdp(sdp: SdpSessionDescription): string {
  const o = sdp.origin;
  const out = [
    'v=0',
    `o=${o.username} ${o.sessionId} ${o.sessionVersion} ${o.netType} ${o.addressType} ${o.address}`,
    `s=${sdp.sessionName === '' ? '-' : sdp.sessionName}`,
    ...ranked(sdp.lines, SESSION_RANK, 0, 5),
  ];
  if (sdp.connection) out.push(connectionLine(sdp.connection));
  out.push(...ranked(sdp.lines, SESSION_RANK, 5, 100));
  if (!sdp.lines.some((l) => l.type === 't')) out.push('t=0 0');
  out.push(...sdp.attributes.map(attributeLine));
  if (sdp.direction) out.push(`a=${sdp.direction}`);
  for (const m of sdp.media) out.push(...mediaLines(m));
  return `${out.join('\r\n')}\r\n`;
}

function mediaLines(m: SdpMediaSection): string[] {
  const port = m.portCount === undefined ? `${m.port}` : `${m.port}/${m.portCount}`;
  const out = [`m=${m.kind} ${port} ${m.proto} ${m.formats.map((f) => f.id).join(' ')}`];
  out.push(...ranked(m.lines, MEDIA_RANK, 0, 2));
  if (m.connection) out.push(connectionLine(m.connection));
  out.push(...ranked(m.lines, MEDIA_RANK, 2, 100));
  for (const f of m.formats) {
    if (f.rtpmap) {
      const channels = f.rtpmap.channels === undefined ? '' : `/${f.rtpmap.channels}`;
      out.push(`a=rtpmap:${f.id} ${f.rtpmap.encoding}/${f.rtpmap.clockRate}${channels}`);
    }
    if (f.fmtp !== undefined) out.push(`a=fmtp:${f.id} ${f.fmtp}`);
  }
  out.push(...m.attributes.map(attributeLine));
  if (m.direction) out.push(`a=${m.direction}`);
  return out;
}
