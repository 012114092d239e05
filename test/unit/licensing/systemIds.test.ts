import { expect } from 'chai';
import { systemIdsOf } from '../../../src/contexts/licensing/licenses/domain/SystemIds.js';

describe('system ids', () => {
  it('are stable per lab and differ between labs', () => {
    const ids = systemIdsOf('default' as never);
    expect(systemIdsOf('default' as never)).to.deep.equal(ids);
    expect(ids.map((s) => s.type)).to.deep.equal(['MACHINE', 'NETWORK_ADAPTER']);
    expect(ids[0]!.id).to.match(/^GW-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(ids[1]!.id).to.match(/^02(:[0-9A-F]{2}){5}$/);
    expect(systemIdsOf('other-lab' as never)[0]!.id).to.not.equal(ids[0]!.id);
  });
});
