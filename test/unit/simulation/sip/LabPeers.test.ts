import { expect } from 'chai';
import type { PlanNode, PlanPeerWhitelist } from '../../../../src/contexts/configuration/index.js';
import { LabPeers } from '../../../../src/contexts/simulation/sip/infrastructure/LabPeers.js';
import { handPlan, planNode } from '../../../support/simulation/handPlan.js';

const LAN: PlanPeerWhitelist = {
  id: 'lan',
  displayName: 'LAN',
  entries: [{ host: '192.0.2.0', prefixLength: 24, nameAddress: undefined }],
  ownSubnet: undefined,
};

function guarded(id: string, sip: PlanPeerWhitelist | undefined, media: PlanPeerWhitelist | undefined): PlanNode {
  const base = planNode(id);
  return { ...base, sip: { ...base.sip, peers: { sip, media } } };
}

const refusal = (answered: boolean) => ({
  remote: { transport: 'UDP' as const, host: '198.51.100.1', port: 5060 },
  local: { transport: 'UDP' as const, host: '127.0.0.1', port: 5070 },
  what: 'datagram' as const,
  answered,
});

describe("a lab's nodes' whitelists as its listeners and relays apply them (LabPeers)", () => {
  it('answers per node: heard, or what the setting says for outsiders; a node without a whitelist hears everyone', () => {
    const peers = new LabPeers();
    peers.follow(handPlan([guarded('pbx', LAN, LAN), guarded('open', undefined, undefined)], []));
    expect(peers.admitSip('pbx', '192.0.2.77', 'drop')).to.equal('accept');
    expect(peers.admitSip('pbx', '198.51.100.1', 'drop')).to.equal('drop');
    expect(peers.admitSip('pbx', '198.51.100.1', 'forbid')).to.equal('forbid');
    expect(peers.admitSip('open', '198.51.100.1', 'drop')).to.equal('accept');
    expect(peers.admitSip('unknown', '198.51.100.1', 'drop'), 'a node the plans never had').to.equal('accept');
  });

  it('counts refusals per node and in all; a commit changes the whitelist at once and keeps the counts', () => {
    const peers = new LabPeers();
    peers.follow(handPlan([guarded('pbx', LAN, LAN)], []));
    peers.refusedSip('pbx', refusal(false));
    peers.refusedSip('pbx', refusal(true));
    expect(peers.admitsMedia('pbx', '198.51.100.1')).to.equal(false);
    expect(peers.admitsMedia('pbx', '192.0.2.1')).to.equal(true);
    expect(peers.list().map((n) => n.refusals)).to.deep.equal([{ sip: 2, answered: 1, rtp: 1 }]);
    peers.follow(handPlan([guarded('pbx', undefined, LAN), guarded('new', LAN, undefined)], []));
    expect(peers.admitSip('pbx', '198.51.100.1', 'drop'), 'its whitelist is gone').to.equal('accept');
    expect(
      peers.list().map((n) => `${n.nodeId} ${n.sip.enforced} ${n.media.enforced} ${n.refusals.sip}`),
    ).to.deep.equal(['pbx false true 2', 'new true false 0']);
    expect(peers.totals).to.deep.equal({ sip: 2, answered: 1, rtp: 1 });
  });
});
