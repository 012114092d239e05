import { expect } from 'chai';
import { compactObjectId } from '../../../src/contexts/configuration/graph/domain/ObjectId.js';
import { ObjectsHarness, failure, seedNodeGraph } from './support/ObjectsHarness.js';

describe('reading detached objects', () => {
  let h: ObjectsHarness;
  beforeEach(() => {
    h = new ObjectsHarness();
  });

  it('lists every sort with its kind and how many objects it has', async () => {
    await seedNodeGraph(h);
    const sorts = await h.listSorts.execute(h.lab);
    expect(sorts).to.have.length(69);
    const count = (sort: string) => sorts.find((s) => s.definition.sort === sort)!.count;
    expect([count('IN_STACK'), count('TELSIP_STACK'), count('TELRT_STACK')]).to.deep.equal([1, 1, 0]);
  });

  it('lists the objects of one sort and finds one by display name, or says none has that name', async () => {
    await h.seed('IN_STACK', 'b');
    await h.seed('IN_STACK', 'a');
    await h.seed('INS_STACK', 'a');
    expect((await h.listOfSort.execute(h.lab, 'IN_STACK')).map((o) => o.displayName)).to.deep.equal(['a', 'b']);
    expect((await h.findByName.execute(h.lab, 'INS_STACK', 'a')).sort).to.equal('INS_STACK');
    const missing = await failure(() => h.findByName.execute(h.lab, 'INS_STACK', 'b'));
    expect([missing.kind, missing.code, missing.message]).to.deep.equal([
      'not_found',
      'OBJECT_NOT_FOUND',
      "no INS_STACK object is named 'b'",
    ]);
  });

  it('gets an object by either id shape; a malformed id is invalid, an unknown one not found', async () => {
    const object = await h.seed('IN_STACK', 'eth0');
    expect((await h.getObject.execute(h.lab, object.id)).displayName).to.equal('eth0');
    expect((await h.getObject.execute(h.lab, compactObjectId(object.id))).id).to.equal(object.id);
    expect((await failure(() => h.getObject.execute(h.lab, 'eth0'))).code).to.equal('OBJECT_ID_INVALID');
    expect((await failure(() => h.getObject.execute(h.lab, '00000000-0000-4000-8000-000000000404'))).kind).to.equal(
      'not_found',
    );
  });

  it('lists exactly the objects of a sort that nothing references', async () => {
    const graph = await seedNodeGraph(h);
    const spare = await h.seed('IN_STACK', 'spare');
    const spareCredentials = await h.seed('SIPAUTH_STACK', 'spare login');
    expect((await h.unreferenced.execute(h.lab, 'IN_STACK')).map((o) => o.id)).to.deep.equal([spare.id]);
    expect((await h.unreferenced.execute(h.lab, 'SIPAUTH_STACK')).map((o) => o.id)).to.deep.equal([
      spareCredentials.id,
    ]);
    expect((await h.unreferenced.execute(h.lab, 'TELSIP_STACK')).map((o) => o.id)).to.deep.equal([graph.node.id]);
    expect(await h.unreferenced.execute(h.lab, 'TELRT_STACK')).to.deep.equal([]);
  });

  it('counts references held inside parameters (routes) as references', async () => {
    const graph = await seedNodeGraph(h);
    const other = await seedNodeGraph(h, 'pbx', 5070);
    await h.seed(
      'TELRT_STACK',
      'domain',
      {
        routes: [
          {
            ...routeDefaults(),
            displayName: 'out',
            establishment: {
              action: 'ACCEPT',
              routingTargets: [{ destinationNodeId: other.node.id, routingForwardProfileId: '' }],
            },
          },
        ],
      },
      { sourceNodeIds: [graph.node.id] },
    );
    expect(await h.unreferenced.execute(h.lab, 'TELSIP_STACK')).to.deep.equal([]);
  });

  it('shows an object with its descendants as a tree, each reached through a slot', async () => {
    const graph = await seedNodeGraph(h);
    const tree = await h.tree.execute(h.lab, graph.node.id);
    expect(tree.object.id).to.equal(graph.node.id);
    expect(tree.children.map((c) => [c.via, c.object.displayName])).to.deep.equal([
      ['sipUserAgentId', 'carrier user agent'],
      ['transportConnectionIds', 'carrier trunk'],
    ]);
    const transport = tree.children[0]!.children[0]!;
    expect(transport.object.id).to.equal(graph.transport.id);
    expect(transport.children.map((c) => c.object.sort)).to.deep.equal(['IN_STACK', 'INS_STACK']);
  });

  it('walks cycles and shared children safely: an object met again is shown unexpanded', async () => {
    const a = await h.seed('CS_CONDITION', 'a');
    const b = await h.seed('CS_CONDITION', 'b', {}, { operandIds: [a.id] });
    await h.setObject.execute(h.lab, a.id, () => ({ parameters: {}, references: { operandIds: [b.id] } }));
    const tree = await h.tree.execute(h.lab, a.id);
    expect(tree.children[0]!.object.id).to.equal(b.id);
    expect(tree.children[0]!.children[0]).to.include({ repeated: true });
    expect(tree.children[0]!.children[0]!.object.id).to.equal(a.id);
    expect(tree.children[0]!.children[0]!.children).to.deep.equal([]);
  });

  it('lists the descendants of one sort, nearest first, without the object itself', async () => {
    const graph = await seedNodeGraph(h);
    expect((await h.subTree.execute(h.lab, graph.node.id, 'IN_STACK')).map((o) => o.id)).to.deep.equal([
      graph.controller.id,
    ]);
    expect((await h.subTree.execute(h.lab, graph.node.id, 'SIPAUTH_STACK')).map((o) => o.id)).to.deep.equal([
      graph.credentials.id,
    ]);
    expect(await h.subTree.execute(h.lab, graph.node.id, 'TELSIP_STACK')).to.deep.equal([]);
    expect(
      (await failure(() => h.subTree.execute(h.lab, '00000000-0000-4000-8000-000000000404', 'IN_STACK'))).kind,
    ).to.equal('not_found');
  });
});

export function routeDefaults(): Record<string, unknown> {
  return {
    id: '',
    displayName: 'route',
    enabled: true,
    establishment: { action: 'ACCEPT', routingTargets: [] },
    filters: [],
  };
}
