import { isToken } from '../syntax/chars.js';
import { isHostname, isIPv4Address, isIPv6Address } from '../syntax/host.js';
import {
  isRtpProto,
  STATIC_PAYLOAD_TYPES,
  type SdpAttribute,
  type SdpConnection,
  type SdpMediaSection,
  type SdpOrigin,
  type SdpSessionDescription,
} from './model.js';
import { resolveAttributes } from './attributes.js';
import { SdpSyntaxError } from './error.js';

/** The outcome of reading an SDP body: the description, or why it is malformed (to answer 488 with a Warning). */
export type SdpReadResult = { ok: true; sdp: SdpSessionDescription } | { ok: false; reason: string };

interface Reading {
  version: boolean;
  origin?: SdpOrigin;
  sessionName?: string;
  connection?: SdpConnection;
  timing: boolean;
  attributes: SdpAttribute[];
  lines: SdpSessionDescription['lines'];
  media: Array<{ section: SdpMediaSection; raw: SdpAttribute[] }>;
}

/** Line types of RFC 4566 section 5; a description with any other is to be ignored whole (section 5), so refused. */
const TYPES = new Set(['v', 'o', 's', 'i', 'u', 'e', 'p', 'c', 'b', 't', 'r', 'z', 'k', 'a', 'm']);

/**
 * Read an SDP body (RFC 4566; CRLF or LF line ends, blank lines skipped). Never throws: a malformed description
 * gives `ok: false` with the reason. Malformed: a line that is not `<type>=<value>` or of an unknown type, a version
 * other than 0, a missing v=, o=, s= or t=, a media section with a port but no c= where the session has none, an
 * m= line without formats or with an RTP payload type outside 0-127, a malformed o=, c= or t=, an attribute name
 * that is not a token. Unknown attributes are kept (so is an rtpmap that does not parse); static payload types need
 * no rtpmap; dynamic ones without rtpmap are kept without a codec.
 */
export function readSdp(text: string): SdpReadResult {
  try {
    return { ok: true, sdp: readOrThrow(text) };
  } catch (e) {
    if (e instanceof SdpSyntaxError) return { ok: false, reason: e.message };
    throw e;
  }
}

function readOrThrow(text: string): SdpSessionDescription {
  const reading: Reading = { version: false, timing: false, attributes: [], lines: [], media: [] };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const m = /^([a-z])=(.*)$/.exec(line);
    if (!m || !TYPES.has(m[1])) throw new SdpSyntaxError('malformed SDP line', line);
    readLine(reading, m[1], m[2], line);
  }
  return complete(reading);
}

function readLine(reading: Reading, type: string, rawValue: string, line: string): void {
  const value = type === 's' || type === 'i' ? rawValue : rawValue.trimEnd();
  const current = reading.media[reading.media.length - 1];
  switch (type) {
    case 'v':
      if (value !== '0') throw new SdpSyntaxError('unsupported SDP version', line);
      reading.version = true;
      return;
    case 'o':
      reading.origin = readOrigin(value, line);
      return;
    case 's':
      reading.sessionName = value;
      return;
    case 'c':
      if (current) current.section.connection = readConnection(value, line);
      else reading.connection = readConnection(value, line);
      return;
    case 't':
      if (!/^\d+ \d+$/.test(value)) throw new SdpSyntaxError('malformed timing', line);
      reading.timing = true;
      break;
    case 'm':
      reading.media.push({ section: readMediaLine(value, line), raw: [] });
      return;
    case 'a': {
      const colon = value.indexOf(':');
      const attribute: SdpAttribute =
        colon < 0 ? { name: value } : { name: value.slice(0, colon), value: value.slice(colon + 1) };
      if (!isToken(attribute.name)) throw new SdpSyntaxError('malformed attribute', line);
      (current ? current.raw : reading.attributes).push(attribute);
      return;
    }
  }
  (current ? current.section.lines : reading.lines).push({ type, value });
}

function readOrigin(value: string, line: string): SdpOrigin {
  const parts = value.split(' ');
  if (parts.length !== 6 || !/^\d+$/.test(parts[1]) || !/^\d+$/.test(parts[2]))
    throw new SdpSyntaxError('malformed origin', line);
  const [username, sessionId, sessionVersion, netType, addressType, address] = parts;
  if (!addressOk(addressType, address, false)) throw new SdpSyntaxError('malformed origin', line);
  return { username, sessionId, sessionVersion, netType, addressType, address };
}

function readConnection(value: string, line: string): SdpConnection {
  const parts = value.split(' ');
  if (parts.length !== 3 || !addressOk(parts[1], parts[2], true))
    throw new SdpSyntaxError('malformed connection', line);
  return { netType: parts[0], addressType: parts[1], address: parts[2] };
}

/**
 * unicast-address = IP4-address / IP6-address / FQDN / extn-addr; a connection address may add /ttl and /count to
 * an IPv4 multicast address and /count to an IPv6 one (RFC 4566 sections 5.7 and 9).
 */
function addressOk(addressType: string, address: string, connection: boolean): boolean {
  const [host, ...suffix] = address.split('/');
  if (suffix.length > (connection ? 2 : 0) || !suffix.every((s) => /^\d+$/.test(s))) return false;
  if (addressType === 'IP4') return isIPv4Address(host) || isHostname(host);
  if (addressType === 'IP6') return isIPv6Address(host) || isHostname(host);
  return host !== '';
}

/** m=<media> <port>[/<number of ports>] <proto> 1*(SP <fmt>); RTP payload types are 0-127 (RFC 3551 section 3). */
function readMediaLine(value: string, line: string): SdpMediaSection {
  const parts = value.split(' ').filter((p) => p !== '');
  if (parts.length === 3) throw new SdpSyntaxError('m= line without formats', line);
  const port = /^(\d+)(?:\/(\d+))?$/.exec(parts[1] ?? '');
  if (parts.length < 4 || !isToken(parts[0]) || !port || Number(port[1]) > 65535 || !/^[\w/.-]+$/.test(parts[2]))
    throw new SdpSyntaxError('malformed media', line);
  const proto = parts[2];
  const ids = parts.slice(3);
  if (isRtpProto(proto)) {
    const bad = ids.find((id) => !/^\d{1,3}$/.test(id) || Number(id) > 127);
    if (bad !== undefined) throw new SdpSyntaxError(`payload type ${bad} out of range 0-127`, line);
  }
  const section: SdpMediaSection = {
    kind: parts[0],
    port: Number(port[1]),
    proto,
    formats: ids.map((id) => ({ id })),
    attributes: [],
    lines: [],
  };
  if (port[2] !== undefined) section.portCount = Number(port[2]);
  return section;
}

function complete(reading: Reading): SdpSessionDescription {
  const { origin, sessionName, connection } = reading;
  if (!reading.version) throw new SdpSyntaxError('missing v=');
  if (!origin) throw new SdpSyntaxError('missing o=');
  if (sessionName === undefined) throw new SdpSyntaxError('missing s=');
  if (!reading.timing) throw new SdpSyntaxError('missing t=');
  const sdp: SdpSessionDescription = { origin, sessionName, attributes: [], lines: reading.lines, media: [] };
  if (connection) sdp.connection = connection;
  const session = resolveAttributes(reading.attributes);
  sdp.attributes = session.attributes;
  if (session.direction) sdp.direction = session.direction;
  for (const { section, raw } of reading.media) {
    if (!connection && !section.connection && section.port !== 0)
      throw new SdpSyntaxError(`missing c= (session level or in m=${section.kind})`);
    const resolved = resolveAttributes(raw, section);
    section.attributes = resolved.attributes;
    if (resolved.direction) section.direction = resolved.direction;
    for (const format of section.formats) {
      const codec = format.rtpmap ?? (isRtpProto(section.proto) ? STATIC_PAYLOAD_TYPES[Number(format.id)] : undefined);
      if (codec) format.codec = { ...codec };
    }
    sdp.media.push(section);
  }
  return sdp;
}
