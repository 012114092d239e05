import { objectFileDocument } from '@gwsim/object-file';
import { expect } from 'chai';
import type { ObjectChange } from '../../../src/contexts/configuration/objects/application/SetObject.js';
import { ObjectsHarness, failure, seedNodeGraph } from './support/ObjectsHarness.js';

const NEW_ID = '00000000-0000-4000-8000-00000000000e';
const change =
  (fields: Partial<ObjectChange>): (() => ObjectChange) =>
  () => ({ parameters: {}, references: {}, ...fields });

describe('setting detached objects', () => {
  let h: ObjectsHarness;
  beforeEach(() => {
    h = new ObjectsHarness();
  });

  it('creates an object when the id is new and a sort is given, with every default filled', async () => {
    const nc = await h.seed('IN_STACK', 'eth0');
    const created = await h.setObject.execute(
      h.lab,
      NEW_ID,
      change({
        sort: 'SIPST_STACK',
        displayName: ' edge ',
        parameters: { udpTcpPort: 5070 },
        references: { networkControllerId: [nc.id] },
      }),
    );
    expect(created).to.include({ id: NEW_ID, sort: 'SIPST_STACK', displayName: 'edge', version: 1 });
    expect(created.parameters).to.include({ udpTcpPort: 5070, tlsPort: 5061, udpEnabled: true });
  });

  it('says the object does not exist when the id is new and no sort is given', async () => {
    expect((await failure(() => h.setObject.execute(h.lab, NEW_ID, change({ displayName: 'x' })))).kind).to.equal(
      'not_found',
    );
    expect(await h.all()).to.deep.equal([]);
  });

  it('changes what is given, keeps the rest, and bumps the version', async () => {
    const { transport } = await seedNodeGraph(h);
    const saved = await h.setObject.execute(
      h.lab,
      transport.id,
      change({ parameters: { tlsPort: 5081 }, common: { comment: 'edited' } }),
    );
    expect(saved.parameters).to.include({ udpTcpPort: 5060, tlsPort: 5081 });
    expect(saved.references).to.deep.equal(transport.references);
    expect(saved.common.comment).to.equal('edited');
    expect(saved.version).to.equal(transport.version + 1);
  });

  it('changes nothing, not even the version, when the request holds the current values', async () => {
    const { transport } = await seedNodeGraph(h);
    const saved = await h.setObject.execute(h.lab, transport.id, change({ parameters: { udpTcpPort: 5060 } }));
    expect(saved.version).to.equal(transport.version);
  });

  it('refuses values that would corrupt a typed view, naming each field, and changes nothing', async () => {
    const graph = await seedNodeGraph(h);
    const before = await h.state();
    const refused = await failure(() =>
      h.setObject.execute(
        h.lab,
        graph.transport.id,
        change({
          parameters: { udpTcpPort: 70000, tlsEnabled: 'yes' as never, sipDomain: 'not a host!' },
          references: {
            networkControllerId: [graph.node.id],
            networkSecurityProfileId: ['00000000-0000-4000-8000-000000000404'],
          },
        }),
      ),
    );
    expect([refused.kind, refused.code]).to.deep.equal(['invalid', 'OBJECT_INVALID']);
    expect(refused.details.map((d) => d.field)).to.deep.equal([
      'tlsEnabled',
      'udpTcpPort',
      'sipDomain',
      'networkControllerId',
      'networkSecurityProfileId',
    ]);
    expect(await h.state()).to.deep.equal(before);
  });

  it('reports problems the edge found together with its own', async () => {
    const { transport } = await seedNodeGraph(h);
    const refused = await failure(() =>
      h.setObject.execute(
        h.lab,
        transport.id,
        change({
          parameters: { udpTcpPort: 0 },
          problems: [{ field: 'bogus', rule: 'unknown', message: 'bogus is not a parameter' }],
        }),
      ),
    );
    expect(refused.details.map((d) => d.field)).to.deep.equal(['bogus', 'udpTcpPort']);
  });

  it('applies a change made on a stale version as a conflict, never a silent overwrite', async () => {
    const { transport } = await seedNodeGraph(h);
    const read = transport.version;
    await h.setObject.execute(h.lab, transport.id, change({ parameters: { udpTcpPort: 5070 }, expectedVersion: read }));
    const loser = await failure(() =>
      h.setObject.execute(h.lab, transport.id, change({ parameters: { udpTcpPort: 5080 }, expectedVersion: read })),
    );
    expect([loser.kind, loser.code]).to.deep.equal(['conflict', 'STALE_VERSION']);
    expect((await h.find(transport.id))!.parameters['udpTcpPort']).to.equal(5070);
    const creating = await failure(() => h.setObject.execute(h.lab, transport.id, change({ expectedVersion: 0 })));
    expect(creating.code).to.equal('STALE_VERSION');
  });

  it('keeps display names unique within a sort and sorts immutable', async () => {
    const a = await h.seed('IN_STACK', 'a');
    await h.seed('IN_STACK', 'b');
    await h.seed('INS_STACK', 'c');
    expect((await failure(() => h.setObject.execute(h.lab, a.id, change({ displayName: 'b' })))).code).to.equal(
      'DISPLAY_NAME_TAKEN',
    );
    expect((await h.setObject.execute(h.lab, a.id, change({ displayName: 'c' }))).displayName).to.equal('c');
    expect((await failure(() => h.setObject.execute(h.lab, a.id, change({ sort: 'INS_STACK' })))).code).to.equal(
      'SORT_IMMUTABLE',
    );
    expect((await failure(() => h.setObject.execute(h.lab, a.id, change({ displayName: '  ' })))).code).to.equal(
      'DISPLAY_NAME_REQUIRED',
    );
  });

  it('recomputes derived references when routes change', async () => {
    const one = await seedNodeGraph(h, 'one', 5060);
    const two = await seedNodeGraph(h, 'two', 5070);
    const domain = await h.seed('TELRT_STACK', 'domain', {}, { sourceNodeIds: [one.node.id] });
    const route = {
      id: '',
      displayName: 'r',
      enabled: true,
      filters: [],
      establishment: {
        action: 'ACCEPT',
        routingTargets: [{ destinationNodeId: two.node.id, routingForwardProfileId: '' }],
      },
    };
    const saved = await h.setObject.execute(h.lab, domain.id, change({ parameters: { routes: [route] } }));
    expect(saved.references).to.deep.equal({ sourceNodeIds: [one.node.id], routeNodeIds: [two.node.id] });
    expect((await failure(() => h.removeObject.execute(h.lab, two.node.id))).code).to.equal('OBJECT_REFERENCED');
  });

  it('sets and reads notes; a note is not a parameter', async () => {
    const object = await h.seed('IN_STACK', 'eth0');
    const saved = await h.setNote.execute(h.lab, object.id, 'uplink to the carrier');
    expect(saved.note).to.equal('uplink to the carrier');
    expect((await h.getObject.execute(h.lab, object.id)).note).to.equal('uplink to the carrier');
    expect((await failure(() => h.setNote.execute(h.lab, object.id, 'x'.repeat(70000)))).code).to.equal(
      'NOTE_TOO_LONG',
    );
    expect((await failure(() => h.setNote.execute(h.lab, '00000000-0000-4000-8000-000000000404', 'x'))).kind).to.equal(
      'not_found',
    );
  });
});

describe('removing detached objects', () => {
  let h: ObjectsHarness;
  beforeEach(() => {
    h = new ObjectsHarness();
  });

  it('refuses to remove a referenced object, naming the referrers, and changes nothing', async () => {
    const graph = await seedNodeGraph(h);
    const before = await h.state();
    const refused = await failure(() => h.removeObject.execute(h.lab, graph.controller.id));
    expect([refused.kind, refused.code]).to.deep.equal(['conflict', 'OBJECT_REFERENCED']);
    expect(refused.details.map((d) => d.message)).to.deep.equal([
      `SIPST_STACK 'carrier transport' (${graph.transport.id}) refers to it through networkControllerId`,
    ]);
    expect(await h.state()).to.deep.equal(before);
  });

  it('removes an unreferenced object, and refuses a protected one', async () => {
    const graph = await seedNodeGraph(h);
    await h.removeObject.execute(h.lab, graph.node.id);
    expect(await h.find(graph.node.id)).to.equal(undefined);
    const guarded = await h.seed('IN_STACK', 'guarded', {}, {}, { protected: true });
    expect((await failure(() => h.removeObject.execute(h.lab, guarded.id))).code).to.equal('OBJECT_PROTECTED');
    expect((await failure(() => h.removeObject.execute(h.lab, graph.node.id))).kind).to.equal('not_found');
  });

  it('bulk-removes a set whose members reference each other', async () => {
    const graph = await seedNodeGraph(h);
    const spare = await h.seed('IN_STACK', 'spare');
    await h.bulkRemove.execute(h.lab, [
      graph.node.id,
      graph.userAgent.id,
      graph.connection.id,
      graph.credentials.id,
      graph.node.id,
    ]);
    expect((await h.all()).map((o) => o.displayName).sort()).to.deep.equal([
      'carrier eth0',
      'carrier identity',
      'carrier security',
      'carrier transport',
      'spare',
    ]);
    expect(spare).to.not.equal(undefined);
  });

  it('bulk-removes nothing when any id is unknown or anything outside the set refers into it', async () => {
    const graph = await seedNodeGraph(h);
    const before = await h.state();
    const unknown = await failure(() =>
      h.bulkRemove.execute(h.lab, [graph.node.id, '00000000-0000-4000-8000-000000000404']),
    );
    expect([unknown.kind, unknown.details.map((d) => d.field)]).to.deep.equal([
      'not_found',
      ['00000000-0000-4000-8000-000000000404'],
    ]);
    const referenced = await failure(() =>
      h.bulkRemove.execute(h.lab, [
        graph.node.id,
        graph.userAgent.id,
        graph.transport.id,
        graph.controller.id,
        graph.credentials.id,
      ]),
    );
    expect(referenced.code).to.equal('OBJECT_REFERENCED');
    expect(referenced.details.map((d) => d.field)).to.deep.equal([graph.credentials.id]);
    expect((await failure(() => h.bulkRemove.execute(h.lab, []))).code).to.equal('IDS_REQUIRED');
    expect(await h.state()).to.deep.equal(before);
  });
});

describe('detached-objects writes and the configuration lifecycle', () => {
  let h: ObjectsHarness;
  beforeEach(() => {
    h = new ObjectsHarness();
  });

  it('a write marks the working configuration modified; a write that changes nothing does not', async () => {
    const { transport } = await seedNodeGraph(h);
    expect(await h.status()).to.equal('committed');
    await h.setObject.execute(h.lab, transport.id, change({ parameters: { udpTcpPort: 5060 } }));
    expect(await h.status()).to.equal('committed');
    await h.setObject.execute(h.lab, transport.id, change({ parameters: { udpTcpPort: 5062 } }));
    expect(await h.status()).to.equal('modified');
  });

  it('every write is refused while a commit-protected import is shown, and nothing changes', async () => {
    const graph = await seedNodeGraph(h);
    const file = (await h.exportObject.execute(h.lab, graph.node.id, true)).file;
    await h.protectWorkingCopy();
    const before = await h.state();
    const attempts: Array<() => Promise<unknown>> = [
      () => h.setObject.execute(h.lab, graph.transport.id, change({ parameters: { udpTcpPort: 5062 } })),
      () => h.setNote.execute(h.lab, graph.transport.id, 'new note'),
      () => h.removeObject.execute(h.lab, graph.node.id),
      () => h.bulkRemove.execute(h.lab, [graph.node.id]),
      () =>
        h.importObjects.execute(h.lab, objectFileDocument(file), {
          action: 'CLONE',
          cloneComment: undefined,
          reassignPortOnCollision: false,
        }),
    ];
    for (const attempt of attempts) {
      const refused = await failure(attempt);
      expect([refused.kind, refused.code]).to.deep.equal(['conflict', 'CONFIGURATION_COMMIT_PROTECTED']);
    }
    expect(await h.state()).to.deep.equal(before);
    expect(await h.status()).to.equal('imported-protected');
  });
});
