import { expect } from 'chai';
import { createSelfSigned, type GeneratedIdentity } from '@gwsim/x509';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';

export const SECRET = 'Sba-Client-Secret-8842!';

/** Identities made once per process (RSA key generation is slow on a loaded machine). */
const made = new Map<string, GeneratedIdentity>();
export function identity(name: string): GeneratedIdentity {
  let found = made.get(name);
  if (!found) {
    found = createSelfSigned({
      commonName: name,
      notBefore: new Date('2025-01-01T00:00:00Z'),
      notAfter: new Date('2028-01-01T00:00:00Z'),
    });
    made.set(name, found);
  }
  return found;
}

export function keyBody(pem: string): string {
  return pem.split(/\r?\n/)[1]!;
}

/** A 4xx in the one error shape whose details name `field`. */
export function refused(response: ApiResponse, status: number, code: string | undefined, field: string): void {
  expectError(response, status, code);
  expect(
    response.json.error.details.map((d: { field?: string }) => d.field),
    response.text,
  ).to.include(field);
}

export function ok(response: ApiResponse): ApiResponse {
  expect(response.status, response.text.slice(0, 500)).to.equal(200);
  return response;
}

/** An answer the suite received, kept to check that none holds the secret and only privateKey/get the key. */
export interface RecordedAnswer {
  readonly what: string;
  readonly text: string;
}

/** Calls of the SBA operations on the admin client of the moment, each answer recorded in `answers`. */
export function recordingClient(current: () => ApiClient) {
  const answers: RecordedAnswer[] = [];
  function record(what: string, response: ApiResponse): ApiResponse {
    answers.push({ what, text: response.text });
    return response;
  }
  const get = async (path: string, version = 0) => record(path, await current().get(path, { version }));
  const putText = async (path: string, text: string) => record(path, await current().put(path, { text }));
  const putJson = async (path: string, json: unknown) => record(path, await current().put(path, { json }));
  const post = async (path: string) => record(path, await current().post(path));
  const upload = async (path: string, name: string, content: string | Buffer, password?: string) =>
    record(
      path,
      await current().put(path, {
        file: { name, content },
        ...(password !== undefined ? { query: { password } } : {}),
      }),
    );
  const status = async () => ok(await get('/api/sba/status/get', 1)).json;
  return { answers, record, get, putText, putJson, post, upload, status };
}
