import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';

/**
 * The objects between a node and its digital identity: node (TELSIP_STACK) → sipUserAgentId (SIPUA_STACK) →
 * sipTransportId (SIPST_STACK) → networkSecurityProfileId (INS_STACK) → digitalIdentityId (CRY_X509_STACK).
 * The user agent and transport are required references of a valid graph; the profile and identity may be missing.
 */
export interface NodeIdentityPath {
  readonly node: ConfigObject;
  readonly transport: ConfigObject | undefined;
  readonly securityProfile: ConfigObject | undefined;
  readonly identity: ConfigObject | undefined;
}

function follow(graph: GraphView, from: ConfigObject | undefined, slot: string): ConfigObject | undefined {
  const id = from?.referencesIn(slot)[0];
  return id === undefined ? undefined : graph.get(id);
}

export function nodeIdentityPath(graph: GraphView, node: ConfigObject): NodeIdentityPath {
  const userAgent = follow(graph, node, 'sipUserAgentId');
  const transport = follow(graph, userAgent, 'sipTransportId');
  const securityProfile = follow(graph, transport, 'networkSecurityProfileId');
  const identity = follow(graph, securityProfile, 'digitalIdentityId');
  return { node, transport, securityProfile, identity };
}
