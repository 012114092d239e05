/** A dotted-quad IPv4 address. */
export const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/**
 * The IPv4 address the simulated name service gives a host name: the same name always gets the same address,
 * in 203.0.113.1–254 (TEST-NET-3, RFC 5737: never a real host). An IPv4 address stays itself; an IPv6 one (the
 * simulator's captures are IPv4) maps like a name.
 */
export function simulatedAddress(host: string): string {
  if (IPV4.test(host)) return host;
  let hash = 2166136261;
  for (const char of host.toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return `203.0.113.${(hash % 254) + 1}`;
}
