import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useControlCli } from '../../support/controlCli.js';

describe('gwsim snapshots list|save|restore|export|import|remove', function () {
  this.timeout(180_000);
  const cli = useControlCli([], { store: 'database' });
  const gwsim = (args: string[], env: Record<string, string> = {}) => cli.gwsim(args, { ...cli.env, ...env });
  const nodes = async (lab = '') =>
    ((await cli.gateway.admin().get(`${lab}/api/nodes/get`)).json as Array<{ displayName: string }>).map(
      (n) => n.displayName,
    );

  it('saves, lists, restores, exports, imports into another lab and removes, naming a bad field on stderr with exit code 1', async () => {
    const saved = await gwsim(['snapshots', 'save', 'base']);
    expect(saved.code, saved.output).to.equal(0);
    expect(saved.output).to.match(/saved: base\t\S+\tfrom default at revision \d+\t\d+ rows, \d+ bytes/);
    const taken = await gwsim(['snapshots', 'save', 'base']);
    expect(taken.code).to.equal(1);
    expect(taken.output).to.contain('SNAPSHOT_EXISTS');
    expect((await gwsim(['snapshots', 'save', 'base', '--replace'])).code).to.equal(0);
    const bad = await gwsim(['snapshots', 'save', 'Bad Name']);
    expect(bad.code).to.equal(1);
    expect(bad.output).to.contain('name:');
    const list = await gwsim(['snapshots', 'list', '--json']);
    expect(JSON.parse(list.output).snapshots.map((s: { name: string }) => s.name)).to.deep.equal(['base']);

    const factory = await nodes();
    const added = await cli.gateway.admin().post('/api/nodes/addSystem', {
      version: 3,
      query: { profile: '1d22157e-d6d5-4c79-9c1e-dd47c50e57e1' },
      json: { displayName: 'Cli PBX', udpTcpPort: 5070, tlsPort: 5071 },
    });
    expect(added.status, added.text).to.equal(200);
    const restored = await gwsim(['snapshots', 'restore', 'base']);
    expect(restored.code, restored.output).to.equal(0);
    expect(await nodes()).to.deep.equal(factory);

    // a file, then into another lab: the factory configuration holds private keys, so the file needs a passphrase
    const file = path.join(cli.dir, 'base.json');
    const refused = await gwsim(['snapshots', 'export', 'base', '-o', file]);
    expect(refused.code).to.equal(1);
    expect(refused.output).to.contain('passphrase:');
    const exported = await gwsim(['snapshots', 'export', 'base', '-o', file, '--passphrase', 'cli passphrase 1']);
    expect(exported.code, exported.output).to.equal(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).to.include({ format: 'gwsim-lab-snapshot', formatVersion: 1 });
    expect((await cli.gateway.admin().post('/_sim/labs', { json: { name: 'copy' } })).status).to.equal(200);
    const imported = await gwsim(['snapshots', 'import', 'from-default', file, '--lab', 'copy'], {
      GWSIM_SNAPSHOT_PASSPHRASE: 'cli passphrase 1',
    });
    expect(imported.code, imported.output).to.equal(0);
    expect(imported.output).to.contain('imported: from-default');
    expect((await gwsim(['snapshots', 'restore', 'from-default', '--lab', 'copy'])).code).to.equal(0);
    expect(await nodes('/labs/copy')).to.deep.equal(factory);
    expect(
      (await gwsim(['snapshots', 'import', 'x', path.join(cli.dir, 'missing.json')])).code,
      'an unreadable file',
    ).to.equal(2);

    // the SBA secret is sealed too; a wrong passphrase is refused
    expect(
      (await cli.gateway.admin().put('/labs/copy/api/sba/secret/set', { text: 'cli-secret-value' })).status,
    ).to.equal(200);
    expect((await gwsim(['snapshots', 'save', 'secret', '--lab', 'copy'])).code).to.equal(0);
    const sealedFile = path.join(cli.dir, 'secret.json');
    expect(
      (
        await gwsim(['snapshots', 'export', 'secret', '--lab', 'copy', '-o', sealedFile], {
          GWSIM_SNAPSHOT_PASSPHRASE: 'cli passphrase 1',
        })
      ).code,
    ).to.equal(0);
    expect(readFileSync(sealedFile, 'utf8')).to.not.contain('cli-secret-value');
    const wrong = await gwsim(['snapshots', 'import', 'secret-back', sealedFile, '--passphrase', 'not the one!']);
    expect(wrong.code).to.equal(1);
    expect(wrong.output).to.contain('WRONG_PASSPHRASE');
    expect(
      (await gwsim(['snapshots', 'import', 'secret-back', sealedFile, '--passphrase', 'cli passphrase 1'])).code,
    ).to.equal(0);

    expect((await gwsim(['snapshots', 'remove', 'base'])).code).to.equal(0);
    const gone = await gwsim(['snapshots', 'remove', 'base']);
    expect(gone.code).to.equal(1);
    expect(gone.output).to.contain('SNAPSHOT_NOT_FOUND');
  });
});
