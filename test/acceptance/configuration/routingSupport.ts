import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, permissionsFor } from '../identity/identitySupport.js';
import { createNodeGraph } from './objectsSupport.js';

export { createObject, expectError, readGraph } from './objectsSupport.js';

export const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';
export const UNKNOWN_COMPACT_ID = '000000000000400080000000BEEFBEEF';

/** The compact (32 upper-case hex characters) shape of an id. */
export function compact(id: string): string {
  return id.replace(/-/g, '').toUpperCase();
}

/**
 * A SIP node to route to and from, with everything below it (controller, transport, user agent, …), built through
 * /api/objects/set since the nodes view is another module. Each node needs its own port.
 */
export async function createNode(admin: ApiClient, prefix: string, port: number): Promise<string> {
  const graph = await createNodeGraph(admin, prefix, port);
  return graph.node['id'] as string;
}

/** A client whose role has API and configuration read access only (CFG-R): reads work, writes are 403. */
export async function configurationReader(gateway: TestGateway, admin: ApiClient, name: string): Promise<ApiClient> {
  await addRole(admin, `${name}_role`, permissionsFor(['API', 'CFG-R']));
  await addLocalUser(admin, name, 'Reader-Pass-2468', { roleIds: [`${name}_role`] });
  return gateway.client(name, 'Reader-Pass-2468');
}

/** The whole routing-related state as the views and objects show it, to prove a refused request changed nothing. */
export async function routingState(admin: ApiClient): Promise<string> {
  const parts = [
    await admin.get('/api/routingDomains/get'),
    await admin.get('/api/routingForwardProfiles/get', { query: { completeData: true } }),
    await admin.get('/api/dialStringRewriting/get'),
    await admin.get('/api/coreConfig/status/get'),
  ];
  for (const part of parts) expect(part.status, part.text.slice(0, 300)).to.equal(200);
  const status = parts[3]!.json as Record<string, unknown>;
  return JSON.stringify([parts[0]!.json, parts[1]!.json, parts[2]!.json, status['state']]);
}

/** A route as routes/add takes it, to one destination node, matching every destination. */
export function simpleRoute(displayName: string, destinationNodeId: string): Record<string, unknown> {
  return {
    displayName,
    enabled: true,
    establishment: { action: 'ACCEPT', routingTargets: [{ destinationNodeId, routingForwardProfileId: '' }] },
    filters: [{ sourceNodeIds: [], destinationDialString: { type: 'WILDCARD', wildcardPattern: '*' } }],
  };
}
