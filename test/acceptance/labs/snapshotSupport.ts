import { expect } from 'chai';
import { labPrivateKey, signLicenseFile } from '@gwsim/license-file';
import { OPERATIONS } from '../../../src/app/operations.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { addLocalUser } from '../identity/identitySupport.js';

export const PBX_PROFILE = '1d22157e-d6d5-4c79-9c1e-dd47c50e57e1';
export const SBA_SECRET = 'sba-client-secret-7f3a9c';

/**
 * Reads of the host or of the running gateway rather than of the lab's state: the machine's disk, CPU and memory as
 * they are now; the dashboard's measured figures (keep-alives counted as the lab's time passes, the process's
 * directory searches).
 */
const NOT_LAB_STATE = ['/api/resources/get', '/api/dashboard/get'];

/**
 * Every gateway read that needs no parameter: GET operations under /api/ with no required query parameter (but
 * the host's resources). A restore must make each answer what it answered when the snapshot was taken, byte for
 * byte (an error answer's request id aside).
 */
export const GATEWAY_READS = OPERATIONS.filter(
  (op) =>
    op.method === 'GET' &&
    op.path.startsWith('/api/') &&
    !op.path.includes('{') &&
    !(op.query ?? []).some((q) => q.required),
)
  .filter((op) => !NOT_LAB_STATE.includes(op.path))
  .map((op) => ({ path: op.path, version: op.version }));

/** The full answer of every gateway read: status, content type and body. */
export async function readAll(client: ApiClient): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const read of GATEWAY_READS) {
    const answer = await client.get(read.path, { version: read.version });
    const text = answer.text.replace(/"requestId":"[^"]*"/g, '"requestId":"…"');
    answers.set(read.path, `${answer.status} ${answer.headers.get('content-type') ?? ''}\n${text}`);
  }
  return answers;
}

/** The reads whose answers differ between two maps. */
export function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const differ = [...a.keys()].filter((path) => a.get(path) !== b.get(path));
  if (process.env['SNAPSHOT_DIFF']) for (const path of differ) console.log(path, '\n', a.get(path), '\n', b.get(path));
  return differ;
}

let serial = 0;
export function licenseFile(): Buffer {
  serial += 1;
  return signLicenseFile(
    {
      identifier: `5a0e7c7a-2222-4333-8444-${String(serial).padStart(12, '0')}`,
      name: `snapshot license ${serial}`,
      products: ['gwsim'],
      application: 'gateway',
      requiredSystemIds: [],
      validFrom: '2026-01-01T00:00:00Z',
      validUntil: '2026-12-31T23:59:59Z',
      softwareUpdateServiceUntil: '2026-12-31T23:59:59Z',
      facilities: [{ name: 'telrtSession', value: 4 }],
      constraints: [],
      invalidates: [],
    },
    labPrivateKey(),
  );
}

async function ok(answer: Promise<{ status: number; text: string }>): Promise<void> {
  const done = await answer;
  expect(done.status, done.text).to.equal(200);
}

/** Gives a lab configuration, a user, a policy, a license, settings (maintenance, SBA with a secret): a state worth saving. */
export async function furnish(client: ApiClient, tag: string): Promise<void> {
  await ok(
    client.post('/api/nodes/addSystem', {
      version: 3,
      query: { profile: PBX_PROFILE },
      json: { displayName: `${tag} PBX`, udpTcpPort: 5070, tlsPort: 5071 },
    }),
  );
  await ok(client.post('/api/coreConfig/commit'));
  await ok(
    client.post('/api/nodes/addSystem', {
      version: 3,
      query: { profile: PBX_PROFILE },
      json: { displayName: `${tag} uncommitted PBX`, udpTcpPort: 5080, tlsPort: 5081 },
    }),
  );
  await addLocalUser(client, `${tag}-user`, 'Snapshot-Pass-1357', { roleIds: ['ADMINISTRATOR'] });
  await ok(client.put('/api/licenses/importFile', { file: { name: 'lab.xzlicense', content: licenseFile() } }));
  await ok(client.put('/api/maintenanceMode/set', { json: { modeActive: true } }));
  await ok(client.put('/api/sba/secret/set', { text: SBA_SECRET }));
  await ok(client.put('/api/sba/identity/set', { text: `${tag}.example.test` }));
}

/** Changes every part `furnish` gave (configuration, users, licenses, settings). */
export async function disturb(client: ApiClient, tag: string): Promise<void> {
  await ok(
    client.post('/api/nodes/addSystem', {
      version: 3,
      query: { profile: PBX_PROFILE },
      json: { displayName: `${tag} later PBX`, udpTcpPort: 5090, tlsPort: 5091 },
    }),
  );
  await ok(client.post('/api/coreConfig/commit'));
  await addLocalUser(client, `${tag}-later`, 'Snapshot-Pass-2468', { roleIds: ['ADMINISTRATOR'] });
  await ok(client.put('/api/licenses/importFile', { file: { name: 'lab.xzlicense', content: licenseFile() } }));
  await ok(client.put('/api/maintenanceMode/set', { json: { modeActive: false } }));
  await ok(client.put('/api/sba/identity/set', { text: `${tag}-later.example.test` }));
}
