import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(__dirname, '../../../..');

interface LockedPackage {
  readonly version?: string;
  readonly engines?: { readonly node?: string } | readonly string[];
}

describe('the Node version package.json states', () => {
  const declared = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } })
    .engines.node;
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };

  it('is one every locked dependency accepts, at its least version', () => {
    const least = semver.minVersion(declared)!.version;
    const locked = Object.entries(lock.packages).filter(([where]) => where.includes('node_modules/'));
    expect(locked.length).to.be.greaterThan(100);
    const refusing = locked.flatMap(([where, pkg]) => {
      const node = Array.isArray(pkg.engines) ? undefined : (pkg.engines as { node?: string } | undefined)?.node;
      return node && !semver.satisfies(least, node, { includePrerelease: true })
        ? [`${where.slice(where.lastIndexOf('node_modules/') + 13)}@${pkg.version} wants node ${node}`]
        : [];
    });
    expect(refusing, `package.json says node ${declared}`).to.deep.equal([]);
  });

  it('is one this Node meets', () => {
    expect(semver.satisfies(process.versions.node, declared), process.versions.node).to.equal(true);
  });
});
