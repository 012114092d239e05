import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { transportOf, userAgentOf } from './NodeMapper.js';

const BASE_TYPES = [
  'sipNode',
  'sipUserAgent',
  'websocket',
  'webrtcServer',
  'webrtcNode',
  'collabUcmaNode',
  'collabTenant',
  'collabConnectivity',
  'collabSbaSipNode',
  'collabSbaSipUserAgent',
  'collabCloudTransportConnection',
  'collabSbaTransportConnection',
] as const;
const NETWORK_PREFIXES = [
  'mediaNegotiation',
  'sipTransport',
  'collabSbaMediaNegotiation',
  'collabSbaSipTransport',
] as const;
const NETWORK_SUFFIXES = [
  '',
  'NetworkController',
  'NetworkSecurityProfile',
  'DigitalIdentitiyAndTrust',
  'NetworkMapping',
  'NetworkStaticMapping',
  'NetworkPeerWhitelist',
  'QosProfile',
] as const;
const IPC_SUFFIXES = NETWORK_SUFFIXES.filter((s) => s !== 'NetworkMapping');
type Suffix = (typeof NETWORK_SUFFIXES)[number];

/** Every value of `objectType` (the specification's list; `DigitalIdentitiyAndTrust` is spelled so). */
export const NODE_OBJECT_TYPES: readonly string[] = [
  ...BASE_TYPES,
  ...NETWORK_PREFIXES.flatMap((prefix) => NETWORK_SUFFIXES.map((suffix) => `${prefix}${suffix}`)),
  ...IPC_SUFFIXES.map((suffix) => `ipcClient${suffix}`),
];

function follow(
  graph: GraphView,
  object: ConfigObject | undefined,
  slot: string,
  sorts?: readonly ObjectSort[],
): ConfigObject | undefined {
  const id = object?.references[slot]?.[0];
  const target = id === undefined ? undefined : graph.get(id);
  return target && (!sorts || sorts.includes(target.sort)) ? target : undefined;
}

function ifSort(object: ConfigObject, sort: ObjectSort): ConfigObject | undefined {
  return object.sort === sort ? object : undefined;
}

function mediaNegotiationOf(graph: GraphView, node: ConfigObject): ConfigObject | undefined {
  if (node.sort === 'TELWEBRTC_STACK')
    return follow(graph, follow(graph, node, 'webrtcServerId'), 'mediaNegotiationId', ['MNS_STACK']);
  return follow(graph, userAgentOf(graph, node), 'mediaNegotiationId', ['MNS_STACK']);
}

/** The node's object of a base type (the objectType without a network suffix). */
function base(graph: GraphView, node: ConfigObject, type: string): ConfigObject | undefined {
  const collab = ifSort(node, 'TELCOLLAB_STACK');
  const sbaNode = collab && follow(graph, collab, 'sbaSipNodeId', ['TELSIP_STACK']);
  switch (type) {
    case 'sipNode':
      return ifSort(node, 'TELSIP_STACK');
    case 'sipUserAgent':
      return userAgentOf(graph, node);
    case 'sipTransport':
      return transportOf(graph, node);
    case 'mediaNegotiation':
      return mediaNegotiationOf(graph, node);
    case 'webrtcNode':
      return ifSort(node, 'TELWEBRTC_STACK');
    case 'webrtcServer':
      return follow(graph, node, 'webrtcServerId', ['WEBRTC_STACK']);
    case 'websocket':
      return follow(graph, follow(graph, node, 'webrtcServerId'), 'websocketId', ['WEBSOCKET_STACK']);
    case 'collabUcmaNode':
      return ifSort(node, 'TELUCMA_STACK');
    case 'ipcClient':
      return follow(graph, ifSort(node, 'TELUCMA_STACK'), 'ipcClientId', ['IPC_CLIENT']);
    case 'collabConnectivity':
      return collab;
    case 'collabTenant':
      return follow(graph, collab, 'tenantIds', ['TELCOLLAB_TENANT']);
    case 'collabCloudTransportConnection':
      return follow(graph, collab, 'transportConnectionIds');
    case 'collabSbaSipNode':
      return sbaNode;
    case 'collabSbaSipUserAgent':
      return sbaNode && userAgentOf(graph, sbaNode);
    case 'collabSbaSipTransport':
      return sbaNode && transportOf(graph, sbaNode);
    case 'collabSbaMediaNegotiation':
      return sbaNode && mediaNegotiationOf(graph, sbaNode);
    case 'collabSbaTransportConnection':
      return follow(graph, sbaNode, 'transportConnectionIds');
    default:
      return undefined;
  }
}

function withSuffix(graph: GraphView, object: ConfigObject | undefined, suffix: Suffix): ConfigObject | undefined {
  switch (suffix) {
    case '':
      return object;
    case 'NetworkController':
      return follow(graph, object, 'networkControllerId', ['IN_STACK']);
    case 'NetworkSecurityProfile':
      return follow(graph, object, 'networkSecurityProfileId', ['INS_STACK']);
    case 'DigitalIdentitiyAndTrust':
      return follow(graph, follow(graph, object, 'networkSecurityProfileId', ['INS_STACK']), 'digitalIdentityId', [
        'CRY_X509_STACK',
      ]);
    case 'NetworkMapping':
      return follow(graph, object, 'networkMappingId', ['IN_MAP_STACK']);
    case 'NetworkStaticMapping':
      return follow(graph, object, 'networkMappingId', ['IN_MAP_STATIC_STACK']);
    case 'NetworkPeerWhitelist':
      return follow(graph, object, 'networkPeerWhitelistId', ['IN_FILTER']);
    case 'QosProfile':
      return follow(graph, object, 'qosProfileId', ['IN_QOS_STACK']);
  }
}

/**
 * The object of a node's graph that `objectType` selects, undefined when the node's graph has none. A composite
 * type is a prefix (the SIP transport, media negotiation or IPC client of the node, or of its survivable branch
 * appliance's SIP node) followed by a network suffix (that object's network controller, security profile, the
 * profile's digital identity, its network mapping — STUN or static —, peer whitelist or QoS profile).
 */
export function nodeSubTreeObject(graph: GraphView, node: ConfigObject, objectType: string): ConfigObject | undefined {
  if ((BASE_TYPES as readonly string[]).includes(objectType)) return base(graph, node, objectType);
  for (const prefix of [...NETWORK_PREFIXES, 'ipcClient']) {
    if (!objectType.startsWith(prefix)) continue;
    const suffix = objectType.slice(prefix.length);
    if (!(NETWORK_SUFFIXES as readonly string[]).includes(suffix)) continue;
    const found = withSuffix(graph, base(graph, node, prefix), suffix as Suffix);
    if (found) return found;
  }
  return undefined;
}
