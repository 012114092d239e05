import { expect } from 'chai';
import fc from 'fast-check';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { CleanConfiguration } from '../../../src/contexts/configuration/revisions/application/CleanConfiguration.js';
import { CommitConfiguration } from '../../../src/contexts/configuration/revisions/application/CommitConfiguration.js';
import { GetConfigurationStatus } from '../../../src/contexts/configuration/revisions/application/GetConfigurationStatus.js';
import { RevertConfiguration } from '../../../src/contexts/configuration/revisions/application/RevertConfiguration.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { gatewayStores, RevisionsDriver } from './revisionsHarness.js';

/** Ids of the objects the random sequences create, change and remove. */
const POOL = [
  '7e57a001-0000-4000-8000-000000000001',
  '7e57a001-0000-4000-8000-000000000002',
  '7e57a001-0000-4000-8000-000000000003',
];

type Step =
  | { readonly kind: 'set'; readonly object: number; readonly value: number }
  | { readonly kind: 'remove'; readonly object: number }
  | { readonly kind: 'commit' | 'revert' | 'clean' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      object: fc.nat({ max: POOL.length - 1 }),
      value: fc.nat({ max: 63 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('remove' as const), object: fc.nat({ max: POOL.length - 1 }) }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'commit' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'revert' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clean' as const }) },
);

function same(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([id, content]) => b.get(id) === content);
}

for (const store of gatewayStores()) {
  describe(`configuration lifecycle properties on ${store.name}`, function () {
    this.timeout(120000);
    let gateway: TestGateway;
    let driver: RevisionsDriver;

    before(async () => {
      gateway = await store.start();
      driver = new RevisionsDriver(gateway);
    });
    after(() => gateway?.stop());

    it('after any sequence of set, remove, commit, revert and clean, the committed revision is the working revision of the last commit', async () => {
      const commit = gateway.get(CommitConfiguration);
      const revert = gateway.get(RevertConfiguration);
      const clean = gateway.get(CleanConfiguration);
      const status = gateway.get(GetConfigurationStatus);

      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
          const lab: LabId = await driver.freshLab();
          let atLastCommit = await driver.revision(lab, 'working');
          for (const s of steps) {
            switch (s.kind) {
              case 'set':
                await driver.writeQosProfile(lab, POOL[s.object]!, `profile ${s.object}`, s.value);
                break;
              case 'remove':
                await driver.removeObject(lab, POOL[s.object]!);
                break;
              case 'commit':
                await commit.execute(lab);
                atLastCommit = await driver.revision(lab, 'working');
                break;
              case 'revert':
                await revert.execute(lab);
                break;
              case 'clean':
                await clean.execute(lab);
                break;
            }
            const committed = await driver.revision(lab, 'committed');
            expect(same(committed, atLastCommit), `committed revision after ${JSON.stringify(s)}`).to.equal(true);
            if (s.kind === 'revert' || s.kind === 'commit') {
              expect(
                same(await driver.revision(lab, 'working'), atLastCommit),
                `working revision after ${s.kind}`,
              ).to.equal(true);
              const report = await status.execute(lab);
              expect(report.state.status).to.equal('committed');
              expect(report.changedObjects).to.deep.equal({ added: 0, removed: 0, modified: 0 });
            }
          }
        }),
        { numRuns: 30, seed: Number(process.env['GWSIM_PROPERTY_SEED'] ?? 20260301) },
      );
    });
  });
}
