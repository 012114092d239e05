export {
  CHUNK_HEADER_LENGTH,
  HEP3_CHUNK,
  HEP3_HEADER_LENGTH,
  HEP3_MAX_LENGTH,
  HEP3_PROTOCOL_TYPE,
  IP_FAMILY,
  IP_PROTOCOL,
  encodeHep3,
  ipOctets,
  type HepEndpoint,
  type HepPacket,
} from './hep3.js';
export { decodeHep3, type DecodedHep3, type Hep3Chunk } from './decodeHep3.js';
export { Hep3StreamReader } from './Hep3StreamReader.js';
