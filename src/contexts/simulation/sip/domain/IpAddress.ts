/**
 * IP addresses as 16 bytes: an IPv6 address as it is, an IPv4 address as its IPv4-mapped IPv6 form
 * (::ffff:a.b.c.d, RFC 4291 section 2.5.5.2), so one comparison serves both families and an IPv4 peer seen on a
 * dual-stack socket (`::ffff:192.0.2.1`) is the same peer as `192.0.2.1`.
 */
export type IpBytes = Uint8Array;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;
/** The prefix of IPv4-mapped addresses, in bits. */
export const MAPPED_PREFIX_BITS = 96;

function ipv4Bytes(text: string, into: Uint8Array, at: number): boolean {
  if (!IPV4.test(text)) return false;
  text.split('.').forEach((part, i) => (into[at + i] = Number(part)));
  return true;
}

/** The hextets of one side of `::` (empty text: none), or undefined when one does not parse. */
function hextets(text: string): number[] | undefined {
  if (text === '') return [];
  const parts = text.split(':');
  if (!parts.every((part) => HEXTET.test(part))) return undefined;
  return parts.map((part) => parseInt(part, 16));
}

function ipv6Bytes(text: string): IpBytes | undefined {
  // a trailing dotted quad (::ffff:192.0.2.1, 64:ff9b::192.0.2.1) stands for the last two hextets
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  const quad = new Uint8Array(16);
  const dotted = tail.includes('.');
  if (dotted && !ipv4Bytes(tail, quad, 12)) return undefined;
  const body = dotted ? `${text.slice(0, lastColon + 1)}0:0` : text;
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const head = hextets(halves[0]!);
  const rest = halves.length === 2 ? hextets(halves[1]!) : [];
  if (!head || !rest) return undefined;
  if (halves.length === 1 ? head.length !== 8 : head.length + rest.length > 7) return undefined;
  const words = [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[2 * i] = word >> 8;
    bytes[2 * i + 1] = word & 0xff;
  });
  if (dotted) bytes.set(quad.subarray(12), 12);
  return bytes;
}

/**
 * The address `text` names (IPv4 dotted quad, IPv6 with `::` and a trailing dotted quad, in brackets or not, a zone
 * index `%eth0` ignored); undefined when it is no address (a host name, say).
 */
export function parseIp(text: string): IpBytes | undefined {
  const bare = text
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (bare.includes(':')) return ipv6Bytes(bare);
  const bytes = new Uint8Array(16);
  bytes[10] = 0xff;
  bytes[11] = 0xff;
  return ipv4Bytes(bare, bytes, 12) ? bytes : undefined;
}

/** Whether the address is an IPv4 one (mapped). */
export function isIpv4(address: IpBytes): boolean {
  for (let i = 0; i < 10; i += 1) if (address[i] !== 0) return false;
  return address[10] === 0xff && address[11] === 0xff;
}

/** Whether the first `bits` bits of `address` are those of `network`. */
export function inPrefix(address: IpBytes, network: IpBytes, bits: number): boolean {
  const whole = Math.floor(bits / 8);
  for (let i = 0; i < whole; i += 1) if (address[i] !== network[i]) return false;
  const left = bits % 8;
  if (left === 0) return true;
  const mask = (0xff << (8 - left)) & 0xff;
  return (address[whole]! & mask) === (network[whole]! & mask);
}

/** The address written back: dotted quad for IPv4, RFC 5952 text (lower case, the longest run of zeros as `::`) for IPv6. */
export function formatIp(address: IpBytes): string {
  if (isIpv4(address)) return [...address.subarray(12)].join('.');
  const words = Array.from({ length: 8 }, (_, i) => (address[2 * i]! << 8) | address[2 * i + 1]!);
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && words[j] === 0) j += 1;
    if (j - i > best.length && j - i > 1) best = { at: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = words.map((word) => word.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}
