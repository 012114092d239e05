import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { ConfigObject } from '../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import { IndexedGraph, resolveObject } from '../../../src/contexts/configuration/graph/domain/GraphView.js';

const NODE_A = '00000000-0000-4000-8000-00000000000a';
const NODE_B = '00000000-0000-4000-8000-00000000000b';
const DOMAIN = '00000000-0000-4000-8000-0000000000d0';

function graph(): IndexedGraph {
  return new IndexedGraph([
    ConfigObject.create(DEFAULT_LAB, { id: NODE_B, sort: 'TELSIP_STACK', displayName: 'alpha' }),
    ConfigObject.create(DEFAULT_LAB, { id: NODE_A, sort: 'TELSIP_STACK', displayName: 'beta' }),
    ConfigObject.create(DEFAULT_LAB, {
      id: DOMAIN,
      sort: 'TELRT_STACK',
      displayName: 'beta',
      references: { sourceNodeIds: [NODE_A, NODE_B] },
    }),
  ]);
}

describe('GraphView (the working graph in memory)', () => {
  it('lists a sort by display name and several sorts by sort first', () => {
    const view = graph();
    expect(view.ofSort('TELSIP_STACK').map((o) => o.displayName)).to.deep.equal(['alpha', 'beta']);
    expect(view.ofSorts(['TELSIP_STACK', 'TELRT_STACK']).map((o) => o.sort)).to.deep.equal([
      'TELRT_STACK',
      'TELSIP_STACK',
      'TELSIP_STACK',
    ]);
    expect(view.ofSort('HTTP_SERVER')).to.deep.equal([]);
    expect(view.size).to.equal(3);
  });

  it('finds referrers and display names per sort', () => {
    const view = graph();
    expect(view.referrersOf(NODE_A).map((o) => o.id)).to.deep.equal([DOMAIN]);
    expect(view.referrersOf(DOMAIN)).to.deep.equal([]);
    expect(view.byDisplayName('TELRT_STACK', 'beta')?.id).to.equal(DOMAIN);
    expect(view.byDisplayName('TELSIP_STACK', 'beta')?.id).to.equal(NODE_A);
  });

  it('patches into a new graph and leaves the old one as it was', () => {
    const view = graph();
    const renamed = view.get(NODE_A)!.copy();
    renamed.rename('gamma');
    const next = view.patched([renamed], [NODE_B]);
    expect(next.ofSort('TELSIP_STACK').map((o) => o.displayName)).to.deep.equal(['gamma']);
    expect(view.get(NODE_A)!.displayName).to.equal('beta');
    expect(view.get(NODE_B)).to.not.equal(undefined);
  });

  it('resolves by either id shape or by display name, within the sorts asked for', () => {
    const view = graph();
    expect(resolveObject(view, NODE_A, ['TELSIP_STACK'], 'Node').displayName).to.equal('beta');
    expect(resolveObject(view, NODE_A.replace(/-/g, '').toUpperCase(), ['TELSIP_STACK'], 'Node').id).to.equal(NODE_A);
    expect(resolveObject(view, 'alpha', ['TELSIP_STACK'], 'Node').id).to.equal(NODE_B);
    expect(() => resolveObject(view, DOMAIN, ['TELSIP_STACK'], 'Node'))
      .to.throw(DomainError)
      .with.property('code', 'NODE_NOT_FOUND');
    expect(() => resolveObject(view, 'nobody', ['TELSIP_STACK'], 'Node'))
      .to.throw(DomainError)
      .with.property('kind', 'not_found');
  });
});
