import { isIP } from 'node:net';

/**
 * HEP3 (HEPv3, also called EEP): a captured packet sent to a collector (Homer's heplify-server, sngrep -L) as one
 * message: the four bytes `HEP3`, the message's total length (16 bits, big-endian, the six header bytes included),
 * then chunks. A chunk is a vendor id (16 bits; 0 for the generic chunks), a type (16 bits), its length (16 bits,
 * its own six header bytes included) and its value. Every integer is big-endian (network order). The generic
 * chunk types of the HEP3 Network Protocol Specification (sipcapture/HEP, docs/HEP3 Network Protocol Specification):
 */
export const HEP3_CHUNK = {
  /** uint8: 2 for IPv4 (AF_INET), 10 for IPv6 (AF_INET6). */
  ipFamily: 0x0001,
  /** uint8: the IP protocol number of the captured packet, 17 UDP, 6 TCP. */
  ipProtocol: 0x0002,
  /** 4 octets. */
  ipv4Source: 0x0003,
  ipv4Destination: 0x0004,
  /** 16 octets. */
  ipv6Source: 0x0005,
  ipv6Destination: 0x0006,
  /** uint16. */
  sourcePort: 0x0007,
  destinationPort: 0x0008,
  /** uint32: seconds since the Unix epoch. */
  timestampSeconds: 0x0009,
  /** uint32: the microseconds within that second. */
  timestampMicroseconds: 0x000a,
  /** uint8: what the payload is, 1 SIP (HEP3_PROTOCOL_TYPE). */
  protocolType: 0x000b,
  /** uint32: the capture agent's id (Homer's node). */
  captureAgentId: 0x000c,
  /** uint16: keep-alive timer (seconds). Not sent here. */
  keepAliveTimer: 0x000d,
  /** octet string: the authentication key (the collector's password). */
  authenticationKey: 0x000e,
  /** octet string: the captured payload (the SIP message as on the wire). */
  payload: 0x000f,
  /** octet string: the payload compressed (gzip). Not sent here. */
  compressedPayload: 0x0010,
  /** octet string: the internal correlation id (heplify-server's CID; for SIP, the Call-ID that ties call legs). */
  correlationId: 0x0011,
} as const;

/** Payload types of chunk 0x000b this package names (the specification lists more: RTCP 5, DNS 53, LOG 100, …). */
export const HEP3_PROTOCOL_TYPE = { sip: 1 } as const;

/** The IP protocol numbers chunk 0x0002 carries (IANA). */
export const IP_PROTOCOL = { tcp: 6, udp: 17 } as const;

/** The address family values chunk 0x0001 carries. */
export const IP_FAMILY = { ipv4: 2, ipv6: 10 } as const;

/** The magic, the total length: the six bytes before the first chunk. */
export const HEP3_HEADER_LENGTH = 6;
/** A chunk's vendor, type and length. */
export const CHUNK_HEADER_LENGTH = 6;
/** The total length is 16 bits: no HEP3 message is longer. */
export const HEP3_MAX_LENGTH = 0xffff;
const MAGIC = Buffer.from('HEP3', 'latin1');

export interface HepEndpoint {
  /** IPv4 (dotted quad) or IPv6; both ends of one packet of one family. */
  readonly ip: string;
  readonly port: number;
}

/** One captured packet as HEP3 carries it. */
export interface HepPacket {
  /** The transport the captured packet crossed: chunk 0x0002 (TLS is TCP). */
  readonly transport: 'udp' | 'tcp';
  readonly source: HepEndpoint;
  readonly destination: HepEndpoint;
  /** When it was captured, in microseconds since the Unix epoch (chunks 0x0009 and 0x000a). */
  readonly timestampMicros: number;
  /** Chunk 0x000b; SIP (1) unless told. */
  readonly protocolType?: number;
  /** Chunk 0x000c, 0 to 4294967295. */
  readonly captureId: number;
  /** Chunk 0x000e, when given (UTF-8). */
  readonly authKey?: string;
  /** Chunk 0x0011, when given (UTF-8). */
  readonly correlationId?: string;
  /** Chunk 0x000f: the packet's payload (a string is UTF-8). */
  readonly payload: string | Uint8Array;
}

function checkedUint(bytes: 1 | 2 | 4, value: number, what: string): number {
  const max = 2 ** (8 * bytes) - 1;
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new RangeError(`HEP3 ${what} must be a whole number from 0 to ${max}, got ${String(value)}`);
  return value;
}

/** Writes chunks one after another into one buffer of the message's length (no buffer per chunk). */
class ChunkWriter {
  private at = HEP3_HEADER_LENGTH;

  constructor(readonly out: Buffer) {
    MAGIC.copy(out, 0);
    out.writeUInt16BE(out.length, 4);
  }

  private header(type: number, valueLength: number): number {
    this.out.writeUInt16BE(0, this.at);
    this.out.writeUInt16BE(type, this.at + 2);
    this.out.writeUInt16BE(CHUNK_HEADER_LENGTH + valueLength, this.at + 4);
    const value = this.at + CHUNK_HEADER_LENGTH;
    this.at = value + valueLength;
    return value;
  }

  uint(type: number, bytes: 1 | 2 | 4, value: number): void {
    this.out.writeUIntBE(value, this.header(type, bytes), bytes);
  }

  bytes(type: number, value: Uint8Array): void {
    this.out.set(value, this.header(type, value.length));
  }
}

/** The length of a chunk holding `valueLength` bytes; a RangeError past what its 16-bit length can say. */
function chunkLength(type: number, valueLength: number): number {
  const length = CHUNK_HEADER_LENGTH + valueLength;
  if (length > HEP3_MAX_LENGTH)
    throw new RangeError(`HEP3 chunk 0x${type.toString(16)} is ${length} bytes, over 65535`);
  return length;
}

/** An address's 4 (IPv4) or 16 (IPv6) octets. */
export function ipOctets(ip: string): Buffer {
  const family = isIP(ip);
  if (family === 4) return Buffer.from(ip.split('.').map(Number));
  if (family !== 6) throw new TypeError(`HEP3 needs an IPv4 or IPv6 address, got ${JSON.stringify(ip)}`);
  let text = ip.replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const octets = Buffer.alloc(16);
  all.forEach((group, index) => octets.writeUInt16BE(parseInt(group, 16), index * 2));
  return octets;
}

/**
 * The HEP3 message of one captured packet: chunks 0x0001 to 0x000c in order, the authentication key (0x000e) and the
 * correlation id (0x0011) when given, the payload (0x000f) last. Throws a TypeError for an address that is not IP
 * (or two of different families) and a RangeError for a value out of its chunk's range or a message over 65535
 * bytes.
 */
export function encodeHep3(packet: HepPacket): Buffer {
  const source = ipOctets(packet.source.ip);
  const destination = ipOctets(packet.destination.ip);
  if (source.length !== destination.length)
    throw new TypeError(
      `HEP3 needs both addresses of one family, got ${packet.source.ip} and ${packet.destination.ip}`,
    );
  const v6 = source.length === 16;
  const micros = packet.timestampMicros;
  if (!Number.isSafeInteger(micros) || micros < 0)
    throw new RangeError(`HEP3 timestampMicros must be a whole number of microseconds, got ${String(micros)}`);
  const seconds = checkedUint(4, Math.floor(micros / 1_000_000), 'timestamp seconds');
  const sourcePort = checkedUint(2, packet.source.port, 'source port');
  const destinationPort = checkedUint(2, packet.destination.port, 'destination port');
  const protocolType = checkedUint(1, packet.protocolType ?? HEP3_PROTOCOL_TYPE.sip, 'protocol type');
  const captureId = checkedUint(4, packet.captureId, 'capture id');
  const authKey = packet.authKey === undefined ? undefined : Buffer.from(packet.authKey, 'utf8');
  const correlationId = packet.correlationId === undefined ? undefined : Buffer.from(packet.correlationId, 'utf8');
  const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload, 'utf8') : packet.payload;
  const length =
    HEP3_HEADER_LENGTH +
    2 * (CHUNK_HEADER_LENGTH + 1) +
    2 * (CHUNK_HEADER_LENGTH + source.length) +
    2 * (CHUNK_HEADER_LENGTH + 2) +
    2 * (CHUNK_HEADER_LENGTH + 4) +
    (CHUNK_HEADER_LENGTH + 1) +
    (CHUNK_HEADER_LENGTH + 4) +
    (authKey ? chunkLength(HEP3_CHUNK.authenticationKey, authKey.length) : 0) +
    (correlationId ? chunkLength(HEP3_CHUNK.correlationId, correlationId.length) : 0) +
    chunkLength(HEP3_CHUNK.payload, payload.length);
  if (length > HEP3_MAX_LENGTH) throw new RangeError(`the HEP3 message would be ${length} bytes, over 65535`);
  const out = new ChunkWriter(Buffer.allocUnsafe(length));
  out.uint(HEP3_CHUNK.ipFamily, 1, v6 ? IP_FAMILY.ipv6 : IP_FAMILY.ipv4);
  out.uint(HEP3_CHUNK.ipProtocol, 1, IP_PROTOCOL[packet.transport]);
  out.bytes(v6 ? HEP3_CHUNK.ipv6Source : HEP3_CHUNK.ipv4Source, source);
  out.bytes(v6 ? HEP3_CHUNK.ipv6Destination : HEP3_CHUNK.ipv4Destination, destination);
  out.uint(HEP3_CHUNK.sourcePort, 2, sourcePort);
  out.uint(HEP3_CHUNK.destinationPort, 2, destinationPort);
  out.uint(HEP3_CHUNK.timestampSeconds, 4, seconds);
  out.uint(HEP3_CHUNK.timestampMicroseconds, 4, micros % 1_000_000);
  out.uint(HEP3_CHUNK.protocolType, 1, protocolType);
  out.uint(HEP3_CHUNK.captureAgentId, 4, captureId);
  if (authKey) out.bytes(HEP3_CHUNK.authenticationKey, authKey);
  if (correlationId) out.bytes(HEP3_CHUNK.correlationId, correlationId);
  out.bytes(HEP3_CHUNK.payload, payload);
  return out.out;
}
