// A deliberately separate, straightforward pcap reader for the tests: it shares no code with src/.

export interface ParsedPacket {
  tsSec: number;
  tsUsec: number;
  inclLen: number;
  origLen: number;
  data: Buffer;
}

export interface ParsedFile {
  magic: number;
  versionMajor: number;
  versionMinor: number;
  thiszone: number;
  sigfigs: number;
  snaplen: number;
  network: number;
  packets: ParsedPacket[];
}

export function readPcap(file: Buffer): ParsedFile {
  if (file.length < 24) throw new Error('short global header');
  const out: ParsedFile = {
    magic: file.readUInt32LE(0),
    versionMajor: file.readUInt16LE(4),
    versionMinor: file.readUInt16LE(6),
    thiszone: file.readInt32LE(8),
    sigfigs: file.readUInt32LE(12),
    snaplen: file.readUInt32LE(16),
    network: file.readUInt32LE(20),
    packets: [],
  };
  let pos = 24;
  while (pos < file.length) {
    if (pos + 16 > file.length) throw new Error('short record header');
    const inclLen = file.readUInt32LE(pos + 8);
    const p: ParsedPacket = {
      tsSec: file.readUInt32LE(pos),
      tsUsec: file.readUInt32LE(pos + 4),
      inclLen,
      origLen: file.readUInt32LE(pos + 12),
      data: file.subarray(pos + 16, pos + 16 + inclLen),
    };
    if (p.data.length !== inclLen) throw new Error('record runs past the end of the file');
    out.packets.push(p);
    pos += 16 + inclLen;
  }
  return out;
}

/** Sum of all 16-bit big-endian words (odd length padded with a zero byte), folded to 16 bits. */
export function onesSum(bytes: number[]): number {
  const b = bytes.length % 2 ? [...bytes, 0] : bytes;
  let sum = 0;
  for (let i = 0; i < b.length; i += 2) sum += b[i]! * 256 + b[i + 1]!;
  while (sum > 0xffff) sum = (sum % 65536) + Math.floor(sum / 65536);
  return sum;
}

export interface DecodedUdp {
  dstMac: string;
  srcMac: string;
  etherType: number;
  version: number;
  ihl: number;
  totalLength: number;
  identification: number;
  flagsFragment: number;
  ttl: number;
  protocol: number;
  srcIp: string;
  dstIp: string;
  ipHeaderValid: boolean;
  srcPort: number;
  dstPort: number;
  udpLength: number;
  udpChecksum: number;
  udpChecksumValid: boolean;
  payload: Buffer;
}

const mac = (b: Buffer) => [...b].map((x) => x.toString(16).padStart(2, '0')).join(':');

export function decodeUdp(frame: Buffer): DecodedUdp {
  const ip = frame.subarray(14);
  const ihl = ip[0]! & 0x0f;
  const ipHeader = ip.subarray(0, ihl * 4);
  const totalLength = ip.readUInt16BE(2);
  const udp = ip.subarray(ihl * 4, totalLength);
  const udpLength = udp.readUInt16BE(4);
  const pseudo = [...ip.subarray(12, 20), 0, ip[9]!, udpLength >> 8, udpLength & 0xff];
  return {
    dstMac: mac(frame.subarray(0, 6)),
    srcMac: mac(frame.subarray(6, 12)),
    etherType: frame.readUInt16BE(12),
    version: ip[0]! >> 4,
    ihl,
    totalLength,
    identification: ip.readUInt16BE(4),
    flagsFragment: ip.readUInt16BE(6),
    ttl: ip[8]!,
    protocol: ip[9]!,
    srcIp: [...ip.subarray(12, 16)].join('.'),
    dstIp: [...ip.subarray(16, 20)].join('.'),
    // a header whose checksum is right sums (checksum included) to all ones
    ipHeaderValid: onesSum([...ipHeader]) === 0xffff,
    srcPort: udp.readUInt16BE(0),
    dstPort: udp.readUInt16BE(2),
    udpLength,
    udpChecksum: udp.readUInt16BE(6),
    udpChecksumValid: onesSum([...pseudo, ...udp.subarray(0, udpLength)]) === 0xffff,
    payload: udp.subarray(8, udpLength),
  };
}
