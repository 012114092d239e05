import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { createObject } from './objectsSupport.js';

export { createObject, expectError, readGraph } from './objectsSupport.js';

/** A SIP node with the chain it needs (network controller → SIP transport → user agent → node), built through objects/set. */
export interface HttpSipNode {
  readonly controller: Record<string, any>;
  readonly transport: Record<string, any>;
  readonly userAgent: Record<string, any>;
  readonly node: Record<string, any>;
}

/** A node for transport connections to belong to (the nodes view lands from another module; objects/set builds it here). */
export async function createSipNode(admin: ApiClient, prefix: string, port = 5060): Promise<HttpSipNode> {
  const controller = await createObject(admin, 'IN_STACK', `${prefix} eth1`, {
    interfaceName: 'eth1',
    ipAddress: '198.51.100.20',
  });
  const transport = await createObject(admin, 'SIPST_STACK', `${prefix} transport`, {
    udpTcpPort: String(port),
    tlsPort: String(port + 1),
    networkControllerId: controller['id'],
  });
  const userAgent = await createObject(admin, 'SIPUA_STACK', `${prefix} user agent`, {
    sipTransportId: transport['id'],
  });
  const node = await createObject(admin, 'TELSIP_STACK', `${prefix} node`, {
    nodeRole: 'PROVIDER',
    sipUserAgentId: userAgent['id'],
  });
  return { controller, transport, userAgent, node };
}

/** objects/get of one object (the detached view of what a typed view wrote). */
export async function getObject(admin: ApiClient, id: string): Promise<Record<string, any>> {
  const response = await admin.get('/api/objects/get', { query: { id } });
  expect(response.status, response.text.slice(0, 300)).to.equal(200);
  return response.json;
}

/** A user whose role grants API and configuration read access only (CFG-R, not CFG-W). */
export async function configurationReader(gateway: TestGateway, name: string): Promise<ApiClient> {
  const admin = gateway.admin();
  const role = {
    id: `${name}_role`,
    displayName: `${name} role`,
    permissions: {
      api: 'ACCESS',
      userInterface: 'NO_ACCESS',
      tracing: 'NO_ACCESS',
      administration: 'NO_ACCESS',
      mediaRecording: 'NO_ACCESS',
      configurationMode: 'READ_ACCESS',
      userManagement: 'NO_ACCESS',
      monitoringMode: 'NO_ACCESS',
      webServer: 'NO_ACCESS',
      backends: 'NO_ACCESS',
    },
  };
  const password = 'Config-Reader-Pw-461!';
  expect((await admin.put('/api/roles/add', { json: role })).status).to.equal(200);
  const created = await admin.post('/api/users/add', {
    json: {
      displayName: name,
      loginLocally: true,
      localUsername: name,
      localPassword: password,
      roleIds: [role.id],
      enabled: true,
      ldapLogin: false,
    },
  });
  expect(created.status, created.text).to.equal(200);
  return gateway.client(name, password);
}

/** Compact (32 upper-case hex) form of an id. */
export function compact(id: string): string {
  return id.replace(/-/g, '').toUpperCase();
}

/** A gateway with one SIP node ('tc node') for the transport connection tests to hang connections on. */
export interface TransportGateway {
  readonly gateway: TestGateway;
  readonly admin: ApiClient;
  readonly sip: HttpSipNode;
}

/** Starts a gateway (its log captured) and builds the 'tc' SIP node on it. */
export async function startTransportGateway(): Promise<TransportGateway> {
  const gateway = await TestGateway.start({ captureLog: true });
  const admin = gateway.admin();
  const sip = await createSipNode(admin, 'tc');
  return { gateway, admin, sip };
}

/** transportConnections/addStandard on the given node (a proxy by default), expecting 200. */
export async function addStandardConnection(
  admin: ApiClient,
  sip: HttpSipNode,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const response = await admin.put('/api/transportConnections/addStandard', {
    query: { displayName: name },
    json: { sipNodeId: sip.node['id'], proxy: { iri: 'sip:proxy.example.net:5060' }, ...extra },
  });
  expect(response.status, response.text).to.equal(200);
  return response.json;
}
