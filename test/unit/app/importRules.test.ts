import { expect } from 'chai';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const FIXTURE = path.join(ROOT, 'test/fixtures/import-rules');

interface Violation { readonly from: string; readonly to: string; readonly rule: { readonly name: string } }
interface CruiseOutput { readonly output: { readonly summary: { readonly violations: readonly Violation[] } } }
type Cruise = (files: string[], options: object) => Promise<CruiseOutput>;

/** The import rules of `.dependency-cruiser.cjs` over a tree rooted at `baseDir`. */
async function violations(baseDir: string, files: string[]): Promise<Violation[]> {
  const { cruise } = (await import('dependency-cruiser')) as unknown as { cruise: Cruise };
  const { forbidden, options } = require(path.join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: object[]; options: object };
  const result = await cruise(files, { ...options, ruleSet: { forbidden }, validate: true, baseDir });
  return [...result.output.summary.violations];
}

describe('the import rules', function () {
  this.timeout(60000);

  it('hold for the whole source tree and the packages', async () => {
    const found = await violations(ROOT, ['src', 'packages/secret-hash/src', 'packages/config-file/src', 'packages/object-file/src']);
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).to.deep.equal([]);
  });

  it('each fire on a tree that breaks them', async () => {
    const found = await violations(FIXTURE, ['src', 'packages']);
    const fired = found.map((v) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^.*node_modules\//, 'node_modules/')}`).sort();
    expect(fired).to.include.members([
      'contexts-meet-through-index: src/contexts/beta/application/Reach.ts → src/contexts/alpha/domain/Thing.ts',
      'contexts-never-import-app: src/contexts/beta/application/Reach.ts → src/app/Root.ts',
      'domain-imports-no-outer-layer: src/contexts/alpha/domain/Thing.ts → src/contexts/alpha/application/UseCase.ts',
      'packages-never-import-src: packages/lib/src/lib.ts → src/shared/domain/Kernel.ts',
      'shared-kernel-imports-no-context: src/shared/domain/Kernel.ts → src/contexts/alpha/index.ts',
    ]);
    expect(fired.some((line) => line.startsWith('domain-imports-no-framework: src/contexts/alpha/domain/Thing.ts → node_modules/@types/koa/')
      || line.startsWith('domain-imports-no-framework: src/contexts/alpha/domain/Thing.ts → node_modules/koa/')), fired.join('\n')).to.equal(true);
  });
});
