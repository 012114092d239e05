import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const ROOT = path.resolve(__dirname, '../../../../src');
const CONFIGURATION = path.join(ROOT, 'contexts', 'configuration');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative import of a source file, resolved to a path under src (without extension). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) =>
    path.resolve(path.dirname(file), m[1]!).replace(/\.js$/, ''),
  );
}

describe('the configuration context’s boundaries', () => {
  it('is imported from outside only through its index.ts', () => {
    const offenders = sources(ROOT)
      .filter((file) => !file.startsWith(CONFIGURATION + path.sep))
      .flatMap((file) =>
        importsOf(file)
          .filter(
            (target) => target.startsWith(CONFIGURATION + path.sep) && target !== path.join(CONFIGURATION, 'index'),
          )
          .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
      );
    expect(offenders).to.deep.equal([]);
  });

  it('imports other contexts only through their index.ts', () => {
    const contexts = path.join(ROOT, 'contexts');
    const offenders = sources(CONFIGURATION).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(contexts + path.sep) && !target.startsWith(CONFIGURATION + path.sep))
        .filter(
          (target) => path.relative(contexts, target).split(path.sep).length !== 2 || path.basename(target) !== 'index',
        )
        .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
    );
    expect(offenders).to.deep.equal([]);
  });
});
