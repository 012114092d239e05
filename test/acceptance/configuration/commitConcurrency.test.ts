import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { gatewayStores, RevisionsDriver } from '../../integration/configuration/revisionsHarness.js';

const WRITERS = 40;

for (const store of gatewayStores()) {
  describe(`commit among concurrent writes on ${store.name}`, function () {
    this.timeout(60000);
    let gateway: TestGateway;
    let api: ApiClient;
    let driver: RevisionsDriver;

    before(async () => {
      gateway = await store.start();
      driver = new RevisionsDriver(gateway);
      api = gateway.admin();
      expect((await api.get('/api/coreConfig/status/get')).status).to.equal(200);
    });
    after(() => gateway?.stop());

    it('serialises a commit with many object writes: every write is kept, the commit publishes a consistent revision', async () => {
      const ids = Array.from({ length: WRITERS }, () => randomUUID());
      const write = (id: string, i: number) =>
        api.put('/api/objects/set', {
          query: { id },
          json: { sort: 'IN_QOS_STACK', displayName: `concurrent ${i}`, signalingDscp: String(i % 64) },
        });
      // All writes start at once; the commit is sent as soon as half of them have answered.
      const doneBeforeCommit = new Set<string>();
      let commitSent!: (commit: Promise<ApiResponse>) => void;
      const commit = new Promise<ApiResponse>((resolve) => {
        commitSent = resolve;
      });
      const writes = ids.map((id, i) =>
        write(id, i).then((response) => {
          if (doneBeforeCommit.size < WRITERS / 2) {
            doneBeforeCommit.add(id);
            if (doneBeforeCommit.size === WRITERS / 2) commitSent(api.post('/api/coreConfig/commit'));
          }
          return response;
        }),
      );
      const responses = [...(await Promise.all(writes)), await commit];
      expect(
        responses.map((r) => r.status),
        responses.find((r) => r.status !== 200)?.text,
      ).to.deep.equal(responses.map(() => 200));

      const working = await driver.revision(DEFAULT_LAB, 'working');
      const committed = await driver.revision(DEFAULT_LAB, 'committed');
      for (const id of ids) expect(working.has(id), `write ${id} is in the working configuration`).to.equal(true);
      for (const id of doneBeforeCommit)
        expect(committed.has(id), `write ${id}, answered before the commit was sent, is committed`).to.equal(true);
      for (const [id, content] of committed) expect(working.get(id), `committed ${id} as written`).to.equal(content);
      const committedWrites = ids.filter((id) => committed.has(id)).length;
      expect(committed.size).to.equal(working.size - (WRITERS - committedWrites));

      expect((await api.post('/api/coreConfig/commit')).status).to.equal(200);
      const after = await driver.revision(DEFAULT_LAB, 'committed');
      expect([...after.keys()].sort()).to.deep.equal([...working.keys()].sort());
      const status = (await api.get('/api/coreConfig/status/get')).json;
      expect(status.changedObjects).to.deep.equal({ added: 0, removed: 0, modified: 0 });
      expect(status.committedObjectCount).to.equal(working.size);
    });
  });
}
