import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectAllPassed, runSipp, startSipp } from '../../support/sip/sipp.js';
import { sdpAddress, SipPhone, until } from '../../support/sip/sipPhone.js';
import { subTree } from '../../acceptance/configuration/nodesSupport.js';
import { sipTransportLab, type SipTransportIds } from './sipTransportSupport.js';
import { ask, closedAtOnce, nodePeers, request, setSip, UdpPeer } from './sipGuardSupport.js';

/** The address the tests call from as an outsider (the whitelist names another), and the one inside it. */
const OUTSIDE = '127.0.0.1';
const INSIDE = '127.0.0.2';

/**
 * A node hears the peers its network peer whitelist names, nobody else: the PBX node of the SIPp lab (calls go on to
 * the far PBX, whose peer is a UDP socket or a SIPp UAS on this machine) is given a whitelist of 127.0.0.2 alone;
 * 127.0.0.1 is then an outsider. Each test takes a few seconds.
 */
describe('a node hears its network peer whitelist only (real SIP)', function () {
  this.timeout(60_000);
  const lab = sipTransportLab();
  const { commit } = lab;
  let admin: ApiClient;
  let pbxPort: number;
  let uasPort: number;
  let ids: SipTransportIds;
  let whitelistId: string;

  before(async () => {
    ({ admin, pbxPort, uasPort, ids } = lab.state());
    whitelistId = (await subTree(admin, ids.pbx, 'sipTransportNetworkPeerWhitelist'))['id'] as string;
  });

  async function whitelist(entries: Array<{ host: string; subnetPrefixLength: number }>): Promise<void> {
    const set = await admin.put('/api/objects/set', {
      query: { id: whitelistId },
      json: { entries: entries.map((e) => ({ ipVersion: 'IN_ADDRESS_VERSION_4', dnsLookup: [], ...e })) },
    });
    expect(set.status, set.text).to.equal(200);
    await commit();
  }

  async function callsStarted(): Promise<number> {
    const traffic = await admin.get('/_sim/labs/default/traffic', { version: null });
    expect(traffic.status, traffic.text).to.equal(200);
    return traffic.json.counters?.started ?? 0;
  }

  it("names what each node hears: the PBX's whitelist names its PBX by name, heard on the loopback where the lab's peers stand in", async () => {
    const pbx = await nodePeers(admin, ids.pbx);
    expect(pbx.outsidePeers).to.equal('drop');
    expect(pbx.sip!.peers).to.have.length(1);
    expect(pbx.sip!.peers[0]).to.match(/^pbx\.example\.com: 203\.0\.113\.\d+\/32 .*and the loopback$/);
    expect(pbx.media, 'the media negotiation names the same whitelist').to.deep.equal(pbx.sip);
    expect(
      await ask(OUTSIDE, { host: '127.0.0.1', port: pbxPort }, 'OPTIONS'),
      'so SIPp on 127.0.0.1 is heard',
    ).to.deep.equal([200]);
  });

  it('a source outside the whitelist gets nothing through: no 100 Trying, no answer, no call, no INVITE at the far end; counted', async () => {
    await whitelist([{ host: INSIDE, subnetPrefixLength: 32 }]);
    const far = await UdpPeer.open('127.0.0.1', uasPort); // the far PBX's peer: anything routed would arrive here
    try {
      const before = { calls: await callsStarted(), refused: (await nodePeers(admin, ids.pbx)).refused.sip };
      const target = { host: '127.0.0.1', port: pbxPort };
      for (const method of ['INVITE', 'OPTIONS', 'REGISTER'])
        expect(await ask(OUTSIDE, target, method, 300), `${method} from ${OUTSIDE}`).to.deep.equal([]);
      expect(await closedAtOnce(OUTSIDE, target), 'a TCP connection is closed at once').to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(far.received, 'nothing reached the far end').to.deep.equal([]);
      expect(await callsStarted(), 'no call started').to.equal(before.calls);
      const pbx = await nodePeers(admin, ids.pbx);
      expect(pbx.sip!.peers).to.deep.equal(['127.0.0.2/32']);
      expect(pbx.refused.sip - before.refused, 'three datagrams and a connection').to.equal(4);
      expect(pbx.refused.answered).to.equal(0);
    } finally {
      await far.close();
    }
  });

  it("with outsidePeers 'forbid' the node answers 403 at once (statelessly, no 100 Trying) and still carries nothing", async () => {
    await setSip(admin, { outsidePeers: { [ids.pbx]: 'forbid' } });
    const far = await UdpPeer.open('127.0.0.1', uasPort);
    try {
      const outsider = await UdpPeer.open(OUTSIDE);
      const target = { host: '127.0.0.1', port: pbxPort };
      const invite = request('INVITE', outsider.local, target);
      await outsider.send(invite, target);
      await outsider.send(invite, target); // a retransmission: answered again, no transaction kept
      await new Promise((resolve) => setTimeout(resolve, 500));
      await outsider.close();
      expect(outsider.statuses()).to.deep.equal([403, 403]);
      expect(outsider.received[0]).to.match(/\r\nTo: <sip:4930123456@127\.0\.0\.1:\d+>;tag=/);
      expect(far.received).to.deep.equal([]);
      expect((await nodePeers(admin, ids.pbx)).refused.answered).to.equal(2);
    } finally {
      await far.close();
      await setSip(admin, { outsidePeers: {} });
    }
  });

  it('a source inside the whitelist is carried as before (SIPp calling from 127.0.0.2 reaches the far end)', async () => {
    const uas = await startSipp({ scenario: 'uas', localPort: uasPort, timeoutMs: 30_000 });
    try {
      const call = await runSipp({
        scenario: 'uac',
        remote: `127.0.0.1:${pbxPort}`,
        service: '4930123456',
        calls: 1,
        extra: ['-i', INSIDE],
        timeoutMs: 20_000,
      });
      expectAllPassed(call, 1);
    } finally {
      expect((await uas.stop()).successful, 'the far end took the call').to.equal(1);
    }
  });

  it("drops RTP from outside the node's media whitelist before it can take the call's media over, and counts it", async () => {
    await whitelist([{ host: '127.0.0.1', subnetPrefixLength: 32 }]);
    const uas = await startSipp({ scenario: 'uas', localPort: uasPort, timeoutMs: 30_000 });
    const phone = await SipPhone.open();
    const stranger = await UdpPeer.open(INSIDE); // 127.0.0.2: outside a whitelist of 127.0.0.1 alone
    try {
      const before = (await nodePeers(admin, ids.pbx)).refused.rtp;
      const call = phone.call({ transport: 'UDP', host: '127.0.0.1', port: pbxPort }, '4930123456');
      await until(() => call.final !== undefined, 'the call is answered', 10_000);
      expect(call.final!.status).to.equal(200);
      const relay = sdpAddress(call.answerSdp);
      const rtp = Buffer.alloc(172, 0xd5);
      rtp[0] = 0x80;
      rtp[1] = 8;
      for (let seq = 1; seq <= 5; seq += 1) {
        rtp.writeUInt16BE(seq, 2);
        await stranger.send(rtp.toString('latin1'), relay);
      }
      await until(
        async () => (await nodePeers(admin, ids.pbx)).refused.rtp - before === 5,
        "the stranger's five packets refused",
        5_000,
      );
      expect(await phone.hangUp(call)).to.equal(200);
    } finally {
      await stranger.close();
      await phone.close();
      await uas.stop();
    }
  });
});
