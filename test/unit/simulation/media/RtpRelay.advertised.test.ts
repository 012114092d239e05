import { expect } from 'chai';
import { MediaPortPool, RtpRelay } from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import { freeRange, hangUp, phone, rtpPacket, type Phone } from './mediaHarness.js';

/**
 * A relay whose sockets bind a wildcard (GWSIM_SIP_HOST 0.0.0.0) names its sides at the address SIP advertises:
 * what anchorSdp writes in c= and o= is where peers can send, while the sockets stay bound where they are.
 */
describe('RtpRelay on pools bound to a wildcard', () => {
  let pools: MediaPortPool[] = [];
  let relay: RtpRelay | undefined;
  let phones: Phone[] = [];
  afterEach(() => {
    relay?.close();
    for (const pool of pools) pool.dispose();
    hangUp(...phones);
    [pools, phones, relay] = [[], [], undefined];
  });

  it("names each side at its pool's advertised address and relays what reaches it there", async () => {
    const [first, second] = (pools = [
      new MediaPortPool('0.0.0.0', await freeRange(8), { advertised: '127.0.0.1' }),
      new MediaPortPool('0.0.0.0', await freeRange(8), { advertised: '127.0.0.1' }),
    ]) as [MediaPortPool, MediaPortPool];
    expect([first.host, first.advertised]).to.deep.equal(['0.0.0.0', '127.0.0.1']);
    const [caller, called] = (phones = [await phone(), await phone()]) as [Phone, Phone];
    const r = (relay = await RtpRelay.open([first, second], { timeoutMs: 0 }, { timeout: () => undefined }));
    expect(r.local(0)).to.deep.equal({ host: '127.0.0.1', port: first.range.first });
    expect(r.local(1)).to.deep.equal({ host: '127.0.0.1', port: second.range.first });
    expect(() => r.setRemote(1, r.local(0)), 'its own advertised address would loop').to.throw(/own address/);
    r.setRemote(0, caller.rtp.address);
    r.setRemote(1, called.rtp.address);
    await caller.rtp.send(rtpPacket({ seq: 1, timestamp: 160 }), r.local(0));
    expect((await called.rtp.nth(1)).from.port).to.equal(r.local(1).port);
    await called.rtp.send(rtpPacket({ seq: 1, timestamp: 160 }), r.local(1));
    expect((await caller.rtp.nth(1)).from.port).to.equal(r.local(0).port);
    expect(r.counters(0)).to.deep.include({ packetsReceived: 1, packetsSent: 1 });
  });

  it('names a side at the bind address when no advertised address is given', async () => {
    const [first, second] = (pools = [
      new MediaPortPool('127.0.0.1', await freeRange(8)),
      new MediaPortPool('127.0.0.1', await freeRange(8)),
    ]) as [MediaPortPool, MediaPortPool];
    expect(first.advertised).to.equal('127.0.0.1');
    relay = await RtpRelay.open([first, second], { timeoutMs: 0 }, { timeout: () => undefined });
    expect(relay.local(0).host).to.equal('127.0.0.1');
  });
});
