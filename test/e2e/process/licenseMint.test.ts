import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { labPublicKey, parseLicenseFile, verifyLicenseSignature } from '@gwsim/license-file';
import { exitWithin, messageLines, run } from '../../support/processSupport.js';
import { TestGateway } from '../../support/TestGateway.js';

describe('gwsim license mint', function () {
  this.timeout(120000);
  let dir: string;

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'gwsim-mint-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a license file signed with the lab key that a gateway imports as ACTIVE', async () => {
    const file = path.join(dir, 'lab.xzlicense');
    const mint = run({}, [
      'license',
      'mint',
      '--name',
      '4 lines lab license',
      '--facility',
      'telrtSession=4',
      '--facility',
      'recSession=2',
      '--valid-from',
      '2026-01-01',
      '--valid-until',
      '2026-12-31',
      '--constraint',
      'telrtDemo',
      '--invalidates',
      'old-one',
      '-o',
      file,
      '--json',
    ]);
    expect(await exitWithin(mint, 60000), mint.output()).to.equal(0);
    const printed = JSON.parse(mint.output().trim()) as { file: string; license: { identifier: string } };
    expect(printed.file).to.equal(file);
    const parsed = parseLicenseFile(readFileSync(file));
    expect(parsed.license).to.deep.include({
      name: '4 lines lab license',
      products: ['gwsim'],
      application: 'gateway',
      requiredSystemIds: [],
      validFrom: '2026-01-01T00:00:00Z',
      validUntil: '2026-12-31T23:59:59Z',
      facilities: [
        { name: 'telrtSession', value: 4 },
        { name: 'recSession', value: 2 },
      ],
      constraints: ['telrtDemo'],
      invalidates: ['old-one'],
      identifier: printed.license.identifier,
    });
    expect(verifyLicenseSignature(parsed.license, parsed.signature, labPublicKey())).to.equal(true);

    const gateway = await TestGateway.start({ store: 'memory' });
    try {
      const admin = gateway.admin();
      expect(
        (await admin.put('/api/licenses/importFile', { file: { name: 'lab.xzlicense', content: readFileSync(file) } }))
          .status,
      ).to.equal(200);
      expect((await admin.get('/api/licenses/get')).json[0]).to.include({
        name: '4 lines lab license',
        status: 'ACTIVE',
        invalidatedLicences: '1',
      });
    } finally {
      await gateway.stop();
    }
  });

  it('writes a license that does not expire with --no-valid-until; a gateway shows it without validUntil, ACTIVE', async () => {
    const file = path.join(dir, 'forever.xzlicense');
    const mint = run({}, [
      'license',
      'mint',
      '--name',
      'forever lab license',
      '--facility',
      'telrtSession=2',
      '--valid-from',
      '2026-01-01',
      '--no-valid-until',
      '-o',
      file,
    ]);
    expect(await exitWithin(mint, 60000), mint.output()).to.equal(0);
    expect(mint.output()).to.contain('valid from 2026-01-01T00:00:00Z, does not expire');
    const parsed = parseLicenseFile(readFileSync(file));
    expect(parsed.license).to.include({ name: 'forever lab license', validFrom: '2026-01-01T00:00:00Z' });
    expect(parsed.license).to.not.have.property('validUntil');
    expect(verifyLicenseSignature(parsed.license, parsed.signature, labPublicKey())).to.equal(true);

    const gateway = await TestGateway.start({ store: 'memory' });
    try {
      const admin = gateway.admin();
      const upload = await admin.put('/api/licenses/importFile', {
        file: { name: 'forever.xzlicense', content: readFileSync(file) },
      });
      expect(upload.status, upload.text).to.equal(200);
      gateway.clock.advance(100 * 365 * 24 * 3600 * 1000);
      const [shown] = (await admin.get('/api/licenses/get')).json as Array<Record<string, unknown>>;
      expect(shown).to.include({ name: 'forever lab license', validFrom: 'UTC 2026-01-01 00:00:00', status: 'ACTIVE' });
      expect(shown).to.not.have.property('validUntil');
    } finally {
      await gateway.stop();
    }
  });

  it('exits with 2 and one line on a bad facility or date, a missing name, an existing file without --force, or an unusable key', async () => {
    const existing = path.join(dir, 'existing.xzlicense');
    const garbageKey = path.join(dir, 'garbage.pem');
    writeFileSync(garbageKey, 'not a key');
    const first = run({}, ['license', 'mint', '--name', 'x', '-o', existing]);
    expect(await exitWithin(first, 60000), first.output()).to.equal(0);
    for (const args of [
      ['--name', 'x', '--facility', 'telrtSession'],
      ['--name', 'x', '--valid-until', 'next year'],
      ['--facility', 'telrtSession=4'],
      ['--name', 'x', '--valid-from', '2026-12-31', '--valid-until', '2026-01-01'],
      ['--name', 'x', '-o', existing],
      ['--name', 'x', '--key', garbageKey],
      ['--name', 'x', '--key', path.join(dir, 'no-such-key.pem')],
    ]) {
      const refused = run({}, [
        'license',
        'mint',
        ...args,
        ...(args.includes('-o') ? [] : ['-o', path.join(dir, 'refused.xzlicense')]),
      ]);
      expect(await exitWithin(refused, 60000), `${args.join(' ')}: ${refused.output()}`).to.equal(2);
      expect(messageLines(refused), refused.output()).to.have.length(1);
    }
    expect(existsSync(path.join(dir, 'refused.xzlicense'))).to.equal(false);
  });

  it('prints help and exits 0', async () => {
    const help = run({}, ['license', 'mint', '--help']);
    expect(await exitWithin(help, 60000)).to.equal(0);
    expect(help.output()).to.contain('--facility <name=value>').and.contain('lab key');
  });
});
