import { expect } from 'chai';
import { Route } from '../../../../src/contexts/configuration/routing/domain/Route.js';
import { RoutingDomain } from '../../../../src/contexts/configuration/routing/domain/RoutingDomain.js';
import { RoutingDomainMapper } from '../../../../src/contexts/configuration/routing/domain/RoutingDomainMapper.js';
import { failure, seedNodeGraph } from '../support/ObjectsHarness.js';
import { RoutingHarness, routeTo } from './routingHarness.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

describe('a routing domain', () => {
  it('keeps each source node once; set adds to them (the union)', () => {
    const domain = RoutingDomain.create('00000000-0000-4000-8000-0000000000d0', ' main ', [A, B, A]);
    expect(domain.displayName).to.equal('main');
    expect(domain.sourceNodeIds).to.deep.equal([A, B]);
    domain.addSourceNodes([C, A]);
    expect(domain.sourceNodeIds).to.deep.equal([A, B, C]);
  });

  it('refuses a blank name and a second route with the same id', () => {
    expect(() => RoutingDomain.create(A, '  ', []))
      .to.throw()
      .with.property('code', 'DISPLAY_NAME_REQUIRED');
    const domain = RoutingDomain.create(A, 'd', []);
    domain.addRoute('establishment', Route.of({ ...routeTo(B), id: C }));
    expect(() => domain.addRoute('pathReplacement', Route.of({ ...routeTo(B), id: C })))
      .to.throw()
      .with.property('code', 'ROUTE_ID_DUPLICATE');
    expect(domain.routesOf('establishment')).to.have.length(1);
    expect(domain.routesOf('pathReplacement')).to.have.length(0);
  });

  it('maps to a TELRT_STACK object and back unchanged, the derived slots computed from the routes', async () => {
    const h = new RoutingHarness();
    const domain = RoutingDomain.create(A, 'mapped', [B]);
    const route = { ...routeTo(C), id: '00000000-0000-4000-8000-0000000000e1' };
    domain.addRoute('pathReplacement', Route.of({ ...route, filters: [{ sourceNodeIds: [B] }] }));
    const object = RoutingDomainMapper.toObject(h.lab, domain, undefined);
    expect(object.sort).to.equal('TELRT_STACK');
    expect(object.references).to.deep.equal({ sourceNodeIds: [B], routeNodeIds: [C], routeFilterNodeIds: [B] });
    expect(RoutingDomainMapper.fromObject(object).snapshot()).to.deep.equal(domain.snapshot());
    const renamed = RoutingDomainMapper.fromObject(object);
    renamed.rename('other');
    const again = RoutingDomainMapper.toObject(h.lab, renamed, object);
    expect(again.id).to.equal(object.id);
    expect(again.displayName).to.equal('other');
    expect(again.parameters).to.deep.equal(object.parameters);
  });
});

describe('routing domain use cases', () => {
  let h: RoutingHarness;
  let from: string;
  let to: string;

  beforeEach(async () => {
    h = new RoutingHarness();
    from = (await seedNodeGraph(h, 'pbx', 5060)).node.id;
    to = (await seedNodeGraph(h, 'carrier', 5070)).node.id;
  });

  it('add stores a TELRT_STACK the objects view reads; list answers it from the reader', async () => {
    const domain = await h.addDomain.execute(h.lab, {
      displayName: 'main',
      sourceNodes: [from.replace(/-/g, '').toUpperCase()],
    });
    const stored = (await h.find(domain.id))!;
    expect(stored.sort).to.equal('TELRT_STACK');
    expect(stored.references['sourceNodeIds']).to.deep.equal([from]);
    expect((await h.listDomains.execute(h.lab)).map((d) => d.snapshot())).to.deep.equal([domain.snapshot()]);
    expect(await h.status()).to.equal('modified');
  });

  it('add refuses unknown nodes, non-ids and taken names, storing nothing', async () => {
    await h.addDomain.execute(h.lab, { displayName: 'taken', sourceNodes: [] });
    const before = await h.state();
    expect(
      await failure(() => h.addDomain.execute(h.lab, { displayName: 'x', sourceNodes: [from, C] })),
    ).to.deep.include({ code: 'NODE_NOT_FOUND', kind: 'not_found' });
    expect(
      (await failure(() => h.addDomain.execute(h.lab, { displayName: 'x', sourceNodes: ['nope'] }))).details[0]!.field,
    ).to.equal('sourceNodes[0]');
    expect((await failure(() => h.addDomain.execute(h.lab, { displayName: 'taken', sourceNodes: [] }))).code).to.equal(
      'DISPLAY_NAME_TAKEN',
    );
    expect(await h.state()).to.deep.equal(before);
  });

  it('routes are added with a new id, listed in order per mode, and checked against the graph', async () => {
    const domain = await h.addDomain.execute(h.lab, { displayName: 'routes', sourceNodes: [from] });
    const first = await h.addRoute.execute(h.lab, 'routes', 'establishment', routeTo(to, 'first'));
    const second = await h.addRoute.execute(h.lab, domain.id, 'establishment', routeTo(from, 'second'));
    const transfer = await h.addRoute.execute(h.lab, domain.id, 'pathReplacement', routeTo(to, 'transfer'));
    expect(new Set([first.id, second.id, transfer.id]).size).to.equal(3);
    expect((await h.listRoutes.execute(h.lab, domain.id, 'establishment')).map((r) => r.displayName)).to.deep.equal([
      'first',
      'second',
    ]);
    expect((await h.listRoutes.execute(h.lab, 'routes', 'pathReplacement')).map((r) => r.id)).to.deep.equal([
      transfer.id,
    ]);
    expect((await h.find(domain.id))!.references['routeNodeIds']).to.deep.equal([to, from]);
    const before = await h.state();
    const failed = await failure(() =>
      h.addRoute.execute(h.lab, domain.id, 'establishment', {
        ...routeTo(to),
        establishment: { action: 'ACCEPT', routingTargets: [{ destinationNodeId: to, routingForwardProfileId: from }] },
      }),
    );
    expect(failed).to.deep.include({ code: 'ROUTING_FORWARD_PROFILE_NOT_FOUND' });
    expect(failed.details[0]!.field).to.equal('establishment.routingTargets[0].routingForwardProfileId');
    expect(
      (await failure(() => h.addRoute.execute(h.lab, 'no such domain', 'establishment', routeTo(to)))).code,
    ).to.equal('ROUTING_DOMAIN_NOT_FOUND');
    expect(await h.state()).to.deep.equal(before);
  });

  it('set makes the union of source nodes and renames; a set that changes nothing leaves the lifecycle alone', async () => {
    const domain = await h.addDomain.execute(h.lab, { displayName: 'd', sourceNodes: [from] });
    const set = await h.setDomain.execute(h.lab, 'd', { displayName: 'e', sourceNodes: [to] });
    expect(set.sourceNodeIds).to.deep.equal([from, to]);
    const committed = await h.configurationStates.get(h.lab);
    committed.commit('commit-1', h.clock.now(), 10);
    await h.configurationStates.save(committed);
    const version = (await h.find(domain.id))!.version;
    await h.setDomain.execute(h.lab, domain.id, { displayName: 'e', sourceNodes: [from] });
    expect((await h.find(domain.id))!.version).to.equal(version);
    expect(await h.status()).to.equal('committed');
  });

  it('remove is refused while referenced, naming the referrer, and removes otherwise', async () => {
    const domain = await h.addDomain.execute(h.lab, { displayName: 'gone', sourceNodes: [] });
    const core = await h.seed('TEL_STACK', 'core', {}, { defaultRoutingDomainId: [domain.id] });
    const refused = await failure(() => h.removeDomain.execute(h.lab, 'gone'));
    expect(refused.code).to.equal('ROUTING_DOMAIN_REFERENCED');
    expect(refused.details[0]!.message).to.contain(core.id).and.contain('defaultRoutingDomainId');
    await h.removeObject.execute(h.lab, core.id);
    expect((await h.removeDomain.execute(h.lab, domain.id)).id).to.equal(domain.id);
    expect(await h.find(domain.id)).to.equal(undefined);
  });
});

describe('routes stored without an id', () => {
  it('get one when the next route is added to their domain', async () => {
    const h = new RoutingHarness();
    const to = (await seedNodeGraph(h, 'carrier', 5070)).node.id;
    const domain = await h.addDomain.execute(h.lab, { displayName: 'd', sourceNodes: [] });
    const stored = (await h.find(domain.id))!.copy();
    stored.setParameter('routes', [{ ...Route.of({ ...routeTo(to, 'no id'), id: '' }).toRecord() }]);
    await h.unitOfWork.write(h.lab, () => h.repository.save(stored));
    expect((await h.listRoutes.execute(h.lab, domain.id, 'establishment'))[0]!.id).to.equal('');
    await h.addRoute.execute(h.lab, domain.id, 'establishment', routeTo(to, 'next'));
    const ids = (await h.listRoutes.execute(h.lab, domain.id, 'establishment')).map((r) => r.id);
    expect(ids).to.have.length(2);
    for (const id of ids) expect(id).to.match(/^[0-9a-f]{8}-/);
  });
});
