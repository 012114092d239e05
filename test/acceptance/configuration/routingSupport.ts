import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
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

/** The version the routing domain operations are called in. */
export const V1 = { version: 1 };

/** A gateway with three nodes to route between (pbx, carrier, backup) and the id of its first forward profile. */
export interface RoutingGateway {
  readonly gateway: TestGateway;
  readonly admin: ApiClient;
  readonly pbx: string;
  readonly carrier: string;
  readonly backup: string;
  readonly profile: string;
}

export async function startRoutingGateway(): Promise<RoutingGateway> {
  const gateway = await TestGateway.start();
  const admin = gateway.admin();
  const pbx = await createNode(admin, 'pbx', 5060);
  const carrier = await createNode(admin, 'carrier', 5070);
  const backup = await createNode(admin, 'backup', 5080);
  const profile = ((await admin.get('/api/routingForwardProfiles/get')).json as Array<{ id: string }>)[0]!.id;
  return { gateway, admin, pbx, carrier, backup, profile };
}

/** routingDomains/add, expecting 200. */
export async function addRoutingDomain(
  admin: ApiClient,
  displayName: string,
  sourceNodes: string[],
): Promise<Record<string, any>> {
  const response = await admin.post('/api/routingDomains/add', { ...V1, json: { displayName, sourceNodes } });
  expect(response.status, response.text).to.equal(200);
  return response.json;
}

/** The national dial string to E.164: the leading 0 for +49 (the demo's rewriting toward its carriers). */
export const TO_E164 = {
  segments: [
    {
      prefix: '+49',
      suffix: '',
      delLeading: 1,
      delTrailing: 0,
      keepLeading: 0,
      keepTrailing: 0,
      matchedPart: 0,
      source: 'MOST_APPROPRIATE',
    },
  ],
};

/** A route with every member the specification names: two targets, rewritings, failover, and a filter per matcher type. */
export function fullRoute(first: string, second: string, source: string, profile: string): Record<string, unknown> {
  const segment = {
    prefix: '+49',
    suffix: '',
    delLeading: 1,
    delTrailing: 0,
    keepLeading: 0,
    keepTrailing: 0,
    matchedPart: 0,
    source: 'MOST_APPROPRIATE',
  };
  return {
    displayName: 'to carrier',
    enabled: true,
    establishment: {
      action: 'ACCEPT',
      routingTargets: [
        {
          destinationNodeId: first,
          routingForwardProfileId: profile,
          destinationDialStringRewriting: { segments: [segment] },
          sourceDialStringRewriting: { segments: [{ ...segment, prefix: '', source: 'LAST_DIVERSION' }] },
          failoverStatusMatch: { telStatusList: ['USER_BUSY', 'ERROR'], sipStatusCodes: '408,480-486' },
        },
        { destinationNodeId: compact(second), routingForwardProfileId: '' },
      ],
    },
    filters: [
      {
        sourceNodeIds: [compact(source)],
        destinationDialString: {
          type: 'EXTENSION_RANGE',
          extensionRange: { firstExtension: '100', lastExtension: '199', trunk: '0301234', zeroExtend: false },
        },
        sourceDialString: { type: 'PLAIN', plain: { prefix: '0', suffix: '' } },
      },
      {
        sourceNodeIds: [],
        destinationDialString: { type: 'DIRECTORY', directory: ['110', '112'] },
        transferrerDialString: { type: 'NEVER' },
      },
      { sourceNodeIds: [], firstDiversionDialString: { type: 'WILDCARD', wildcardPattern: '+49*' } },
    ],
  };
}
