import { expect } from 'chai';
import path from 'node:path';
import { importGraph, violations } from '../../support/importGraph.js';
import { IMPORT_RULES } from '../../support/importRules.js';

const ROOT = path.resolve(__dirname, '../../../..');
const FIXTURE = path.join(ROOT, 'test/fixtures/import-rules');

describe('the import rules', () => {
  it('hold for the whole source tree and the packages', () => {
    const edges = importGraph(ROOT, ['src', 'packages']);
    expect(edges.length, 'the graph is read').to.be.greaterThan(500);
    expect(
      edges.some((e) => e.typeOnly),
      'type-only imports count',
    ).to.equal(true);
    expect(violations(edges, IMPORT_RULES)).to.deep.equal([]);
  });

  it('each fire on a tree that breaks them', () => {
    expect(violations(importGraph(FIXTURE, ['src', 'packages']), IMPORT_RULES)).to.deep.equal([
      'contexts-meet-through-index: src/contexts/beta/application/Reach.ts → src/contexts/alpha/domain/Thing.ts',
      'contexts-never-import-app: src/contexts/beta/application/Reach.ts → src/app/Root.ts',
      'domain-imports-no-framework: src/contexts/alpha/domain/Thing.ts → node_modules/koa',
      'domain-imports-no-outer-layer: src/contexts/alpha/domain/Thing.ts → src/contexts/alpha/application/UseCase.ts',
      'packages-never-import-src: packages/lib/src/lib.ts → src/shared/domain/Kernel.ts',
      'shared-kernel-imports-no-context: src/shared/domain/Kernel.ts → src/contexts/alpha/index.ts',
    ]);
  });

  it('reads type-only, re-exported, dynamic and multi-line imports, and none quoted in comments', () => {
    const edges = importGraph(FIXTURE, ['src']).filter((e) => e.from === 'src/contexts/alpha/domain/Thing.ts');
    expect(edges).to.deep.include({
      from: 'src/contexts/alpha/domain/Thing.ts',
      to: 'node_modules/koa',
      typeOnly: true,
    });
    const index = importGraph(FIXTURE, ['src'])
      .filter((e) => e.from === 'src/contexts/alpha/index.ts')
      .map((e) => e.to);
    expect(index).to.include.members([
      'src/contexts/alpha/domain/Thing.ts',
      'src/contexts/alpha/application/UseCase.ts',
      'node_modules/@koa/router',
    ]);
    expect(index).to.not.include('src/app/Root.ts');
  });
});
