import { expect } from 'chai';
import { MediaPortPool, RtpRelay } from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import { Endpoint, freeRange, hangUp, phone, rtpPacket } from './mediaHarness.js';

describe("RtpRelay: a side's new peer (a transfer's target in the transferor's place)", () => {
  it('latches the target, never the transferor it replaces that still sends a moment', async () => {
    const pools: [MediaPortPool, MediaPortPool] = [
      new MediaPortPool('127.0.0.1', await freeRange(4)),
      new MediaPortPool('127.0.0.1', await freeRange(4)),
    ];
    const [caller, transferor, target] = [await phone(), await phone(), await Endpoint.open()];
    const r = await RtpRelay.open(pools, { timeoutMs: 0 }, { timeout: () => undefined });
    try {
      r.setRemote(0, caller.rtp.address);
      r.setRemote(1, transferor.rtp.address);
      await transferor.rtp.send(rtpPacket({ seq: 1, timestamp: 0 }), r.local(1));
      await caller.rtp.nth(1);
      r.setRemote(1, target.address, true);
      // the transferor's packet after the target's answer, then the target's: the target is the side's peer
      await transferor.rtp.send(rtpPacket({ seq: 2, timestamp: 160, marker: 66 }), r.local(1));
      await target.send(rtpPacket({ seq: 1, timestamp: 0, marker: 7 }), r.local(1));
      expect((await caller.rtp.nth(2)).packet[12]).to.equal(7);
      await caller.rtp.send(rtpPacket({ seq: 1, timestamp: 0 }), r.local(0));
      await target.nth(1);
      expect([r.remote(1), transferor.rtp.received.length]).to.deep.equal([target.address, 0]);
    } finally {
      r.close();
      hangUp(caller, transferor);
      target.close();
    }
  });
});
