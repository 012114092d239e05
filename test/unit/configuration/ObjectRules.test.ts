import { expect } from 'chai';
import {
  DEFAULT_COMMON,
  type ConfigObjectSnapshot,
} from '../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import type { ObjectSort } from '../../../src/contexts/configuration/graph/domain/ObjectSort.js';
import { ObjectRules } from '../../../src/contexts/configuration/graph/domain/ObjectRules.js';
import { reassignCollidingSipPorts } from '../../../src/contexts/configuration/graph/domain/SipPortAllocation.js';
import { cloneName } from '../../../src/contexts/configuration/objects/application/cloneName.js';

const NC = '00000000-0000-4000-8000-0000000000aa';
const NC2 = '00000000-0000-4000-8000-0000000000ab';
const NODE = '00000000-0000-4000-8000-0000000000bb';
const SELF = '00000000-0000-4000-8000-0000000000cc';
const GRAPH = new Map<string, ObjectSort>([
  [NC, 'IN_STACK'],
  [NC2, 'IN_STACK'],
  [NODE, 'TELSIP_STACK'],
]);

function object(
  sort: ObjectSort,
  parameters: ConfigObjectSnapshot['parameters'],
  references: ConfigObjectSnapshot['references'],
  id = SELF,
): ConfigObjectSnapshot {
  return {
    id,
    sort,
    displayName: 'x',
    ...ObjectRules.complete(sort, undefined, parameters, references),
    common: DEFAULT_COMMON,
    note: '',
    metadata: {},
    version: 0,
  };
}

function problems(snapshot: ConfigObjectSnapshot): string[] {
  return ObjectRules.check(snapshot, (id) => GRAPH.get(id)).map((d) => `${d.field}: ${d.rule}`);
}

describe('object rules', () => {
  it('accept a complete object whose references exist and have an allowed sort', () => {
    expect(problems(object('SIPST_STACK', {}, { networkControllerId: [NC] }))).to.deep.equal([]);
  });

  it('refuse values out of range, unknown parameters and unknown slots', () => {
    const snapshot = object('SIPST_STACK', { udpTcpPort: 70000, speed: 'fast' }, { networkControllerId: [NC] });
    const withSlot = { ...snapshot, references: { ...snapshot.references, friends: [NC] } };
    expect(problems(withSlot)).to.deep.equal(['speed: unknown', 'udpTcpPort: port', 'friends: unknown']);
  });

  it('refuse missing, wrong-sort, self and surplus references, and an empty required slot', () => {
    expect(problems(object('SIPST_STACK', {}, {}))).to.deep.equal(['networkControllerId: required']);
    expect(
      problems(object('SIPST_STACK', {}, { networkControllerId: ['00000000-0000-4000-8000-000000000404'] })),
    ).to.deep.equal(['networkControllerId: exists']);
    expect(problems(object('SIPST_STACK', {}, { networkControllerId: [NODE] }))).to.deep.equal([
      'networkControllerId: sort',
    ]);
    expect(problems(object('SIPST_STACK', {}, { networkControllerId: [NC, NC2] }))).to.deep.equal([
      'networkControllerId: cardinality',
    ]);
    expect(problems(object('CS_CONDITION', {}, { operandIds: [SELF] }))).to.deep.equal(['operandIds[0]: self']);
  });

  it('check reference fields inside records against the graph, naming their path', () => {
    const route = {
      displayName: 'r',
      establishment: { action: 'ACCEPT', routingTargets: [{ destinationNodeId: NC, routingForwardProfileId: '' }] },
    };
    const snapshot = object('TELRT_STACK', { routes: [route].map((r) => ({ ...defaults(), ...r })) }, {});
    expect(snapshot.references).to.deep.equal({ routeNodeIds: [NC] });
    expect(problems(snapshot)).to.deep.equal(['routes[0].establishment.routingTargets[0].destinationNodeId: sort']);
  });

  it('complete: current values survive, given ones win, derived slots follow the parameters', () => {
    const current = object('SIPST_STACK', { udpTcpPort: 5070 }, { networkControllerId: [NC], qosProfileId: [NC2] });
    const next = ObjectRules.complete('SIPST_STACK', current, { tlsPort: 5071 }, { qosProfileId: [] });
    expect(next.parameters).to.include({ udpTcpPort: 5070, tlsPort: 5071 });
    expect(next.references).to.deep.equal({ networkControllerId: [NC] });
  });
});

describe('SIP port reassignment', () => {
  const transport = (id: string, udpTcpPort: number, tlsPort: number, controller = NC, tlsEnabled = true) =>
    object('SIPST_STACK', { udpTcpPort, tlsPort, tlsEnabled }, { networkControllerId: [controller] }, id);

  it("moves a movable transport's colliding ports to the next free ones on the same controller", () => {
    const fixed = transport('00000000-0000-4000-8000-000000000001', 5060, 5061);
    const moving = transport('00000000-0000-4000-8000-000000000002', 5060, 5061);
    const { updated, moves } = reassignCollidingSipPorts([fixed, moving], [moving.id]);
    expect(moves.map((m) => `${m.parameter} ${m.from}->${m.to}`)).to.deep.equal([
      'udpTcpPort 5060->5062',
      'tlsPort 5061->5063',
    ]);
    expect(updated.get(moving.id)!.parameters).to.include({ udpTcpPort: 5062, tlsPort: 5063 });
  });

  it("never moves a port onto the transport's own other port, nor moves a port that only it holds", () => {
    const fixed = transport('00000000-0000-4000-8000-000000000001', 5060, 5061, NC, false);
    const moving = transport('00000000-0000-4000-8000-000000000002', 5060, 5061);
    const { updated, moves } = reassignCollidingSipPorts([fixed, moving], [moving.id]);
    expect(moves.map((m) => `${m.parameter} ${m.from}->${m.to}`)).to.deep.equal(['udpTcpPort 5060->5062']);
    expect(updated.get(moving.id)!.parameters).to.include({ udpTcpPort: 5062, tlsPort: 5061 });
  });

  it('leaves transports on other controllers, disabled listeners and non-colliding ports alone', () => {
    const fixed = transport('00000000-0000-4000-8000-000000000001', 5060, 5061, NC, false);
    const other = transport('00000000-0000-4000-8000-000000000002', 5060, 5061, NC2);
    const moving = transport('00000000-0000-4000-8000-000000000003', 5070, 5061);
    const { moves } = reassignCollidingSipPorts([fixed, other, moving], [other.id, moving.id]);
    expect(moves).to.deep.equal([]);
  });
});

describe('clone names', () => {
  it('append the clone comment, counting up while the name is taken', () => {
    const taken = new Set(['edge (copy)', 'edge (copy 2)']);
    expect(cloneName('edge', 'copy', (n) => taken.has(n))).to.equal('edge (copy 3)');
    expect(cloneName('edge', undefined, () => false)).to.equal('edge (clone)');
    expect(cloneName('x'.repeat(255), 'copy', () => false)).to.have.length(255);
  });
});

function defaults(): Record<string, unknown> {
  return { id: '', enabled: true, establishment: { action: 'ACCEPT', routingTargets: [] }, filters: [] };
}
