import { expect } from 'chai';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SUITE_CATALOG, namedFiles } from './suiteCatalog.js';
import { suitesDirectory } from './suiteLab.js';

const SUITES = suitesDirectory();
const FOLDERS = ['drachtio-srf', 'siphon-rs', 'pjproject', 'rfc4475', 'rfc5118-ersip'];

describe('the catalog of the SIP suites', () => {
  it('names every scenario and message of the five folders', function () {
    if (!existsSync(SUITES)) this.skip();
    const named = namedFiles(SUITE_CATALOG);
    const files = FOLDERS.flatMap((folder) =>
      readdirSync(path.join(SUITES, folder))
        .filter((name) => /\.(xml|dat)$/.test(name))
        .map((name) => `${folder}/${name}`),
    );
    expect(files.filter((file) => !named.has(file))).to.deep.equal([]);
    expect([...named].filter((file) => !file.includes(':') && !files.includes(file))).to.deep.equal([]);
  });

  it('has one entry per id', () => {
    const ids = SUITE_CATALOG.map((entry) => entry.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).to.deep.equal([]);
  });

  it('says in one line why an entry is skipped or a gap', () => {
    for (const entry of SUITE_CATALOG)
      for (const reason of [entry.skip, entry.gap].filter((r) => r !== undefined))
        expect(reason, entry.id).to.match(/^[^\n]{10,200}$/);
  });
});
