import { expect } from 'chai';
import { ConfigurationReader } from '../../../src/contexts/configuration/index.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';

export const PATH = '/api/webserverConnectors';

export type Connector = Record<string, any>;

export function body(response: ApiResponse): Connector[] {
  expect(response.status, response.text.slice(0, 500)).to.equal(200);
  return response.json;
}

export function named(connectors: Connector[], displayName: string): Connector {
  const found = connectors.find((c) => c['displayName'] === displayName);
  expect(found, `connector ${displayName} in ${JSON.stringify(connectors.map((c) => c['displayName']))}`).to.not.equal(
    undefined,
  );
  return found!;
}

export function compact(id: string): string {
  return id.replace(/-/g, '').toUpperCase();
}

/** The connector calls of the tests, on the gateway and admin client the current test has. */
export function connectorHelpers(current: () => { gateway: TestGateway; admin: ApiClient }) {
  async function list(): Promise<Connector[]> {
    return body(await current().admin.get(`${PATH}/get`));
  }

  /** The stored HTTP_SERVER object's private key, read behind the API (reads never show it). */
  async function storedKey(id: string): Promise<string> {
    const graph = await current().gateway.get(ConfigurationReader).working(DEFAULT_LAB);
    return String(graph.get(id)!.parameters['privateKey']);
  }

  async function add(connector: Connector): Promise<Connector[]> {
    return body(await current().admin.post(`${PATH}/add`, { json: connector }));
  }
  return { list, storedKey, add };
}
