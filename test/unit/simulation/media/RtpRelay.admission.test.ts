import dgram from 'node:dgram';
import { expect } from 'chai';
import { MediaPortPool, RtpRelay } from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import { PeerWhitelist } from '../../../../src/contexts/simulation/sip/domain/PeerWhitelist.js';
import { freeRange, hangUp, phone, rtcpPacket, rtpPacket, type Phone } from './mediaHarness.js';

/** A socket on 127.0.0.2: another host as far as the relay can tell (Linux answers the whole of 127.0.0.0/8). */
async function stranger(): Promise<dgram.Socket> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.2', () => resolve());
  });
  return socket;
}

function send(socket: dgram.Socket, packet: Buffer, to: { host: string; port: number }): Promise<void> {
  return new Promise((resolve, reject) =>
    socket.send(packet, to.port, to.host, (error) => (error ? reject(error) : resolve())),
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("RtpRelay: a side hears its node's media whitelist (admitFrom)", () => {
  let pools: [MediaPortPool, MediaPortPool];
  const relays: RtpRelay[] = [];
  const phones: Phone[] = [];
  const sockets: dgram.Socket[] = [];
  beforeEach(async () => {
    pools = [new MediaPortPool('127.0.0.1', await freeRange(8)), new MediaPortPool('127.0.0.1', await freeRange(8))];
  });
  afterEach(() => {
    for (const relay of relays.splice(0)) relay.close();
    hangUp(...phones.splice(0));
    for (const socket of sockets.splice(0)) socket.close();
  });

  it('drops RTP and RTCP from a source outside the whitelist, counts it, and never latches on it', async () => {
    const [caller, called] = [await phone(), await phone()];
    phones.push(caller, called);
    const outsider = await stranger();
    sockets.push(outsider);
    const relay = await RtpRelay.open(pools, { timeoutMs: 0 }, { timeout: () => undefined });
    relays.push(relay);
    const whitelist = PeerWhitelist.of({
      id: 'w',
      displayName: 'media peers',
      entries: [{ host: '127.0.0.1', prefixLength: 32, nameAddress: undefined }],
      ownSubnet: undefined,
    });
    const refused: string[] = [];
    for (const side of [0, 1] as const)
      relay.admitFrom(side, (host) => {
        const ok = whitelist.accepts(host);
        if (!ok) refused.push(`${side} ${host}`);
        return ok;
      });
    relay.setRemote(0, caller.rtp.address);
    relay.setRemote(1, called.rtp.address);

    // the stranger speaks first, on both sides, RTP and RTCP: nothing crosses, nothing is latched
    await send(outsider, rtpPacket({ seq: 1, timestamp: 160 }), relay.local(0));
    await send(outsider, rtpPacket({ seq: 1, timestamp: 160 }), relay.local(1));
    await send(outsider, rtcpPacket(), { host: '127.0.0.1', port: relay.local(0).port + 1 });
    await settle();
    expect(refused.sort()).to.deep.equal(['0 127.0.0.2', '0 127.0.0.2', '1 127.0.0.2']);
    expect(called.rtp.received.length + caller.rtp.received.length + called.rtcp.received.length).to.equal(0);
    expect(relay.counters(0).packetsReceived).to.equal(0);
    expect(relay.remote(0), 'still the address the SDP named').to.deep.equal(caller.rtp.address);

    // the caller, inside the whitelist, is relayed and latched
    await caller.rtp.send(rtpPacket({ seq: 2, timestamp: 320 }), relay.local(0));
    expect((await called.rtp.nth(1)).from).to.deep.equal(relay.local(1));
    expect(relay.counters(0).packetsReceived).to.equal(1);
  });

  it('a relay that does not latch asks the whitelist for every packet', async () => {
    const [caller, called] = [await phone(), await phone()];
    phones.push(caller, called);
    const outsider = await stranger();
    sockets.push(outsider);
    const relay = await RtpRelay.open(pools, { timeoutMs: 0, latch: false }, { timeout: () => undefined });
    relays.push(relay);
    let asked = 0;
    relay.admitFrom(0, (host) => {
      asked += 1;
      return host === '127.0.0.1';
    });
    relay.setRemote(1, called.rtp.address);
    await send(outsider, rtpPacket({ seq: 1, timestamp: 160 }), relay.local(0));
    await caller.rtp.send(rtpPacket({ seq: 2, timestamp: 320 }), relay.local(0));
    await caller.rtp.send(rtpPacket({ seq: 3, timestamp: 480 }), relay.local(0));
    await called.rtp.nth(2);
    await settle();
    expect(called.rtp.received).to.have.length(2);
    expect(asked).to.equal(3);
  });
});
