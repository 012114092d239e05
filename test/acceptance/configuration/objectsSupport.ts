import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';

export const CERTIFICATE_PEM =
  '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQWNjZXB0YW5jZUNlcnRpZmljYXRl\n-----END CERTIFICATE-----';
export const PRIVATE_KEY_PEM =
  '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgQWNjZXB0YW5jZUtleQ==\n-----END PRIVATE KEY-----';
export const PASSWORD = 'Carrier-Pw-Accept-93!';

export { expectError } from '../../support/expectError.js';

/** An id no object has. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';

/** Creates an object through objects/set (a new id with a sort creates it); answers the stored object. */
export async function createObject(
  admin: ApiClient,
  sort: string,
  displayName: string,
  fields: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const response = await admin.put('/api/objects/set', {
    query: { id: randomUUID() },
    json: { sort, displayName, ...fields },
  });
  expect(response.status, response.text.slice(0, 400)).to.equal(200);
  return response.json;
}

export interface HttpNodeGraph {
  readonly controller: Record<string, any>;
  readonly identity: Record<string, any>;
  readonly securityProfile: Record<string, any>;
  readonly transport: Record<string, any>;
  readonly credentials: Record<string, any>;
  readonly connection: Record<string, any>;
  readonly userAgent: Record<string, any>;
  readonly node: Record<string, any>;
}

/** A provider node with everything below it, built through the detached-objects API. */
export async function createNodeGraph(admin: ApiClient, prefix: string, port = 5060): Promise<HttpNodeGraph> {
  const controller = await createObject(admin, 'IN_STACK', `${prefix} eth1`, {
    interfaceName: 'eth1',
    ipAddress: '198.51.100.7',
  });
  const identity = await createObject(admin, 'CRY_X509_STACK', `${prefix} identity`, {
    certificate: CERTIFICATE_PEM,
    privateKey: PRIVATE_KEY_PEM,
  });
  const securityProfile = await createObject(admin, 'INS_STACK', `${prefix} security`, {
    digitalIdentityId: identity['id'],
  });
  const transport = await createObject(admin, 'SIPST_STACK', `${prefix} transport`, {
    udpTcpPort: String(port),
    tlsPort: String(port + 1),
    networkControllerId: controller['id'],
    networkSecurityProfileId: securityProfile['id'],
  });
  const credentials = await createObject(admin, 'SIPAUTH_STACK', `${prefix} login`, {
    username: 'alice',
    password: PASSWORD,
  });
  const connection = await createObject(admin, 'AN_SIPRT_ROUTE', `${prefix} trunk`, {
    proxyIri: 'sip:sip.example.net',
    authenticationEnabled: 'true',
    credentialsId: credentials['id'],
  });
  const userAgent = await createObject(admin, 'SIPUA_STACK', `${prefix} user agent`, {
    sipTransportId: transport['id'],
  });
  const node = await createObject(admin, 'TELSIP_STACK', `${prefix} node`, {
    nodeRole: 'PROVIDER',
    sipUserAgentId: userAgent['id'],
    transportConnectionIds: [connection['id']],
  });
  return { controller, identity, securityProfile, transport, credentials, connection, userAgent, node };
}

/** Every object of the working configuration, as objects/get shows it, keyed by id: the whole readable graph. */
export async function readGraph(admin: ApiClient): Promise<Record<string, Record<string, any>>> {
  const sorts = (await admin.get('/api/objects/sorts')).json as Array<{ sort: string; count: number }>;
  const graph: Record<string, Record<string, any>> = {};
  for (const { sort } of sorts.filter((s) => s.count > 0)) {
    for (const entry of (await admin.get('/api/objects/sorts', { query: { sort } })).json as Array<{ id: string }>) {
      graph[entry.id] = (await admin.get('/api/objects/get', { query: { id: entry.id } })).json;
    }
  }
  return graph;
}
