import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GatewayClient, GatewayError, isGatewayError } from '../src/index.js';

/** The README's example, compiled with the package (never run here: it needs a gateway). */
async function readmeExample(): Promise<void> {
  const gateway = new GatewayClient({
    baseUrl: 'http://127.0.0.1:8111',
    username: 'anadmin',
    password: process.env.GWSIM_ADMIN_PASSWORD,
  });

  // typed answers: VersionView, UserView[], …
  const { core } = await gateway.get('/api/version/get');
  const users = await gateway.get('/api/users/get');
  console.log(
    core?.versionMajor,
    users.map((u) => u.displayName),
  );

  // bodies and query parameters are checked against the operation at compile time
  const role = await gateway.put('/api/roles/add', {
    json: {
      id: 'configurator',
      permissions: {
        api: 'ACCESS',
        userInterface: 'NO_ACCESS',
        tracing: 'NO_ACCESS',
        administration: 'NO_ACCESS',
        mediaRecording: 'NO_ACCESS',
        configurationMode: 'READ_WRITE_ACCESS',
        userManagement: 'NO_ACCESS',
        monitoringMode: 'READ_ACCESS',
        webServer: 'NO_ACCESS',
        backends: 'NO_ACCESS',
      },
    },
  });
  await gateway.post('/api/users/add', {
    json: {
      displayName: 'Olga',
      loginLocally: true,
      localUsername: 'olga',
      localPassword: 'S3cret-pw!',
      roleIds: [role.id],
    },
  });
  const [pbx] = await gateway.post('/api/nodes/addSystem', {
    query: { profile: '1d22157e-d6d5-4c79-9c1e-dd47c50e57e1' },
    json: { displayName: 'PBX', udpTcpPort: 5170, tlsPort: 5171 },
  });
  await gateway.post('/api/coreConfig/commit'); // void: an empty 200

  // errors by code
  try {
    await gateway.delete('/api/nodes/remove', { query: { node: pbx!.id } });
  } catch (error) {
    if (isGatewayError(error, 'PERMISSION_DENIED'))
      console.error(
        'needs',
        error.details.map((d) => d.field),
      );
    else if (error instanceof GatewayError && error.status === 409) console.error('still referenced:', error.message);
    else throw error;
  }

  // files: uploads take { file }, downloads answer { filename, contentType, content }
  const backup = await gateway.get('/api/coreConfig/get');
  await gateway.put('/api/coreConfig/set', {
    file: { name: backup.filename ?? 'backup.xzconfig', content: backup.content },
  });

  // the whole answer (status, headers such as ETag) when you need it
  const { data, headers } = await gateway.send('GET', '/api/maintenanceMode/get');
  await gateway.put('/api/maintenanceMode/set', {
    json: { ...data, modeActive: true },
    headers: { 'If-Match': headers.get('etag')! },
  });

  // gwsim's own endpoints (not on a real gateway)
  await gateway.sim.get('/_sim/ready'); // throws GatewayError NOT_READY / STARTING until ready
}

describe('the README example', () => {
  it('compiles against the generated types', () => {
    expect(readmeExample).to.be.a('function');
  });

  it('is the code of the README, line for line', () => {
    const root = path.resolve(__dirname, '..', '..');
    const readme = /```ts\n([\s\S]*?)```/.exec(readFileSync(path.join(root, 'README.md'), 'utf8'))![1]!;
    const here = readFileSync(path.join(root, 'test', 'readmeExample.test.ts'), 'utf8');
    for (const line of readme.split('\n').filter((l) => l.trim() && !l.startsWith('import ')))
      expect(here, line).to.contain(line);
  });
});
