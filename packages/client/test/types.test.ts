import { expect } from 'chai';
import { GatewayClient, type Result } from '../src/index.js';

/**
 * Compile-time checks: each `@ts-expect-error` line must be a type error, or the build fails. The function
 * is never called; the test below only makes sure it exists.
 */
async function typeChecks(client: GatewayClient): Promise<void> {
  // @ts-expect-error not an operation of the gateway
  await client.get('/api/no/such/operation');
  // @ts-expect-error users/remove is a DELETE
  await client.get('/api/users/remove', { query: { user: 'x' } });
  // @ts-expect-error its query parameter `user` is required
  await client.delete('/api/users/remove');
  // @ts-expect-error the version is filled in by the client, not given
  await client.get('/api/users/get', { query: { version: 0 } });
  // @ts-expect-error a JSON body of the wrong shape
  await client.put('/api/roles/add', { json: { id: 'r' } });
  // @ts-expect-error an enumerated query value outside its values
  await client.get('/api/version/get', { query: { product: 'kernel' } });
  const users = await client.get('/api/users/get');
  // @ts-expect-error a field the answer does not have
  users[0]?.passwordHash;
  const name: string | undefined = users[0]?.displayName;
  // an answer's optional member is absent when it has no value, never null: a number or undefined
  const failedLogins: number | undefined = users[0]?.failedLogins;
  // @ts-expect-error so null is no value it can take
  const noNull: NonNullable<typeof users>[number]['failedLogins'] = null;
  const certificates = await client.get('/api/nodes/certificates/get', { query: { node: 'x' } });
  // null only where the document declares it: a node certificate's entry without a certificate
  const withoutCertificate: (typeof certificates)[number]['certificate'] = null;
  const status: Result<'GET', '/api/coreConfig/status/get'> = await client.get('/api/coreConfig/status/get');
  const health = await client.sim.get('/_sim/health');
  const up: 'up' | 'starting' = health.status;
  void name;
  void failedLogins;
  void noNull;
  void withoutCertificate;
  void status;
  void up;
}

describe("the client's types", () => {
  it('are checked when the package builds (see the @ts-expect-error lines above)', () => {
    expect(typeChecks).to.be.a('function');
  });
});
