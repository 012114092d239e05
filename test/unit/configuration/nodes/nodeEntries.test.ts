import { expect } from 'chai';
import { GENERIC_PBX, NodesHarness } from './NodesHarness.js';

describe('the node listing (nodes/get) follows the working configuration', () => {
  let h: NodesHarness;

  beforeEach(async () => {
    h = new NodesHarness();
    await h.installFactory();
  });

  const names = async () => (await h.listNodes.entries(h.lab)).map((node) => node.displayName);

  it('lists what execute lists, by id and display name, and shows each node added or removed on the next read', async () => {
    await h.addSystem.execute(h.lab, GENERIC_PBX, { displayName: 'pbx-b', udpTcpPort: 5060, tlsPort: 5061 });
    expect(await names()).to.deep.equal(['pbx-b']);
    await h.addSystem.execute(h.lab, GENERIC_PBX, { displayName: 'pbx-a', udpTcpPort: 5070, tlsPort: 5071 });
    expect(await h.listNodes.entries(h.lab)).to.deep.equal(
      (await h.listNodes.execute(h.lab)).map((node) => ({ id: node.id, displayName: node.displayName })),
    );
    expect(await names()).to.deep.equal(['pbx-a', 'pbx-b']);
    await h.removeNode.execute(h.lab, 'pbx-b', true);
    expect(await names()).to.deep.equal(['pbx-a']);
  });

  it('answers one frozen list while nothing is written, so nobody can change what the next reader gets', async () => {
    await h.addSystem.execute(h.lab, GENERIC_PBX, { displayName: 'pbx', udpTcpPort: 5060, tlsPort: 5061 });
    const first = await h.listNodes.entries(h.lab);
    expect(await h.listNodes.entries(h.lab)).to.equal(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).to.equal(true);
    await h.setEnabled.execute(h.lab, 'pbx', false);
    expect(await h.listNodes.entries(h.lab)).to.not.equal(first);
  });
});
