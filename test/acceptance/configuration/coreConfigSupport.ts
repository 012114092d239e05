import { expect } from 'chai';
import { decodeConfigFile, encodeConfigFile, type ConfigFileObject } from '@gwsim/config-file';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const FACTORY_OBJECTS = 13;

/** The coreConfig calls of the lifecycle tests, on the gateway and admin client the current test has. */
export function coreConfigHelpers(current: () => { gateway: TestGateway; admin: ApiClient }) {
  const status = async () => {
    const response = await current().admin.get('/api/coreConfig/status/get');
    expect(response.status, response.text).to.equal(200);
    return response.json;
  };
  /** GET coreConfig/get as bytes (ApiClient reads bodies as text), on the admin's session. */
  const download = async (): Promise<{ response: Response; content: Buffer }> => {
    const { gateway, admin } = current();
    if (!admin.cookie) await status();
    const response = await fetch(new URL('/api/coreConfig/get?version=0', gateway.baseUrl), {
      headers: { cookie: `JSESSIONID=${admin.cookie}` },
    });
    expect(response.status).to.equal(200);
    return { response, content: Buffer.from(await response.arrayBuffer()) };
  };
  const exported = async (): Promise<readonly ConfigFileObject[]> =>
    decodeConfigFile((await download()).content).objects;
  const upload = (content: Buffer | string, query: Record<string, string> = {}, name = 'lab.xzconfig') =>
    current().admin.put('/api/coreConfig/set', { query, file: { name, content } });
  const fileOf = (objects: readonly ConfigFileObject[]) => encodeConfigFile({ exportedAt: new Date(), objects });
  /** objects/sorts with sort and displayName: the one object of that name, or the error response. */
  const find = (sort: string, displayName: string) =>
    current().admin.get('/api/objects/sorts', { query: { sort, displayName } });
  const idOf = async (sort: string, displayName: string): Promise<string> => {
    const response = await find(sort, displayName);
    expect(response.status, response.text).to.equal(200);
    return response.json.id;
  };
  const read = async (id: string) => (await current().admin.get('/api/objects/get', { query: { id } })).json;
  const setDscp = async (id: string, value: number): Promise<ApiResponse> =>
    current().admin.put('/api/objects/set', { query: { id }, json: { signalingDscp: String(value) } });
  return { status, download, exported, upload, fileOf, find, idOf, read, setDscp };
}
