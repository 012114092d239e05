import type { PlanPeer, PlanPeerWhitelist } from '../../../configuration/index.js';
import { formatIp, inPrefix, isIpv4, MAPPED_PREFIX_BITS, parseIp, type IpBytes } from './IpAddress.js';

/** One accepted subnet: its network address and prefix length in bits of the 16-byte form. */
interface Subnet {
  readonly network: IpBytes;
  readonly bits: number;
}

/** The loopback subnets: 127.0.0.0/8 and ::1. */
const LOOPBACK: readonly Subnet[] = [
  { network: parseIp('127.0.0.0')!, bits: MAPPED_PREFIX_BITS + 8 },
  { network: parseIp('::1')!, bits: 128 },
];

/** How many verdicts are remembered (a peer sends many packets; the cache is emptied when full). */
const CACHE_SIZE = 4096;

/** An address with its prefix length as the plan gives it: the subnet in the 16-byte form. */
function subnetOf(address: string, prefixLength: number): Subnet | undefined {
  const network = parseIp(address);
  if (!network) return undefined;
  const v4 = isIpv4(network);
  const bits = Math.min(Math.max(prefixLength, 0), v4 ? 32 : 128) + (v4 ? MAPPED_PREFIX_BITS : 0);
  return { network, bits };
}

function describeSubnet(subnet: Subnet): string {
  const v4 = isIpv4(subnet.network);
  return `${formatIp(subnet.network)}/${subnet.bits - (v4 ? MAPPED_PREFIX_BITS : 0)}`;
}

/**
 * The peers a node hears (a network peer whitelist, IN_FILTER, of its SIP transport or its media negotiation), from
 * the committed plan. Without a whitelist every peer is heard. With one, a peer is heard when its address is in:
 *
 * - an entry that is an address: that address, or its subnet by the entry's prefix length (IPv4 and IPv6; an IPv4
 *   peer seen as an IPv4-mapped IPv6 address is the same peer);
 * - an entry that is a host name: the address the lab's simulated name service gives the name (a lab has no DNS:
 *   the names of its peers are simulated, in TEST-NET-3, where nothing real lives), and the loopback addresses, from
 *   where the real programs standing in for simulated peers (SIPp, a softphone) reach a lab on one machine;
 * - the own subnet (the network controller's address and prefix length) where the whitelist includes it.
 *
 * Pure: no I/O, no clock; `accepts` remembers its last verdicts so a peer's packets cost one map read.
 */
export class PeerWhitelist {
  /** Every peer: a node whose transport (or media negotiation) names no whitelist. */
  static readonly OPEN = new PeerWhitelist(undefined, []);

  private readonly verdicts = new Map<string, boolean>();

  private constructor(
    private readonly source: PlanPeerWhitelist | undefined,
    private readonly subnets: readonly Subnet[],
  ) {}

  /** The whitelist the plan gives (undefined: every peer). */
  static of(whitelist: PlanPeerWhitelist | undefined): PeerWhitelist {
    if (!whitelist) return PeerWhitelist.OPEN;
    const subnets: Subnet[] = [];
    const add = (subnet: Subnet | undefined): void => {
      if (subnet) subnets.push(subnet);
    };
    let named = false;
    for (const entry of whitelist.entries) {
      if (entry.nameAddress === undefined) add(subnetOf(entry.host, entry.prefixLength));
      else {
        add(subnetOf(entry.nameAddress, 32));
        named = true;
      }
    }
    if (named) subnets.push(...LOOPBACK);
    if (whitelist.ownSubnet) add(subnetOf(whitelist.ownSubnet.host, whitelist.ownSubnet.prefixLength));
    return new PeerWhitelist(whitelist, subnets);
  }

  /** Whether a whitelist applies (false: every peer is heard). */
  get enforced(): boolean {
    return this.source !== undefined;
  }

  /** The whitelist's display name, where there is one. */
  get name(): string | undefined {
    return this.source?.displayName;
  }

  /** Whether the peer at `address` (as a socket reports it) is heard. Something that is no address is not. */
  accepts(address: string): boolean {
    if (!this.source) return true;
    const known = this.verdicts.get(address);
    if (known !== undefined) return known;
    const parsed = parseIp(address);
    const verdict = parsed !== undefined && this.subnets.some((s) => inPrefix(parsed, s.network, s.bits));
    if (this.verdicts.size >= CACHE_SIZE) this.verdicts.clear();
    this.verdicts.set(address, verdict);
    return verdict;
  }

  /** What is heard, one line per entry: `192.0.2.0/24`, `pbx.example.com: 203.0.113.7/32 and the loopback`, … */
  describe(): string[] {
    if (!this.source) return [];
    const lines = this.source.entries.map((entry: PlanPeer) => {
      if (entry.nameAddress !== undefined)
        return `${entry.host}: ${entry.nameAddress}/32 (simulated name service) and the loopback`;
      const subnet = subnetOf(entry.host, entry.prefixLength);
      return subnet ? describeSubnet(subnet) : `${entry.host} (not an address: no peer)`;
    });
    const own = this.source.ownSubnet && subnetOf(this.source.ownSubnet.host, this.source.ownSubnet.prefixLength);
    if (own) lines.push(`${describeSubnet(own)} (own subnet)`);
    return lines;
  }
}
