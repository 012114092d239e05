import { expect } from 'chai';
import { TestGateway } from '../../support/TestGateway.js';
import { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { durableTestStore } from '../../support/testStores.js';
import { GATEWAY_READS, SBA_SECRET, differences, disturb, furnish, readAll } from './snapshotSupport.js';

const PASSPHRASE = 'correct horse battery staple';

function labClient(gateway: TestGateway, lab: string): ApiClient {
  return new ApiClient(`${gateway.baseUrl}/labs/${lab}`, { username: 'anadmin', password: ADMIN_PASSWORD });
}

/** Runs on the database store the suite is given: the embedded engine, or the server of TEST_DATABASE_URL. */
describe('lab snapshots (/_sim/labs/{lab}/snapshots)', function () {
  this.timeout(180_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  beforeEach(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    expect((await admin.post('/_sim/labs', { json: { name: 'course' } })).status).to.equal(200);
    expect((await admin.post('/_sim/labs', { json: { name: 'other' } })).status).to.equal(200);
  });
  afterEach(() => gateway.stop());

  const save = async (lab: string, name: string, extra: Record<string, unknown> = {}) => {
    const saved = await admin.post(`/_sim/labs/${lab}/snapshots`, { json: { name, ...extra } });
    expect(saved.status, saved.text).to.equal(200);
    return saved.json;
  };
  const restore = async (lab: string, name: string) => {
    const restored = await admin.post(`/_sim/labs/${lab}/snapshots/${name}/restore`);
    expect(restored.status, restored.text).to.equal(200);
    return restored.json;
  };
  /** `passphrase` null: none sent. */
  const exportFile = (lab: string, name: string, passphrase: string | null = PASSPHRASE) =>
    admin.get(
      `/_sim/labs/${lab}/snapshots/${name}`,
      passphrase === null ? {} : { headers: { 'x-gwsim-passphrase': passphrase } },
    );
  const importFile = (lab: string, name: string, content: string | Buffer, passphrase: string | null = PASSPHRASE) =>
    admin.put(`/_sim/labs/${lab}/snapshots/${name}`, {
      file: { name: 'snap.json', content, type: 'application/json' },
      ...(passphrase === null ? {} : { headers: { 'x-gwsim-passphrase': passphrase } }),
    });

  it('snapshot, change, restore: every gateway read answers what it answered at save time, and the other lab is untouched', async () => {
    const course = labClient(gateway, 'course');
    const other = labClient(gateway, 'other');
    await furnish(course, 'course');
    await furnish(other, 'other');
    await admin.put('/_sim/labs/course/clock', { json: { mode: 'frozen', now: '2030-01-01T00:00:00Z' } });
    const atSave = await readAll(course);
    expect(GATEWAY_READS.length, 'reads compared').to.be.greaterThan(30);

    const saved = await save('course', 'base');
    expect(saved).to.include({ name: 'base', sourceLab: 'course' });
    expect(saved.objects).to.be.greaterThan(10);
    expect(saved.bytes).to.be.greaterThan(1000);
    expect((await admin.post('/_sim/labs/course/snapshots', { json: { name: 'base' } })).json.error.code).to.equal(
      'SNAPSHOT_EXISTS',
    );
    expect(
      (await admin.post('/_sim/labs/course/snapshots', { json: { name: 'base', replace: true } })).status,
    ).to.equal(200);
    const list = await admin.get('/_sim/labs/course/snapshots');
    expect(list.json.snapshots.map((s: { name: string }) => s.name)).to.deep.equal(['base']);
    expect((await admin.get('/_sim/labs/other/snapshots')).json.snapshots).to.deep.equal([]);

    await disturb(course, 'course');
    await admin.put('/_sim/labs/course/clock', { json: { mode: 'frozen', now: '2031-06-01T00:00:00Z' } });
    const changed = differences(atSave, await readAll(course));
    for (const path of [
      '/api/nodes/get',
      '/api/users/get',
      '/api/licenses/get',
      '/api/maintenanceMode/get',
      '/api/sba/get',
      '/api/coreConfig/status/get',
    ]) {
      expect(changed, `the change shows in ${path}`).to.include(path);
    }
    const otherBefore = await readAll(other);
    // a session of a user the snapshot does not know
    const later = new ApiClient(`${gateway.baseUrl}/labs/course`, {
      username: 'course-later',
      password: 'Snapshot-Pass-2468',
    });
    expect((await later.get('/api/nodes/get')).status).to.equal(200);
    expect(later.cookie, 'a session was opened').to.be.a('string');

    const restored = await restore('course', 'base');
    expect(restored.name).to.equal('base');
    const afterRestore = await readAll(course);
    expect(differences(atSave, afterRestore), 'reads that answer otherwise than at save time').to.deep.equal([]);
    expect((await admin.get('/_sim/labs/course/clock')).json).to.include({
      mode: 'frozen',
      now: '2030-01-01T00:00:00.000Z',
    });
    expect(differences(otherBefore, await readAll(other)), 'the other lab').to.deep.equal([]);
    // the simulator runs the restored committed configuration
    const nodes = ((await admin.get('/_sim/labs/course/gateway')).json.nodes as Array<{ displayName: string }>).map(
      (n) => n.displayName,
    );
    expect(nodes).to.include('course PBX').and.not.include('course later PBX');
    expect((await later.get('/api/nodes/get', { auth: null })).status, 'its session ends at its next request').to.equal(
      401,
    );
    // a user made after the snapshot no longer exists; one of the snapshot signs in
    expect(
      (
        await new ApiClient(`${gateway.baseUrl}/labs/course`, {
          username: 'course-later',
          password: 'Snapshot-Pass-2468',
        }).get('/api/nodes/get')
      ).status,
    ).to.equal(401);
    expect(
      (
        await new ApiClient(`${gateway.baseUrl}/labs/course`, {
          username: 'course-user',
          password: 'Snapshot-Pass-1357',
        }).get('/api/nodes/get')
      ).status,
    ).to.equal(200);
  });

  it('exports a file that imports into another lab with the same state there, its secrets sealed under the passphrase', async () => {
    const course = labClient(gateway, 'course');
    await furnish(course, 'course');
    const atSave = await readAll(course);
    await save('course', 'base');

    expectError(await exportFile('course', 'base', null), 400, 'PASSPHRASE_REQUIRED');
    expect((await exportFile('course', 'base', null)).json.error.details[0].field).to.equal('passphrase');
    expect((await exportFile('course', 'base', 'short')).json.error.details[0].field).to.equal('passphrase');
    const exported = await exportFile('course', 'base');
    expect(exported.status, exported.text).to.equal(200);
    expect(exported.headers.get('content-disposition')).to.contain('course-base.gwsim-snapshot.json');
    expect(exported.text, 'the SBA secret is not in the clear').to.not.contain(SBA_SECRET);
    const document = JSON.parse(exported.text);
    expect(document).to.include({ format: 'gwsim-lab-snapshot', formatVersion: 1, sourceLab: 'course', name: 'base' });
    expect(document.schema).to.match(/^CreateLabSnapshots\d+$|^\w+\d{13}$/);
    expect(document.sealing).to.include({ algorithm: 'aes-256-gcm', kdf: 'scrypt' });
    expect(exported.text).to.contain('password_hash', 'hashes are hashes and stay');

    const wrong = await importFile('other', 'copy', exported.text, 'not the passphrase');
    expectError(wrong, 400, 'WRONG_PASSPHRASE');
    expect(wrong.json.error.details[0].field).to.equal('passphrase');
    expect((await importFile('other', 'copy', exported.text, null)).json.error.details[0].field).to.equal('passphrase');
    const imported = await importFile('other', 'copy', exported.text);
    expect(imported.status, imported.text).to.equal(200);
    expect(imported.json).to.include({ name: 'copy', sourceLab: 'course' });
    await restore('other', 'copy');
    // the simulated SBA directory and the system ids are made from the lab's name, not kept in its state
    const fromName = ['/api/sba/users/get', '/api/licenses/systemIds/get'];
    expect(
      differences(atSave, await readAll(labClient(gateway, 'other'))).filter((path) => !fromName.includes(path)),
      'the other lab answers as the source did',
    ).to.deep.equal([]);
    // and the secret came back whole: the SBA service of the other lab has it (its state says a secret is set)
    expect((await labClient(gateway, 'other').get('/api/sba/get')).text).to.equal(
      (await course.get('/api/sba/get')).text,
    );
  });

  it('refuses bad documents with 400 naming the field, and bad names naming name', async () => {
    await save('course', 'base');
    const document = JSON.parse((await exportFile('course', 'base')).text);
    const cases: Array<[unknown, string]> = [
      [{ ...document, formatVersion: 2 }, 'formatVersion'],
      [{ ...document, format: 'something-else' }, 'format'],
      [{ ...document, schema: 'CreateLabs1763700000000' }, 'schema'],
      [{ ...document, createdAt: 'yesterday' }, 'createdAt'],
      [{ ...document, state: { tables: { no_such_table: [] } } }, 'state.tables.no_such_table'],
      [{ ...document, state: { tables: { license: [1] } } }, 'state.tables.license[0]'],
      [
        { ...document, state: { tables: { ...document.state.tables, license: [{ id: 'x', position: 'first' }] } } },
        'state.tables.license',
      ],
      [{ ...document, state: { tables: { license: [] } } }, 'state.tables.config_object'],
      [[1, 2], 'file'],
    ];
    for (const [body, field] of cases) {
      const answer = await importFile('other', 'bad', JSON.stringify(body));
      expectError(answer, 400);
      expect(answer.json.error.details[0].field, JSON.stringify(body).slice(0, 80)).to.equal(field);
    }
    const text = JSON.stringify(document);
    const truncated = await importFile('other', 'bad', text.slice(0, Math.floor(text.length / 2)));
    expectError(truncated, 400, 'INVALID_SNAPSHOT_DOCUMENT');
    expect(truncated.json.error.details[0].field).to.equal('file');
    expect(truncated.json.error.message).to.contain('truncated');
    expect(
      (await importFile('other', 'bad', JSON.stringify({ ...document, formatVersion: 2 }))).json.error.message,
    ).to.contain('this gwsim reads formatVersion 1');
    expect((await admin.get('/_sim/labs/other/snapshots')).json.snapshots, 'nothing stored').to.deep.equal([]);

    for (const name of ['Bad Name', '', 'empty', 'x'.repeat(65)]) {
      const answer = await admin.post('/_sim/labs/course/snapshots', { json: { name } });
      expectError(answer, 400);
      expect(answer.json.error.details[0].field).to.equal('name');
    }
    expectError(await admin.post('/_sim/labs/course/snapshots/nope/restore'), 404, 'SNAPSHOT_NOT_FOUND');
    expectError(await admin.get('/_sim/labs/nolab/snapshots'), 404, 'LAB_NOT_FOUND');
    expect((await admin.delete('/_sim/labs/course/snapshots/base')).json.name).to.equal('base');
    expectError(await admin.delete('/_sim/labs/course/snapshots/base'), 404, 'SNAPSHOT_NOT_FOUND');
  });

  it('resets a lab to a snapshot; snapshots survive a reset to empty; removing the lab removes them', async () => {
    const course = labClient(gateway, 'course');
    await furnish(course, 'course');
    const atSave = await readAll(course);
    await save('course', 'base');
    expect((await admin.post('/_sim/labs/course/reset', { json: { to: 'empty' } })).status).to.equal(200);
    expect(differences(atSave, await readAll(course))).to.include('/api/nodes/get');
    expect(
      (await admin.get('/_sim/labs/course/snapshots')).json.snapshots.map((s: { name: string }) => s.name),
      'kept across the reset',
    ).to.deep.equal(['base']);
    const reset = await admin.post('/_sim/labs/course/reset', { json: { to: 'base' } });
    expect(reset.status, reset.text).to.equal(200);
    expect(reset.json.name).to.equal('course');
    expect(differences(atSave, await readAll(course))).to.deep.equal([]);
    const unknown = await admin.post('/_sim/labs/course/reset', { json: { to: 'nope' } });
    expectError(unknown, 404, 'SNAPSHOT_NOT_FOUND');
    expect(unknown.json.error.details[0].field).to.equal('to');

    expect((await admin.delete('/_sim/labs/course')).status).to.equal(200);
    expect((await admin.post('/_sim/labs', { json: { name: 'course' } })).status).to.equal(200);
    expect(
      (await admin.get('/_sim/labs/course/snapshots')).json.snapshots,
      'a lab made again under the name has none',
    ).to.deep.equal([]);
  });
});

describe('lab snapshots across a restart', function () {
  this.timeout(120_000);
  it('keeps the snapshots and restores them after a restart', async () => {
    const store = durableTestStore();
    try {
      let atSave: Map<string, string>;
      const first = await TestGateway.start({ config: store.config });
      try {
        await furnish(first.admin(), 'kept');
        atSave = await readAll(first.admin());
        expect((await first.admin().post('/_sim/labs/default/snapshots', { json: { name: 'kept' } })).status).to.equal(
          200,
        );
        await disturb(first.admin(), 'kept');
      } finally {
        await first.stop();
      }
      const again = await TestGateway.start({ config: store.config, keepData: true });
      try {
        expect(
          (await again.admin().get('/_sim/labs/default/snapshots')).json.snapshots.map((s: { name: string }) => s.name),
        ).to.deep.equal(['kept']);
        expect((await again.admin().post('/_sim/labs/default/snapshots/kept/restore')).status).to.equal(200);
        expect(differences(atSave, await readAll(again.admin()))).to.deep.equal([]);
      } finally {
        await again.stop();
      }
    } finally {
      store.dispose();
    }
  });
});

describe('lab snapshots on the in-memory stores', function () {
  this.timeout(60_000);
  it('answers 409 SNAPSHOTS_UNAVAILABLE', async () => {
    const gateway = await TestGateway.start({ store: 'memory' });
    try {
      expectError(
        await gateway.admin().post('/_sim/labs/default/snapshots', { json: { name: 'x' } }),
        409,
        'SNAPSHOTS_UNAVAILABLE',
      );
      expectError(await gateway.admin().get('/_sim/labs/default/snapshots'), 409, 'SNAPSHOTS_UNAVAILABLE');
    } finally {
      await gateway.stop();
    }
  });
});
