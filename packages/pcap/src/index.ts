/**
 * @gwsim/pcap: a writer of classic libpcap files (not pcapng) carrying UDP datagrams in
 * Ethernet II / IPv4 frames, with correct lengths and checksums and microsecond timestamps.
 *
 * File layout (all fields little-endian in the pcap headers, network order in the frame):
 *   global header  magic 0xa1b2c3d4, version 2.4, thiszone 0, sigfigs 0, snaplen, network 1 (LINKTYPE_ETHERNET)
 *   per packet     ts_sec, ts_usec, incl_len, orig_len, then incl_len bytes of the frame
 *   frame          Ethernet II (dst MAC, src MAC, EtherType 0x0800), IPv4 (20 bytes, no options), UDP (8), payload
 */
import type { Writable } from 'node:stream';

export const PCAP_MAGIC_MICROSECONDS = 0xa1b2c3d4;
export const LINKTYPE_ETHERNET = 1;
/** libpcap's maximum (tcpdump's default): larger than any Ethernet/IPv4/UDP frame, so nothing is truncated. */
export const DEFAULT_SNAPLEN = 262144;
export const GLOBAL_HEADER_LENGTH = 24;
export const RECORD_HEADER_LENGTH = 16;
export const ETHERNET_HEADER_LENGTH = 14;
export const IPV4_HEADER_LENGTH = 20;
export const UDP_HEADER_LENGTH = 8;
/** Largest UDP payload an IPv4 datagram can carry (65535 - 20 - 8). */
export const MAX_UDP_PAYLOAD = 65535 - IPV4_HEADER_LENGTH - UDP_HEADER_LENGTH;
export const IPV4_TTL = 64;
export const IP_PROTOCOL_UDP = 17;
const ETHERTYPE_IPV4 = 0x0800;

export interface UdpEndpoint {
  /** Dotted-quad IPv4 address. */
  ip: string;
  /** UDP port, 0..65535. */
  port: number;
  /** Optional MAC address ("aa:bb:cc:dd:ee:ff" or "aa-bb-..."); derived from the IP when absent. */
  mac?: string;
}

export interface UdpDatagram {
  /** Capture time: a Date, or milliseconds since the epoch (fractions give microseconds). */
  at: Date | number;
  src: UdpEndpoint;
  dst: UdpEndpoint;
  /** UDP payload; a string is encoded as UTF-8. */
  payload: Uint8Array | string;
}

export interface PcapWriterOptions {
  /** Maximum bytes stored per packet (incl_len); longer frames are truncated, orig_len keeps the full length. */
  snaplen?: number;
  /** IPv4 identification of the first packet (default 1); each packet increments it, wrapping at 65536. */
  firstIdentification?: number;
}

/** The 24-byte pcap global header. */
export function globalHeader(snaplen: number = DEFAULT_SNAPLEN): Buffer {
  checkSnaplen(snaplen);
  const b = Buffer.alloc(GLOBAL_HEADER_LENGTH);
  b.writeUInt32LE(PCAP_MAGIC_MICROSECONDS, 0);
  b.writeUInt16LE(2, 4);
  b.writeUInt16LE(4, 6);
  b.writeInt32LE(0, 8); // thiszone: timestamps are UTC
  b.writeUInt32LE(0, 12); // sigfigs
  b.writeUInt32LE(snaplen, 16);
  b.writeUInt32LE(LINKTYPE_ETHERNET, 20);
  return b;
}

/** Parses a dotted-quad IPv4 address into 4 bytes; throws on anything else. */
export function parseIpv4(ip: string): Buffer {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255)) {
    throw new TypeError(`not an IPv4 address: ${JSON.stringify(ip)}`);
  }
  return Buffer.from(parts.map(Number));
}

/** Parses "aa:bb:cc:dd:ee:ff" (or with dashes) into 6 bytes. */
export function parseMac(mac: string): Buffer {
  if (!/^[0-9a-f]{2}([:-][0-9a-f]{2}){5}$/i.test(mac)) throw new TypeError(`not a MAC address: ${JSON.stringify(mac)}`);
  return Buffer.from(mac.split(/[:-]/).map((h) => parseInt(h, 16)));
}

/**
 * The MAC address used for an IPv4 address when none is given: locally administered, unicast,
 * 02:00 followed by the four address bytes, so the same IP always gets the same MAC.
 */
export function macForIpv4(ip: string): string {
  const a = parseIpv4(ip);
  return ['02', '00', ...[...a].map((x) => x.toString(16).padStart(2, '0'))].join(':');
}

/** RFC 1071 Internet checksum (one's complement of the one's complement sum of 16-bit words). */
export function internetChecksum(...chunks: Uint8Array[]): number {
  let sum = 0;
  let odd: number | undefined; // a trailing byte of one chunk pairs with the first byte of the next
  for (const c of chunks) {
    let i = 0;
    if (odd !== undefined && c.length > 0) {
      sum += (odd << 8) | c[0]!;
      odd = undefined;
      i = 1;
    }
    for (; i + 1 < c.length; i += 2) sum += (c[i]! << 8) | c[i + 1]!;
    if (i < c.length) odd = c[i]!;
    sum = (sum & 0xffff) + (sum >>> 16);
  }
  if (odd !== undefined) sum += odd << 8;
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

function checkPort(port: number, which: string): void {
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`${which} port out of range: ${port}`);
}

function checkSnaplen(snaplen: number): void {
  if (!Number.isInteger(snaplen) || snaplen < 1 || snaplen > 0x7fffffff)
    throw new RangeError(`invalid snaplen: ${snaplen}`);
}

/** Splits a capture time into whole seconds and microseconds since the epoch. */
export function timestampOf(at: Date | number): { sec: number; usec: number } {
  const ms = at instanceof Date ? at.getTime() : at;
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`invalid capture time: ${String(at)}`);
  const micros = Math.round(ms * 1000);
  const sec = Math.floor(micros / 1e6);
  if (sec > 0xffffffff) throw new RangeError(`capture time beyond the pcap range: ${String(at)}`);
  return { sec, usec: micros - sec * 1e6 };
}

/** The complete Ethernet II / IPv4 / UDP frame for one datagram. */
export function udpFrame(d: Omit<UdpDatagram, 'at'>, identification: number): Buffer {
  const payload = typeof d.payload === 'string' ? Buffer.from(d.payload, 'utf8') : d.payload;
  if (payload.length > MAX_UDP_PAYLOAD)
    throw new RangeError(`UDP payload of ${payload.length} bytes exceeds ${MAX_UDP_PAYLOAD}`);
  checkPort(d.src.port, 'source');
  checkPort(d.dst.port, 'destination');
  const srcIp = parseIpv4(d.src.ip);
  const dstIp = parseIpv4(d.dst.ip);
  const srcMac = parseMac(d.src.mac ?? macForIpv4(d.src.ip));
  const dstMac = parseMac(d.dst.mac ?? macForIpv4(d.dst.ip));
  const udpLength = UDP_HEADER_LENGTH + payload.length;
  const ipLength = IPV4_HEADER_LENGTH + udpLength;

  const f = Buffer.alloc(ETHERNET_HEADER_LENGTH + ipLength);
  dstMac.copy(f, 0);
  srcMac.copy(f, 6);
  f.writeUInt16BE(ETHERTYPE_IPV4, 12);

  const ip = ETHERNET_HEADER_LENGTH;
  f[ip] = 0x45; // version 4, IHL 5 words
  f[ip + 1] = 0; // DSCP/ECN
  f.writeUInt16BE(ipLength, ip + 2);
  f.writeUInt16BE(identification & 0xffff, ip + 4);
  f.writeUInt16BE(0, ip + 6); // flags and fragment offset: not fragmented
  f[ip + 8] = IPV4_TTL;
  f[ip + 9] = IP_PROTOCOL_UDP;
  srcIp.copy(f, ip + 12);
  dstIp.copy(f, ip + 16);
  f.writeUInt16BE(internetChecksum(f.subarray(ip, ip + IPV4_HEADER_LENGTH)), ip + 10);

  const udp = ip + IPV4_HEADER_LENGTH;
  f.writeUInt16BE(d.src.port, udp);
  f.writeUInt16BE(d.dst.port, udp + 2);
  f.writeUInt16BE(udpLength, udp + 4);
  Buffer.from(payload.buffer, payload.byteOffset, payload.length).copy(f, udp + UDP_HEADER_LENGTH);
  const pseudo = Buffer.alloc(12);
  srcIp.copy(pseudo, 0);
  dstIp.copy(pseudo, 4);
  pseudo[9] = IP_PROTOCOL_UDP;
  pseudo.writeUInt16BE(udpLength, 10);
  const sum = internetChecksum(pseudo, f.subarray(udp));
  f.writeUInt16BE(sum === 0 ? 0xffff : sum, udp + 6); // RFC 768: a computed 0 is sent as all ones
  return f;
}

/** One pcap record (16-byte header plus the frame, truncated to snaplen). */
export function udpRecord(d: UdpDatagram, identification: number, snaplen: number = DEFAULT_SNAPLEN): Buffer {
  checkSnaplen(snaplen);
  const { sec, usec } = timestampOf(d.at);
  const frame = udpFrame(d, identification);
  const incl = Math.min(frame.length, snaplen);
  const h = Buffer.alloc(RECORD_HEADER_LENGTH);
  h.writeUInt32LE(sec, 0);
  h.writeUInt32LE(usec, 4);
  h.writeUInt32LE(incl, 8);
  h.writeUInt32LE(frame.length, 12);
  return Buffer.concat([h, frame.subarray(0, incl)]);
}

abstract class RecordNumbering {
  protected readonly snaplen: number;
  private identification: number;
  private packets = 0;

  constructor(options: PcapWriterOptions = {}) {
    this.snaplen = options.snaplen ?? DEFAULT_SNAPLEN;
    checkSnaplen(this.snaplen);
    const first = options.firstIdentification ?? 1;
    if (!Number.isInteger(first) || first < 0 || first > 0xffff)
      throw new RangeError(`invalid firstIdentification: ${first}`);
    this.identification = first;
  }

  /** Number of packets added so far. */
  get count(): number {
    return this.packets;
  }

  protected nextRecord(d: UdpDatagram): Buffer {
    const record = udpRecord(d, this.identification, this.snaplen); // throws before numbering on bad input
    this.identification = (this.identification + 1) & 0xffff;
    this.packets++;
    return record;
  }
}

/** Collects datagrams in memory; `toBuffer()` gives the whole pcap file. Packets are stored in the order added. */
export class PcapWriter extends RecordNumbering {
  private readonly records: Buffer[] = [];

  addUdp(d: UdpDatagram): this {
    this.records.push(this.nextRecord(d));
    return this;
  }

  toBuffer(): Buffer {
    return Buffer.concat([globalHeader(this.snaplen), ...this.records]);
  }
}

/**
 * Writes the pcap file to a Node Writable as packets are added: the global header at construction,
 * one record per `addUdp`. `addUdp` returns the stream's `write()` result (false: wait for 'drain').
 * `end()` ends the stream and resolves once it has finished.
 */
export class PcapStreamWriter extends RecordNumbering {
  constructor(
    private readonly out: Writable,
    options: PcapWriterOptions = {},
  ) {
    super(options);
    out.write(globalHeader(this.snaplen));
  }

  addUdp(d: UdpDatagram): boolean {
    return this.out.write(this.nextRecord(d));
  }

  end(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(() => resolve());
    });
  }
}
