import { CHUNK_HEADER_LENGTH, HEP3_CHUNK, HEP3_HEADER_LENGTH, IP_PROTOCOL } from './hep3.js';

/** One chunk as it came: vendor, type and value (without its six header bytes). */
export interface Hep3Chunk {
  readonly vendor: number;
  readonly type: number;
  readonly value: Buffer;
}

/** A HEP3 message read back: every chunk in order, and the generic ones by name (undefined when absent). */
export interface DecodedHep3 {
  readonly chunks: readonly Hep3Chunk[];
  readonly ipFamily?: number;
  readonly ipProtocol?: number;
  readonly transport?: 'udp' | 'tcp';
  readonly source?: { readonly ip: string; readonly port: number };
  readonly destination?: { readonly ip: string; readonly port: number };
  readonly timestampMicros?: number;
  readonly protocolType?: number;
  readonly captureId?: number;
  readonly authKey?: string;
  readonly correlationId?: string;
  readonly payload?: Buffer;
}

/** The value length each fixed-size generic chunk must have. */
const FIXED: Readonly<Record<number, number>> = {
  [HEP3_CHUNK.ipFamily]: 1,
  [HEP3_CHUNK.ipProtocol]: 1,
  [HEP3_CHUNK.ipv4Source]: 4,
  [HEP3_CHUNK.ipv4Destination]: 4,
  [HEP3_CHUNK.ipv6Source]: 16,
  [HEP3_CHUNK.ipv6Destination]: 16,
  [HEP3_CHUNK.sourcePort]: 2,
  [HEP3_CHUNK.destinationPort]: 2,
  [HEP3_CHUNK.timestampSeconds]: 4,
  [HEP3_CHUNK.timestampMicroseconds]: 4,
  [HEP3_CHUNK.protocolType]: 1,
  [HEP3_CHUNK.captureAgentId]: 4,
  [HEP3_CHUNK.keepAliveTimer]: 2,
};

function ipText(octets: Buffer): string {
  if (octets.length === 4) return [...octets].join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(octets.readUInt16BE(i).toString(16));
  return groups.join(':');
}

/** The chunks of a message, each checked against the message's bounds and its type's size. */
function readChunks(message: Buffer, length: number): Hep3Chunk[] {
  const chunks: Hep3Chunk[] = [];
  let at = HEP3_HEADER_LENGTH;
  while (at < length) {
    if (length - at < CHUNK_HEADER_LENGTH)
      throw new RangeError(`HEP3 chunk at byte ${at} has ${length - at} bytes, fewer than its 6-byte header`);
    const vendor = message.readUInt16BE(at);
    const type = message.readUInt16BE(at + 2);
    const chunkLength = message.readUInt16BE(at + 4);
    if (chunkLength < CHUNK_HEADER_LENGTH || at + chunkLength > length)
      throw new RangeError(`HEP3 chunk 0x${type.toString(16)} at byte ${at} says ${chunkLength} bytes`);
    const value = message.subarray(at + CHUNK_HEADER_LENGTH, at + chunkLength);
    const size = vendor === 0 ? FIXED[type] : undefined;
    if (size !== undefined && value.length !== size)
      throw new RangeError(`HEP3 chunk 0x${type.toString(16)} must hold ${size} bytes, holds ${value.length}`);
    chunks.push({ vendor, type, value });
    at += chunkLength;
  }
  return chunks;
}

/**
 * Reads one HEP3 message (the whole buffer): the magic, a total length equal to the buffer's, chunks that fit it and
 * generic chunks of their type's size; throws a RangeError otherwise. Unknown chunks are kept in `chunks`.
 */
export function decodeHep3(message: Buffer): DecodedHep3 {
  if (message.length < HEP3_HEADER_LENGTH || message.toString('latin1', 0, 4) !== 'HEP3')
    throw new RangeError('not a HEP3 message: it does not start with HEP3');
  const length = message.readUInt16BE(4);
  if (length !== message.length)
    throw new RangeError(`the HEP3 message says ${length} bytes but has ${message.length}`);
  const chunks = readChunks(message, length);
  const generic = new Map(chunks.filter((c) => c.vendor === 0).map((c) => [c.type, c.value]));
  const get = (type: number) => generic.get(type);
  const text = (type: number) => get(type)?.toString('utf8');
  const sourceIp = get(HEP3_CHUNK.ipv4Source) ?? get(HEP3_CHUNK.ipv6Source);
  const destinationIp = get(HEP3_CHUNK.ipv4Destination) ?? get(HEP3_CHUNK.ipv6Destination);
  const seconds = get(HEP3_CHUNK.timestampSeconds)?.readUInt32BE(0);
  const micros = get(HEP3_CHUNK.timestampMicroseconds)?.readUInt32BE(0);
  const ipProtocol = get(HEP3_CHUNK.ipProtocol)?.readUInt8(0);
  const optional = <T>(name: string, value: T | undefined) => (value === undefined ? {} : { [name]: value });
  return {
    chunks,
    ...optional('ipFamily', get(HEP3_CHUNK.ipFamily)?.readUInt8(0)),
    ...optional('ipProtocol', ipProtocol),
    ...optional(
      'transport',
      ipProtocol === IP_PROTOCOL.udp ? 'udp' : ipProtocol === IP_PROTOCOL.tcp ? 'tcp' : undefined,
    ),
    ...optional('source', sourceIp && { ip: ipText(sourceIp), port: get(HEP3_CHUNK.sourcePort)?.readUInt16BE(0) ?? 0 }),
    ...optional(
      'destination',
      destinationIp && { ip: ipText(destinationIp), port: get(HEP3_CHUNK.destinationPort)?.readUInt16BE(0) ?? 0 },
    ),
    ...optional('timestampMicros', seconds === undefined ? undefined : seconds * 1_000_000 + (micros ?? 0)),
    ...optional('protocolType', get(HEP3_CHUNK.protocolType)?.readUInt8(0)),
    ...optional('captureId', get(HEP3_CHUNK.captureAgentId)?.readUInt32BE(0)),
    ...optional('authKey', text(HEP3_CHUNK.authenticationKey)),
    ...optional('correlationId', text(HEP3_CHUNK.correlationId)),
    ...optional('payload', get(HEP3_CHUNK.payload)),
  } as DecodedHep3;
}
