import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import type { PlanWebSocket } from './GatewayPlan.js';
import { identityOf } from './planIdentity.js';

function linked(
  graph: GraphView,
  object: ConfigObject | undefined,
  slot: string,
  sort: string,
): ConfigObject | undefined {
  const found = graph.get(object?.referencesIn(slot)[0] ?? '');
  return found?.sort === sort ? found : undefined;
}

/**
 * The signalling of a WebRTC node (TELWEBRTC_STACK → webrtcServerId, WEBRTC_STACK → websocketId, WEBSOCKET_STACK):
 * its WebRTC server, its WebSocket stack and the listener that stack asks for (port, path, WS or WSS, the
 * certificate of the stack's security profile); undefined for a node of another sort, or a WebRTC node whose
 * server names no WebSocket stack (it has no signalling: it listens nowhere).
 */
export function websocketOf(
  graph: GraphView,
  node: ConfigObject,
): { readonly server: ConfigObject; readonly listener: ConfigObject; readonly plan: PlanWebSocket } | undefined {
  if (node.sort !== 'TELWEBRTC_STACK') return undefined;
  const server = linked(graph, node, 'webrtcServerId', 'WEBRTC_STACK');
  const listener = linked(graph, server, 'websocketId', 'WEBSOCKET_STACK');
  if (!server || !listener) return undefined;
  const defaults = SortCatalog.defaults('WEBSOCKET_STACK');
  const read = (name: string) => listener.parameters[name] ?? defaults[name];
  const port = read('port');
  const path = read('path');
  const identity = identityOf(graph, listener);
  const plan: PlanWebSocket = {
    port: typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535 ? port : 8089,
    path: typeof path === 'string' && path.startsWith('/') ? path : '/ws',
    secure: read('secure') !== false,
    identity: identity && Object.freeze(identity),
  };
  return { server, listener, plan: Object.freeze(plan) };
}
