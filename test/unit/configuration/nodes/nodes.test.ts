import { expect } from 'chai';
import { DomainError } from '../../../../src/shared/domain/DomainError.js';
import { Node, type NodeState } from '../../../../src/contexts/configuration/nodes/domain/Node.js';
import { NodeMapper } from '../../../../src/contexts/configuration/nodes/domain/NodeMapper.js';
import { NODE_OBJECT_TYPES } from '../../../../src/contexts/configuration/nodes/domain/NodeSubTree.js';
import { planNodeRemoval } from '../../../../src/contexts/configuration/nodes/domain/NodeRemoval.js';
import { ProfileCatalog } from '../../../../src/contexts/configuration/profiles/domain/ProfileCatalog.js';
import { ObjectRules } from '../../../../src/contexts/configuration/graph/domain/ObjectRules.js';
import { COLLAB_DIRECT_ROUTING, GENERIC_PBX, NodesHarness, TELEKOM_DE } from './NodesHarness.js';

const STATE: NodeState = {
  id: '00000000-0000-4000-8000-000000000001',
  sort: 'TELSIP_STACK',
  displayName: 'pbx',
  enabled: true,
  connectivity: undefined,
  userAgent: { id: '00000000-0000-4000-8000-000000000002', overrideHostname: '' },
  transport: {
    id: '00000000-0000-4000-8000-000000000003',
    udpTcpPort: 5060,
    tlsPort: 5061,
    networkControllerId: 'nc',
    networkSecurityProfileId: '',
  },
  tenant: undefined,
};

function thrown(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe('the Node entity', () => {
  it('moves a port only to a free one in range, naming the holder, and says whether anything changed', () => {
    const node = new Node(STATE);
    expect(node.setPort('udpTcpPort', 5060, () => undefined)).to.equal(false);
    expect(thrown(() => node.setPort('udpTcpPort', 0, () => undefined))).to.include({
      code: 'INVALID_PORT',
      kind: 'invalid',
    });
    expect(thrown(() => node.setPort('tlsPort', 65536, () => undefined)).details[0]!.field).to.equal('tlsPort');
    expect(thrown(() => node.setPort('udpTcpPort', 5061, () => undefined))).to.include({
      code: 'PORT_IN_USE',
      kind: 'conflict',
    });
    const held = thrown(() => node.setPort('udpTcpPort', 5070, (port) => (port === 5070 ? "node 'other'" : undefined)));
    expect(held.message).to.contain("node 'other'");
    expect(node.transport.udpTcpPort).to.equal(5060);
    expect(node.setPort('udpTcpPort', 5080, () => undefined)).to.equal(true);
    expect(node.transport.udpTcpPort).to.equal(5080);
  });

  it('checks host names and refuses tenant settings on a node that is not a collaboration-platform node', () => {
    const node = new Node(STATE);
    expect(thrown(() => node.setOverrideHostname('bad host'))).to.include({ code: 'INVALID_HOSTNAME' });
    expect(node.setOverrideHostname('sbc.example.com')).to.equal(true);
    expect(node.setOverrideHostname('')).to.equal(true);
    expect(thrown(() => node.setTenantFqdn('a.example.com'))).to.include({
      code: 'NODE_NOT_COLLABORATION',
      kind: 'conflict',
    });
    expect(thrown(() => new Node({ ...STATE, transport: undefined }).transport)).to.include({
      code: 'NODE_HAS_NO_SIP_TRANSPORT',
    });
    expect(() => new Node({ ...STATE, displayName: ' ' })).to.throw(DomainError);
  });
});

describe('the node profiles', () => {
  it('have stable unique ids and are found by either id shape only', () => {
    const ids = [...ProfileCatalog.systemProfiles(), ...ProfileCatalog.providerProfiles()].map((p) => p.id);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(ProfileCatalog.systemProfile(GENERIC_PBX.replace(/-/g, '').toUpperCase()).displayName).to.equal(
      'Generic SIP PBX',
    );
    expect(thrown(() => ProfileCatalog.systemProfile('Generic SIP PBX'))).to.include({
      code: 'SYSTEM_PROFILE_NOT_FOUND',
    });
    expect(thrown(() => ProfileCatalog.providerProfile(GENERIC_PBX))).to.include({
      code: 'PROVIDER_PROFILE_NOT_FOUND',
    });
    for (const profile of ProfileCatalog.providerProfiles())
      expect(profile.regions.length, profile.displayName).to.be.greaterThan(0);
  });
});

describe('node use cases on the in-memory graph', () => {
  let h: NodesHarness;
  beforeEach(async () => {
    h = new NodesHarness();
    await h.installFactory();
  });

  it('a wizard stores a sub-graph every object of which satisfies the sort catalog, and the node first', async () => {
    for (const [profile, name, port] of [
      [GENERIC_PBX, 'pbx', 5060],
      [COLLAB_DIRECT_ROUTING, 'collab', 5070],
    ] as const) {
      const result = await h.addSystem.execute(h.lab, profile, {
        displayName: name,
        udpTcpPort: port,
        tlsPort: port + 1,
      });
      expect(result.created[0]!.id).to.equal(result.node.id);
    }
    await h.addProvider.execute(h.lab, TELEKOM_DE, {
      displayName: 'trunk',
      credentials: { username: 'u', password: 'p' },
      udpTcpPort: 5080,
      tlsPort: 5081,
    });
    await h.addRegistrar.execute(h.lab, { displayName: 'phones', udpTcpPort: 5090, tlsPort: 5091 });
    const graph = await h.graph();
    for (const object of graph.ofSorts([
      ...new Set((await h.unitOfWork.read(() => h.repository.list(h.lab))).map((o) => o.sort)),
    ])) {
      expect(
        ObjectRules.check(object.snapshot(), (id) => graph.get(id)?.sort),
        `${object.sort} ${object.displayName}`,
      ).to.deep.equal([]);
    }
    expect((await h.listNodes.execute(h.lab)).map((n) => `${n.sort} ${n.displayName}`)).to.deep.equal([
      'TELCOLLAB_STACK collab',
      'TELSIP_STACK pbx',
      'TELSIP_STACK phones',
      'TELSIP_STACK trunk',
    ]);
    expect(await h.status()).to.equal('modified');
  });

  it('a failed wizard stores nothing, and a change that changes nothing leaves the lifecycle state alone', async () => {
    await h.addSystem.execute(h.lab, GENERIC_PBX, { displayName: 'pbx', udpTcpPort: 5060, tlsPort: 5061 });
    const before = (await h.graph()).size;
    const error = await h.addSystem
      .execute(h.lab, GENERIC_PBX, { displayName: 'pbx 2', udpTcpPort: 5061 })
      .catch((e: unknown) => e as DomainError);
    expect(error).to.include({ code: 'PORT_IN_USE' });
    expect((await h.graph()).size).to.equal(before);
    const other = new NodesHarness();
    await other.installFactory();
    const seeded = await other.addSystem.execute(other.lab, GENERIC_PBX, { displayName: 'pbx', udpTcpPort: 5060 });
    const committedLike = await other.states.get(other.lab);
    committedLike.commit('c1', other.clock.now(), (await other.graph()).size);
    await other.states.save(committedLike);
    await other.setEnabled.execute(other.lab, seeded.node.id, true);
    await other.setPort.execute(other.lab, 'pbx', 'udpTcpPort', 5060);
    expect(await other.status()).to.equal('committed');
  });

  it('counts a port as taken on another controller with the same address, and free on one with another address', async () => {
    await h.addSystem.execute(h.lab, GENERIC_PBX, { displayName: 'pbx', udpTcpPort: 5060, tlsPort: 5061 });
    await h.seed('IN_STACK', 'eth0 alias', { ipAddress: '192.0.2.10' });
    await h.seed('IN_STACK', 'eth2', { ipAddress: '203.0.113.9' });
    const same = await h.addSystem
      .execute(h.lab, GENERIC_PBX, {
        displayName: 'alias pbx',
        networkControllerDisplayName: 'eth0 alias',
        udpTcpPort: 5061,
        tlsPort: 5070,
      })
      .then(
        () => undefined,
        (e: unknown) => e as DomainError,
      );
    expect(same).to.include({ code: 'PORT_IN_USE' });
    expect(same!.message).to.contain("node 'pbx'");
    const other = await h.addSystem.execute(h.lab, GENERIC_PBX, {
      displayName: 'eth2 pbx',
      networkControllerDisplayName: 'eth2',
      udpTcpPort: 5060,
      tlsPort: 5061,
    });
    expect(other.node.displayName).to.equal('eth2 pbx');
    const moved = await h.setPort.execute(h.lab, 'eth2 pbx', 'tlsPort', 5062);
    expect(moved.transport.tlsPort).to.equal(5062);
  });

  it('the mapper writes back exactly the objects the entity changed', async () => {
    const { node } = await h.addSystem.execute(h.lab, GENERIC_PBX, { displayName: 'pbx', udpTcpPort: 5060 });
    const graph = await h.graph();
    const entity = NodeMapper.read(graph, graph.get(node.id)!);
    expect(NodeMapper.write(graph, entity)).to.deep.equal([]);
    entity.setPort('tlsPort', 6000, () => undefined);
    const changed = NodeMapper.write(graph, entity);
    expect(changed.map((o) => o.sort)).to.deep.equal(['SIPST_STACK']);
    expect(changed[0]!.parameters['tlsPort']).to.equal(6000);
    expect(graph.get(changed[0]!.id)!.parameters['tlsPort']).to.not.equal(6000);
  });

  it('removal plans the node and its own wizard objects, not what it reused or what others use', async () => {
    const first = await h.addSystem.execute(h.lab, GENERIC_PBX, { displayName: 'pbx', udpTcpPort: 5060 });
    const domain = await h.seed('TELRT_STACK', 'domain', {}, { sourceNodeIds: [first.node.id] });
    let graph = await h.graph();
    expect(thrown(() => planNodeRemoval(graph, graph.get(first.node.id)!, false))).to.include({
      code: 'NODE_REFERENCED',
    });
    const plan = planNodeRemoval(graph, graph.get(first.node.id)!, true);
    expect([...plan.ids].sort()).to.deep.equal(first.created.map((o) => o.id).sort());
    expect(plan.dangling.map((o) => o.id)).to.deep.equal([domain.id]);
    // an object of the sub-graph someone else uses stays
    const transport = first.created.find((o) => o.sort === 'SIPST_STACK')!;
    await h.seed('TELSIPREG_REGISTRAR', 'registrar', {}, { sipTransportId: [transport.id] });
    graph = await h.graph();
    const kept = planNodeRemoval(graph, graph.get(first.node.id)!, true);
    expect(kept.ids).to.not.include(transport.id);
    await h.removeNode.execute(h.lab, 'pbx', true);
    expect((await h.graph()).get(transport.id)).to.not.equal(undefined);
    expect((await h.graph()).get(first.node.id)).to.equal(undefined);
  });

  it('knows every objectType of the specification, composites spelled as it spells them', () => {
    expect(NODE_OBJECT_TYPES).to.have.length(12 + 4 * 8 + 7);
    expect(NODE_OBJECT_TYPES).to.include.members([
      'mediaNegotiationQosProfile',
      'sipTransportNetworkController',
      'ipcClientDigitalIdentitiyAndTrust',
      'collabSbaSipTransport',
      'ipcClient',
    ]);
    expect(NODE_OBJECT_TYPES).to.not.include('ipcClientNetworkMapping');
  });

  it('answers sub-tree objects of a wizard node and 404 naming objectType for what it lacks', async () => {
    const { node, created } = await h.addSystem.execute(h.lab, GENERIC_PBX, { displayName: 'pbx', udpTcpPort: 5060 });
    expect((await h.subTree.execute(h.lab, node.id, 'sipNode')).id).to.equal(node.id);
    expect((await h.subTree.execute(h.lab, 'pbx', 'sipTransportNetworkPeerWhitelist')).id).to.equal(
      created.find((o) => o.sort === 'IN_FILTER')!.id,
    );
    expect((await h.subTree.execute(h.lab, 'pbx', 'mediaNegotiationQosProfile')).sort).to.equal('IN_QOS_STACK');
    const missing = await h.subTree.execute(h.lab, 'pbx', 'collabTenant').then(
      () => undefined,
      (e: unknown) => e as DomainError,
    );
    expect(missing).to.include({ code: 'SUB_TREE_OBJECT_NOT_FOUND', kind: 'not_found' });
    expect(missing!.details[0]!.field).to.equal('objectType');
  });
});

describe('the node sorts of the catalog', () => {
  it('give a SIP node its incoming and outgoing dial string rewriting, and every node sort an enabled flag defaulting to true', async () => {
    const { SortCatalog } = await import('../../../../src/contexts/configuration/graph/domain/catalog/SortCatalog.js');
    for (const slot of ['incomingDialStringRewritingId', 'outgoingDialStringRewritingId']) {
      expect(SortCatalog.slot('TELSIP_STACK', slot)).to.deep.include({
        targets: ['TEL_REWRITE_DOMAIN'],
        cardinality: 'one',
        required: false,
      });
    }
    for (const sort of [
      'TELSIP_STACK',
      'TELCOLLAB_STACK',
      'TELUCMA_STACK',
      'TELWEBRTC_STACK',
      'TELCAPIC_STACK',
      'TELCAPIS_STACK',
    ] as const) {
      expect(SortCatalog.parameter(sort, 'enabled'), sort).to.deep.include({ default: true });
    }
  });
});
