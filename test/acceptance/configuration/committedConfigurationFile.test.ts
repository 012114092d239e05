import { expect } from 'chai';
import { decodeConfigFile } from '@gwsim/config-file';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser } from '../identity/identitySupport.js';
import { coreConfigHelpers } from './coreConfigSupport.js';
import { PROFILES, addSystem } from './nodesSupport.js';

/**
 * GET /_sim/labs/{lab}/configuration/committed: the committed configuration as a configuration file, beside
 * coreConfig/get's working one, so a client can list what a commit would publish.
 */
describe('the committed configuration as a file (/_sim/labs/{lab}/configuration/committed)', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  const { exported } = coreConfigHelpers(() => ({ gateway, admin }));

  before(async () => {
    gateway = await TestGateway.start({ store: 'memory' });
    admin = gateway.admin();
    await admin.get('/api/coreConfig/status/get'); // a session for the downloads
  });
  after(() => gateway?.stop());

  async function committed(client: ApiClient = admin): Promise<{ response: Response; content: Buffer }> {
    const response = await fetch(new URL('/_sim/labs/default/configuration/committed', gateway.baseUrl), {
      headers: { cookie: `JSESSIONID=${client.cookie}` },
    });
    return { response, content: Buffer.from(await response.arrayBuffer()) };
  }

  it('answers the committed objects while the working configuration holds changes, and the same objects after a commit', async () => {
    const before = await committed();
    expect(before.response.status).to.equal(200);
    expect(before.response.headers.get('content-disposition')).to.match(
      /attachment; filename="gwsim-default-\d{8}T\d{6}Z-committed\.xzconfig"/,
    );
    const factory = decodeConfigFile(before.content)
      .objects.map((o) => o.id)
      .sort();
    expect(factory, 'the working configuration is the committed one').to.deep.equal(
      (await exported()).map((o) => o.id).sort(),
    );

    const [pbx] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
    const working = (await exported()).map((o) => o.id).sort();
    const pending = decodeConfigFile((await committed()).content)
      .objects.map((o) => o.id)
      .sort();
    expect(pending, 'the commit has not published the node').to.deep.equal(factory);
    expect(working).to.include(pbx!.id);
    const status = (await admin.get('/api/coreConfig/status/get')).json;
    expect(working.filter((id) => !pending.includes(id))).to.have.length(status.changedObjects.added);

    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const after = decodeConfigFile((await committed()).content).objects;
    expect(after.map((o) => o.id).sort()).to.deep.equal(working);
    expect(after.find((o) => o.id === pbx!.id)?.displayName).to.equal('PBX');
  });

  it('is the same file, byte for byte, at every read until the next commit (dated by its commit)', async () => {
    const first = await committed();
    gateway.clock.advance(90_000);
    const second = await committed();
    expect(second.content.equals(first.content), 'two reads of an unchanged committed configuration').to.equal(true);
    expect(second.response.headers.get('content-disposition')).to.equal(
      first.response.headers.get('content-disposition'),
    );
    const status = (await admin.get('/api/coreConfig/status/get', { query: { dateFormat: 'ISO-8601' } })).json;
    expect(decodeConfigFile(second.content).exportedAt).to.equal(status.lastCommitTime);
  });

  it('is read by configuration readers only', async () => {
    await addLocalUser(admin, 'monitor', 'Monitor-Pass-2468', { roleIds: ['CALL_HISTORY_EXPORTER'] });
    const monitor = gateway.client('monitor', 'Monitor-Pass-2468');
    expectError(await monitor.get('/_sim/labs/default/configuration/committed'), 403, 'PERMISSION_DENIED');
  });
});
