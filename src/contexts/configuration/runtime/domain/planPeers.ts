import type { ConfigObject, ParameterValue } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import type { PlanPeer, PlanPeers, PlanPeerWhitelist } from './GatewayPlan.js';
import { IPV4, simulatedAddress } from './simulatedAddress.js';

/** The most entries a whitelist holds (the catalog's bound on IN_FILTER entries). */
const MAX_ENTRIES = 1000;

function referenced(graph: GraphView, object: ConfigObject | undefined, slot: string, sort: string) {
  const found = graph.get(object?.referencesIn(slot)[0] ?? '');
  return found?.sort === sort ? found : undefined;
}

/** An address or a name, as an entry gives it: a literal keeps itself, a name gets the simulated name service's address. */
function peer(host: string, prefixLength: number): PlanPeer | undefined {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (bare === '') return undefined;
  const literal = IPV4.test(bare) || bare.includes(':');
  const bits = bare.includes(':') ? 128 : 32;
  const prefix = Number.isInteger(prefixLength) ? Math.min(Math.max(prefixLength, 0), bits) : bits;
  return { host: bare, prefixLength: literal ? prefix : 32, nameAddress: literal ? undefined : simulatedAddress(bare) };
}

function entriesOf(filter: ConfigObject): PlanPeer[] {
  const list = filter.parameters['entries'] ?? SortCatalog.defaults('IN_FILTER')['entries'];
  const entries: PlanPeer[] = [];
  for (const entry of Array.isArray(list) ? list.slice(0, MAX_ENTRIES) : []) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const fields = entry as { readonly [key: string]: ParameterValue };
    const host = typeof fields['host'] === 'string' ? fields['host'] : '';
    const v6 = fields['ipVersion'] === 'IN_ADDRESS_VERSION_6' || host.includes(':');
    const prefix = typeof fields['subnetPrefixLength'] === 'number' ? fields['subnetPrefixLength'] : v6 ? 128 : 32;
    const found = peer(host, prefix);
    if (found) entries.push(found);
  }
  return entries;
}

/** The whitelist `object` names in its networkPeerWhitelistId slot, with the subnet of `controller` where it includes it. */
function whitelistOf(
  graph: GraphView,
  object: ConfigObject | undefined,
  controller: ConfigObject | undefined,
): PlanPeerWhitelist | undefined {
  const filter = referenced(graph, object, 'networkPeerWhitelistId', 'IN_FILTER');
  if (!filter) return undefined;
  const includeOwnSubnet = filter.parameters['includeOwnSubnet'] === true;
  const address = controller?.parameters['ipAddress'];
  const prefix = controller?.parameters['subnetPrefixLength'];
  const ownSubnet =
    includeOwnSubnet && typeof address === 'string' && address !== ''
      ? peer(address, typeof prefix === 'number' ? prefix : 24)
      : undefined;
  return Object.freeze({
    id: filter.id,
    displayName: filter.displayName,
    entries: Object.freeze(entriesOf(filter)),
    ownSubnet: ownSubnet?.nameAddress === undefined ? ownSubnet : undefined,
  });
}

/**
 * The whitelists of a node: its SIP transport's (with the subnet of the transport's network controller) and its
 * media negotiation's (with the subnet of the controller media binds to: the negotiation's, else the transport's).
 */
export function peersOf(
  graph: GraphView,
  transport: ConfigObject | undefined,
  negotiation: ConfigObject | undefined,
): PlanPeers {
  const transportController = referenced(graph, transport, 'networkControllerId', 'IN_STACK');
  const mediaController = referenced(graph, negotiation, 'networkControllerId', 'IN_STACK') ?? transportController;
  return Object.freeze({
    sip: whitelistOf(graph, transport, transportController),
    media: whitelistOf(graph, negotiation, mediaController),
  });
}
