import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { createObject } from './objectsSupport.js';

/** Ids of the built-in profiles (fixed in the data: clients keep them). */
export const PROFILES = {
  genericPbx: '1d22157e-d6d5-4c79-9c1e-dd47c50e57e1',
  avaya: 'd4fb62ae-77b2-44e7-a0b5-aaf4ca232644',
  collabDirectRouting: '27e7727a-799f-4030-9a2d-030807faa647',
  collabCarrier: '9fbf9f7b-b807-47c1-b661-6bb2a607801d',
  collabSba: '38ef3322-b0c5-4b1d-9d7c-b82231bbf016',
  genericCarrier: '550be012-da9c-45a3-83bb-2648cccc396e',
  telekomDe: '284f989d-620c-4583-86dd-1295c247ae8c',
  voiceUs: '0ad1a146-3f29-4bc4-88a5-1cdd6ebaf2ab',
} as const;

export const CARRIER_PASSWORD = 'Trunk-Secret-Pw-4711!';

export interface NodeEntry {
  readonly id: string;
  readonly displayName: string;
}

export async function addSystem(
  admin: ApiClient,
  profile: string,
  body: Record<string, unknown>,
): Promise<NodeEntry[]> {
  const response = await admin.post('/api/nodes/addSystem', { version: 3, query: { profile }, json: body });
  expect(response.status, response.text.slice(0, 500)).to.equal(200);
  return response.json;
}

export async function addProvider(
  admin: ApiClient,
  profile: string,
  body: Record<string, unknown>,
): Promise<NodeEntry[]> {
  const response = await admin.post('/api/nodes/addProvider', { version: 2, query: { profile }, json: body });
  expect(response.status, response.text.slice(0, 500)).to.equal(200);
  return response.json;
}

export async function addRegistrar(admin: ApiClient, body: Record<string, unknown>): Promise<NodeEntry[]> {
  const response = await admin.post('/api/nodes/addSipPhoneRegistrar', { json: body });
  expect(response.status, response.text.slice(0, 500)).to.equal(200);
  return response.json;
}

export async function subTree(admin: ApiClient, node: string, objectType: string): Promise<Record<string, any>> {
  const response = await admin.get('/api/nodes/subTreeObject/get', { query: { node, objectType } });
  expect(response.status, `${objectType}: ${response.text.slice(0, 300)}`).to.equal(200);
  return response.json;
}

/** A WebRTC node built through objects/set: websocket, media negotiation, WebRTC server, node. */
export async function createWebrtcNode(
  admin: ApiClient,
  prefix: string,
  controllerId: string,
): Promise<Record<string, any>> {
  const websocket = await createObject(admin, 'WEBSOCKET_STACK', `${prefix} websocket`, {
    port: '8089',
    networkControllerId: controllerId,
  });
  const media = await createObject(admin, 'MNS_STACK', `${prefix} media negotiation`, {
    networkControllerId: controllerId,
  });
  const server = await createObject(admin, 'WEBRTC_STACK', `${prefix} WebRTC server`, {
    websocketId: websocket['id'],
    mediaNegotiationId: media['id'],
  });
  return createObject(admin, 'TELWEBRTC_STACK', `${prefix}`, { webrtcServerId: server['id'] });
}

/** A UCMA node built through objects/set: SIP transport, IPC client with a security profile, node. */
export async function createUcmaNode(
  admin: ApiClient,
  prefix: string,
  controllerId: string,
  port: number,
): Promise<Record<string, any>> {
  const transport = await createObject(admin, 'SIPST_STACK', `${prefix} SIP transport`, {
    udpTcpPort: String(port),
    tlsPort: String(port + 1),
    networkControllerId: controllerId,
  });
  const identity = await createObject(admin, 'CRY_X509_STACK', `${prefix} identity`, { selfSigned: 'true' });
  const security = await createObject(admin, 'INS_STACK', `${prefix} security`, { digitalIdentityId: identity['id'] });
  const whitelist = await createObject(admin, 'IN_FILTER', `${prefix} whitelist`, {});
  const qos = await createObject(admin, 'IN_QOS_STACK', `${prefix} qos`, {});
  const mapping = await createObject(admin, 'IN_MAP_STATIC_STACK', `${prefix} static mapping`, {
    publicIpAddress: '203.0.113.7',
    networkControllerId: controllerId,
  });
  const ipc = await createObject(admin, 'IPC_CLIENT', `${prefix} IPC client`, {
    remoteHost: 'ucma.example.com',
    networkControllerId: controllerId,
    networkSecurityProfileId: security['id'],
    networkPeerWhitelistId: whitelist['id'],
    qosProfileId: qos['id'],
    networkMappingId: mapping['id'],
  });
  return createObject(admin, 'TELUCMA_STACK', prefix, {
    frontEndPool: 'pool.example.com',
    sipTransportId: transport['id'],
    ipcClientId: ipc['id'],
  });
}

export function unknownId(): string {
  return randomUUID();
}

/** Compact (32 upper-case hex) form of an id. */
export function compact(id: string): string {
  return id.replace(/-/g, '').toUpperCase();
}

/** A 200 text/plain answer of exactly the given text. */
export function expectText(response: ApiResponse, text: string): void {
  expect(response.status, response.text.slice(0, 300)).to.equal(200);
  expect(response.headers.get('content-type')).to.match(/^text\/plain/);
  expect(response.text).to.equal(text);
}

/** How many objects the configuration holds, all sorts together. */
export async function objectCount(admin: ApiClient): Promise<number> {
  const sorts = (await admin.get('/api/objects/sorts')).json as Array<{ count: number }>;
  return sorts.reduce((sum, s) => sum + s.count, 0);
}
